#!/usr/bin/env node
// Automatic dispatch under load, against one instance on PGlite: DRIVERS simulated drivers (socket.io clients,
// signed in) send a position every 5 s (a 30 m step each time) and answer each offer they get (accept 4 in 5,
// decline the rest) over HTTP; riders book BOOKINGS_PER_S local rides a second for SECONDS (the operator is in
// automatic mode, offering at once). Measured: booking to first offer (from sending the booking to a driver's
// socket receiving `rideOffer`) p50/p99, positions handled per second and their acknowledgement p99, the server's
// event-loop delay p99 over the load (prom-client's, read from its metrics port: the read before the load resets
// it), and, from the database after the run, double assignments (a ride accepted twice, or a driver on two
// rides whose windows overlap): goal 0. Baseline in the same run: a bare socket.io server acknowledging the same
// positions from the same clients. The server and the baseline run on CPU 0, this load generator on CPU 1.
// The console's fleet map (/in/en/travel/map, signed in as the demo partner) is open in Debian's Chromium during
// the load, on the load generator's CPU: its frames (requestAnimationFrame intervals) and long tasks are measured,
// and the drivers it draws are counted (the sketch offline; the MapLibre map when MAP_STYLE_URL is reachable).
// Goals (issue 31): booking to first offer p99 < 1 s, every position handled, 0 double assignments, the map smooth
// with every driver moving every 5 s (frame p99 under 50 ms, no long task over 200 ms).
// Usage: node bench/dispatch.mjs [drivers=500] [bookingsPerSecond=20] [seconds=60] [database=pglite|postgres]
//   (BENCH_CPU_PROF=dir: the server's CPU profile; BENCH_MAP_PROF=file.cpuprofile: the fleet map page's CPU profile over
//   the load, from Chromium's DevTools protocol, summarised by `node bench/profile-summary.mjs file.cpuprofile`;
//   BENCH_MAP_TRACE=file.json: Chromium's timeline trace over the load, and the page's main-thread time per kind of
//   work, e.g. Layout, Paint, UpdateLayoutTree (style), FunctionCall (scripts), printed)
//   (BENCH_MAP=0: no browser; postgres: a throw-away PostgreSQL cluster on the server's CPU; BENCH_PG_STATS=1 with
//   postgres: the statements that took the most time in PostgreSQL; BENCH_PG_EXPLAIN=ms: the analyzed plans of statements
//   slower than that, in PostgreSQL's log, kept; BENCH_DRAIN=s with postgres: wait up to s seconds after the load for the
//   booking confirmations still queued and say when the last went)
import { execFileSync, spawn } from 'node:child_process';
import { io } from 'socket.io-client';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  atExit,
  freePort,
  launchServer,
  LOAD_CPU,
  pinned,
  queryStoredDatabase,
  requireBuild,
  topStatements,
  root,
  SERVER_CPU,
  startPostgres,
  stopChild,
} from './lib.mjs';
import { report } from './report.mjs';

/** Waits up to `seconds` for every booking confirmation (`ride-booked`) to be sent; says how long after `loadEnd` the last one went. */
async function drainMessages(seconds, loadEnd, databaseUrl) {
  if (!seconds || DATABASE !== 'postgres') return undefined;
  const pending = async () =>
    Number((await queryStoredDatabase('postgres', { databaseUrl }, `select count(*) as n from jobs where kind = 'ride-booked' and status <> 'done'`))[0].n);
  const until = performance.now() + seconds * 1000;
  let left = await pending();
  while (left > 0 && performance.now() < until) {
    await new Promise((r) => setTimeout(r, 1000));
    left = await pending();
  }
  const after = ((performance.now() - loadEnd) / 1000).toFixed(0);
  return left === 0 ? `all sent ${after} s after the last booking` : `${left} still queued ${after} s after the last booking`;
}

const DRIVERS = Number(process.argv[2] ?? 500);
const BOOKINGS_PER_S = Number(process.argv[3] ?? 20);
const SECONDS = Number(process.argv[4] ?? process.env.BENCH_DISPATCH_SECONDS ?? 60);
const DATABASE = process.argv[5] ?? 'pglite';
if (DATABASE !== 'pglite' && DATABASE !== 'postgres') {
  console.error(`Unknown database "${DATABASE}": use pglite or postgres.`);
  process.exit(2);
}
const POSITION_EVERY_MS = 5000;
const STEP_DEG = 0.00027;
// BENCH_PORT: the first of three ports to use (baseline, server, metrics); unset: free ports the kernel picks
const BASE_PORT = Number(process.env.BENCH_PORT ?? 0);
const port = async (i) => (BASE_PORT ? BASE_PORT + i : freePort());

requireBuild();

const pct = (xs, p) => {
  if (!xs.length) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const ms = (n) => (Number.isFinite(n) ? `${n.toFixed(1)} ms` : '—');

/** Connects every driver's socket; each sends a position every 5 s and records its acknowledgements. */
async function connectDrivers(origin, fleet, onOffer) {
  const acks = { ok: 0, ignored: 0, failed: 0, latencies: [] };
  const sockets = await Promise.all(
    fleet.map(
      (driver, i) =>
        new Promise((resolve, reject) => {
          const socket = io(origin, { transports: ['websocket'], forceNew: true, auth: { token: driver.token }, reconnection: false });
          socket.once('connect', () => resolve(socket));
          socket.once('connect_error', reject);
          socket.on('rideOffer', (offer) => onOffer(driver, offer, i));
        }),
    ),
  );
  let stopped = false;
  const timers = sockets.map((socket, i) => {
    const driver = fleet[i];
    let lat = driver.lat;
    let lng = driver.lng;
    // spread the drivers' 5 s ticks over the interval, as phones would be
    return setTimeout(function tick() {
      if (stopped) return;
      lat += (Math.random() - 0.5) * 2 * STEP_DEG;
      lng += (Math.random() - 0.5) * 2 * STEP_DEG;
      const sent = performance.now();
      socket.timeout(10_000).emit('driverLocation', { lat, lng, at: Date.now() }, (error, ack) => {
        if (error || !ack?.ok) acks.failed++;
        else if (ack.ignored) acks.ignored++;
        else acks.ok++;
        acks.latencies.push(performance.now() - sent);
      });
      timers[i] = setTimeout(tick, POSITION_EVERY_MS);
    }, Math.random() * POSITION_EVERY_MS);
  });
  return {
    acks,
    stop() {
      stopped = true;
      timers.forEach(clearTimeout);
      sockets.forEach((s) => s.disconnect());
    },
  };
}

/** The baseline: a bare socket.io server (same library) acknowledging positions, on the server's CPU. */
async function startBaseline(port) {
  const script = `
    import http from 'node:http';
    import { monitorEventLoopDelay } from 'node:perf_hooks';
    const { Server } = await import(${JSON.stringify(path.join(root, 'node_modules/socket.io/wrapper.mjs'))});
    const server = http.createServer((req, res) => {
      if (req.url === '/eld') { res.end(JSON.stringify({ p99: eld.percentile(99) / 1e6 })); eld.reset(); return; }
      res.end('ok');
    });
    const eld = monitorEventLoopDelay({ resolution: 10 }); eld.enable();
    const io = new Server(server);
    io.on('connection', (socket) => socket.on('driverLocation', (p, ack) => typeof ack === 'function' && ack({ ok: true })));
    server.listen(${port}, '127.0.0.1');`;
  const [cmd, args] = pinned(SERVER_CPU, process.execPath, ['--input-type=module', '-e', script]);
  const child = spawn(cmd, args, { stdio: 'inherit' });
  atExit(() => child.kill('SIGKILL'));
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  return { origin: `http://127.0.0.1:${port}`, stop: () => stopChild(child) };
}

const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p));

/**
 * Opens the console's fleet map in Chromium, signed in with the partner's session, and starts counting its frames
 * and long tasks; `read()` returns them and the drivers on the map. Null when there is no Chromium or BENCH_MAP=0.
 */
async function watchFleetMap(origin, token) {
  if (process.env.BENCH_MAP === '0') return null;
  if (!CHROMIUM) {
    process.stderr.write('no Chromium at /usr/bin/chromium: the fleet map is not measured (Debian: apt-get install chromium)\n');
    return null;
  }
  const { chromium } = await import('@playwright/test');
  // the browser inherits the bench's CPU (pinned to LOAD_CPU in main), away from the server
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  atExit(() => browser.close().catch(() => undefined));
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  // the session cookie is Secure (__Host-): Chromium sends it to localhost (a secure context) over http, but its
  // cookie API takes a __Host- cookie only for an https address; cookies do not depend on the port
  const site = origin.replace('127.0.0.1', 'localhost');
  await context.addCookies([{ name: '__Host-session', value: token, url: 'https://localhost/', httpOnly: true, sameSite: 'Lax' }]);
  const page = await context.newPage();
  const requests = new Map();
  let counting = false;
  page.on('request', (request) => {
    if (!counting) return;
    const pathname = new URL(request.url()).pathname;
    requests.set(pathname, (requests.get(pathname) ?? 0) + 1);
  });
  await page.goto(`${site}/in/en/travel/map`, { waitUntil: 'networkidle', timeout: 60_000 });
  await page.waitForSelector('[data-fleet-map]', { timeout: 30_000 });
  const profileFile = process.env.BENCH_MAP_PROF;
  const cdp = profileFile ? await context.newCDPSession(page) : null;
  const traceFile = process.env.BENCH_MAP_TRACE;
  const start = async () => {
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    counting = true;
    if (traceFile) await browser.startTracing(page, { path: traceFile, categories: ['devtools.timeline'] });
    await page.evaluate(() => {
      const w = window;
      w.__frames = [];
      w.__long = [];
      let last = performance.now();
      const tick = (now) => {
        w.__frames.push(now - last);
        last = now;
        if (!w.__stop) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      new PerformanceObserver((list) => list.getEntries().forEach((e) => w.__long.push(e.duration))).observe({ type: 'longtask' });
    });
  };
  const read = async () => {
    if (cdp) {
      const { profile } = await cdp.send('Profiler.stop');
      fs.writeFileSync(profileFile, JSON.stringify(profile));
      process.stderr.write(`the fleet map's CPU profile: ${profileFile}\n`);
    }
    if (traceFile) {
      await browser.stopTracing();
      process.stderr.write(`the fleet map's trace: ${traceFile}\n${mainThreadWork(JSON.parse(fs.readFileSync(traceFile, 'utf8')))}\n`);
    }
    const result = await page.evaluate(() => {
      const w = window;
      w.__stop = true;
      return {
        frames: w.__frames,
        long: w.__long,
        map: document.querySelector('[data-fleet-map]')?.getAttribute('data-fleet-map'),
        drawn: document.querySelectorAll('[data-fleet-map] circle[data-driver]').length,
      };
    });
    await browser.close();
    return { ...result, requests: [...requests].sort((a, b) => b[1] - a[1]) };
  };
  return { start, read };
}

/** The page's main-thread time per kind of top-level work in a Chromium trace (nested events are inside their parent's). */
function mainThreadWork(trace) {
  const events = trace.traceEvents ?? trace;
  const main = events.find(
    (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((f) => f.pid === e.pid && f.name === 'FunctionCall'),
  );
  if (!main) return 'no renderer main thread in the trace';
  const spans = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur).sort((a, b) => a.ts - b.ts);
  const byName = new Map();
  let end = 0;
  for (const e of spans) {
    // only the outermost events: a Layout inside a FunctionCall counts once, as the FunctionCall
    if (e.ts < end) continue;
    end = e.ts + e.dur;
    byName.set(e.name, (byName.get(e.name) ?? 0) + e.dur / 1000);
  }
  const nested = new Map();
  for (const e of spans)
    if (['Layout', 'UpdateLayoutTree', 'Paint', 'PrePaint', 'Layerize', 'ParseHTML', 'FunctionCall'].includes(e.name))
      nested.set(e.name, (nested.get(e.name) ?? 0) + e.dur / 1000);
  const list = (m) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([name, ms]) => `${name} ${Math.round(ms)} ms`)
      .join(', ');
  return `  main thread, outermost work: ${list(byName)}\n  every Layout, style, paint and script (nested too): ${list(nested)}`;
}

async function eventLoopP99FromMetrics(metricsPort) {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('nodejs_eventloop_lag_p99_seconds'));
  return line ? Number(line.split(' ')[1]) * 1000 : NaN;
}

async function main() {
  // this process (the drivers' and riders' clients) and the browser it launches run on the load generator's CPU
  execFileSync('taskset', ['-a', '-p', '-c', String(LOAD_CPU), String(process.pid)], { stdio: 'ignore' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-dispatch-'));
  atExit(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const seedFile = path.join(dataDir, 'seed.json');
  let databaseUrl = '';
  if (DATABASE === 'postgres') {
    const postgres = startPostgres(await freePort(), { cpu: SERVER_CPU });
    atExit(() => postgres.stop());
    databaseUrl = postgres.createDb(`dispatch_${process.pid}`);
  }
  process.stderr.write(`seeding ${DRIVERS} drivers…\n`);
  execFileSync('npx', ['tsx', 'bench/dispatch-seed.ts', String(DRIVERS), seedFile], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'error' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const seed = JSON.parse(fs.readFileSync(seedFile, 'utf8'));
  const fleet = seed.drivers;

  // the baseline first, with the same clients and the same 5 s rhythm, for a third of the run
  const baselinePort = await port(0);
  const baseline = await startBaseline(baselinePort);
  const bare = await connectDrivers(baseline.origin, fleet, () => undefined);
  await fetch(`${baseline.origin}/eld`);
  await new Promise((r) => setTimeout(r, Math.max(15, SECONDS / 3) * 1000));
  const bareEld = (await (await fetch(`${baseline.origin}/eld`)).json()).p99;
  const bareSeconds = Math.max(15, SECONDS / 3);
  bare.stop();
  await baseline.stop();

  const serverPort = await port(1);
  const metricsPort = await port(2);
  const server = await launchServer(serverPort, {
    dataDir,
    cpu: SERVER_CPU,
    env: { DATABASE_URL: databaseUrl, RATE_LIMITS: 'off', METRICS_PORT: String(metricsPort), JOB_POLL_MS: '1000' },
    // BENCH_CPU_PROF=dir: the server's CPU profile of the whole run, written there when it stops
    nodeArgs: process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [],
  });
  atExit(() => server.child.kill('SIGKILL'));
  const { origin } = server;
  // the place index loads a few seconds after start on PGlite: load it now, so it is not counted in the load
  await fetch(`${origin}/api/places/search?q=chen`);

  const offered = new Map();
  const booked = new Map();
  let answers = { accept: 0, decline: 0, refused: 0 };
  const onOffer = (driver, offer) => {
    const at = performance.now();
    if (!offered.has(offer.rideId)) offered.set(offer.rideId, at);
    const answer = Math.random() < 0.8 ? 'accept' : 'decline';
    fetch(`${origin}/api/driver/offers/${offer.rideId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${driver.token}` },
      body: JSON.stringify({ answer }),
    })
      .then((res) => (res.ok ? answers[answer]++ : answers.refused++))
      .catch(() => answers.refused++);
  };
  const drivers = await connectDrivers(origin, fleet, onOffer);
  const map = await watchFleetMap(origin, seed.partnerToken);
  await new Promise((r) => setTimeout(r, POSITION_EVERY_MS + 1000));
  await map?.start();
  Object.assign(drivers.acks, { ok: 0, ignored: 0, failed: 0, latencies: [] });
  answers = { accept: 0, decline: 0, refused: 0 };
  await eventLoopP99FromMetrics(metricsPort);

  process.stderr.write(`booking ${BOOKINGS_PER_S}/s for ${SECONDS} s with ${DRIVERS} drivers moving…\n`);
  const started = performance.now();
  const bookingLatencies = [];
  let bookingFailures = 0;
  // why bookings failed: HTTP status and error code, or the network error
  const failures = new Map();
  const failed = (why) => {
    bookingFailures++;
    failures.set(why, (failures.get(why) ?? 0) + 1);
  };
  let n = 0;
  await new Promise((resolve) => {
    const timer = setInterval(() => {
      if (performance.now() - started >= SECONDS * 1000) {
        clearInterval(timer);
        resolve();
        return;
      }
      // the bookings due by now at BOOKINGS_PER_S (any rate, also below the 10 ticks a second)
      const due = Math.floor(((performance.now() - started) / 1000) * BOOKINGS_PER_S);
      while (n < due) {
        const i = n++;
        const sent = performance.now();
        fetch(`${origin}/api/rides`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${seed.riders[i % seed.riders.length]}` },
          body: JSON.stringify({ rideSearchId: seed.quotes[i % seed.quotes.length], rideVehicle: 'sedan', idempotencyKey: `bench-dispatch-${i}` }),
        })
          .then(async (res) => {
            bookingLatencies.push(performance.now() - sent);
            const body = await res.json().catch(() => ({}));
            if (!res.ok) return void failed(`${res.status} ${body.error?.code ?? ''}`.trim());
            const id = Number(body.data?.[0]?.rideId ?? body.data?.rideId ?? body.rideId);
            if (id) booked.set(id, sent);
          })
          .catch((error) => failed(error.cause?.code ?? error.message));
      }
    }, 100);
  });
  const loadSeconds = (performance.now() - started) / 1000;
  const eld = await eventLoopP99FromMetrics(metricsPort);
  const seen = await map?.read();
  const positions = { ...drivers.acks };
  // offers for the last bookings still arriving
  await new Promise((r) => setTimeout(r, 3000));
  // BENCH_DRAIN=s (PostgreSQL, the live database): how long after the load the last booking confirmation went out
  const drain = await drainMessages(Number(process.env.BENCH_DRAIN ?? 0), started + loadSeconds * 1000, databaseUrl);
  drivers.stop();
  await server.kill();

  const toOffer = [...booked].filter(([id]) => offered.has(id)).map(([id, sent]) => offered.get(id) - sent);
  const doubles = await queryStoredDatabase(
    DATABASE,
    { dataDir, databaseUrl },
    `select
      (select count(*) from (select ride_id from ride_events where from_status = 'booked' and to_status = 'accepted' group by ride_id having count(*) > 1) t) as rides_accepted_twice,
      (select count(*) from rides a join rides b on a.driver_id = b.driver_id and a.id < b.id
        where a.status in ('accepted','ontrip') and b.status in ('accepted','ontrip')
          and a.pickup_time < b.pickup_time + make_interval(secs => greatest(b.duration_s, 1800)) + interval '30 minutes'
          and b.pickup_time < a.pickup_time + make_interval(secs => greatest(a.duration_s, 1800)) + interval '30 minutes') as overlapping_pairs,
      (select count(*) from rides where status = 'accepted') as accepted,
      (select count(*) from rides where needs_driver_at is not null) as needs_driver`,
  );
  const [d] = doubles;
  // where the job queue's time went, per kind: jobs queued in the run, done, and from due to done (waiting for a slot, then running)
  const jobKinds = await queryStoredDatabase(
    DATABASE,
    { dataDir, databaseUrl },
    `select kind, count(*) as queued, count(*) filter (where status = 'done') as done,
      coalesce(round(extract(epoch from percentile_cont(0.5) within group (order by done_at - run_at)) * 1000), 0) as p50_ms,
      coalesce(round(extract(epoch from percentile_cont(0.99) within group (order by done_at - run_at)) * 1000), 0) as p99_ms,
      coalesce(round(extract(epoch from percentile_cont(0.5) within group (order by done_at - locked_at)) * 1000), 0) as run_p50_ms
      from jobs where created_at > now() - interval '${SECONDS + 600} seconds' group by kind order by count(*) desc`,
  );
  // BENCH_PG_STATS=1 (PostgreSQL): where the database's time went, statement by statement
  const statements = DATABASE === 'postgres' ? await topStatements(databaseUrl) : [];
  const positionsPerS = positions.ok / loadSeconds;
  const barePerS = (bare.acks.ok + bare.acks.ignored) / bareSeconds;
  console.log(
    `\nAutomatic dispatch, ${DRIVERS} drivers moving every 5 s, ${BOOKINGS_PER_S} bookings/s for ${SECONDS} s (one instance, ${DATABASE === 'postgres' ? 'PostgreSQL' : 'PGlite'})`,
  );
  console.log(
    `  bookings sent ${n}, answered ${bookingLatencies.length} (failed ${bookingFailures}${failures.size ? `: ${[...failures].map(([why, count]) => `${why} x${count}`).join(', ')}` : ''}), booking p50 ${ms(pct(bookingLatencies, 50))} p99 ${ms(pct(bookingLatencies, 99))}`,
  );
  console.log(`  booking to first offer: ${toOffer.length} rides, p50 ${ms(pct(toOffer, 50))}, p99 ${ms(pct(toOffer, 99))} (goal p99 < 1000 ms)`);
  console.log(
    `  offers answered: ${answers.accept} accepted, ${answers.decline} declined, ${answers.refused} refused; rides accepted ${d.accepted}, needing a driver ${d.needs_driver}`,
  );
  console.log(
    `  positions handled ${positionsPerS.toFixed(1)}/s of ${(DRIVERS / 5).toFixed(0)}/s sent (ignored ${positions.ignored}, failed ${positions.failed}), ack p99 ${ms(pct(positions.latencies, 99))}; bare socket.io ${barePerS.toFixed(1)}/s, ack p99 ${ms(pct(bare.acks.latencies, 99))}`,
  );
  console.log(
    `  jobs (kind: queued, done, due to done p50/p99, claimed to done p50): ${jobKinds.map((j) => `${j.kind} ${j.queued}, ${j.done}, ${ms(Number(j.p50_ms))}/${ms(Number(j.p99_ms))}, ${ms(Number(j.run_p50_ms))}`).join('; ')}`,
  );
  if (drain) console.log(`  booking confirmations after the load: ${drain}`);
  console.log(`  event-loop delay p99: server ${ms(eld)}, bare socket.io ${ms(bareEld)} (ratio ${(eld / bareEld).toFixed(1)})`);
  console.log(
    `  double assignments: ${Number(d.rides_accepted_twice)} rides accepted twice, ${Number(d.overlapping_pairs)} drivers on overlapping rides (goal 0)`,
  );
  if (statements.length) console.log(`  statements by time in PostgreSQL (BENCH_PG_STATS):\n    ${statements.join('\n    ')}`);
  if (seen) {
    const slow = seen.frames.filter((f) => f > 50).length;
    console.log(
      `  fleet map in Chromium (${seen.map === 'ready' ? 'MapLibre map' : 'sketch, the map style not reachable'}): ${seen.drawn} drivers drawn; ${seen.frames.length} frames, interval p50 ${ms(pct(seen.frames, 50))} p99 ${ms(pct(seen.frames, 99))} longest ${ms(Math.max(...seen.frames))}, ${slow} over 50 ms; ${seen.long.length} long tasks, longest ${ms(seen.long.length ? Math.max(...seen.long) : 0)} (goal: frame p99 < 50 ms, no long task over 200 ms); its requests during the load: ${seen.requests.map(([p, n]) => `${p} x${n}`).join(', ') || 'none'}`,
    );
  }
  report('dispatch', [
    { label: 'booking to first offer p99', value: pct(toOffer, 99), unit: 'ms', goal: { op: '<', value: 1000 } },
    { label: 'booking to first offer p50', value: pct(toOffer, 50), unit: 'ms' },
    { label: 'positions handled', value: positionsPerS, unit: '/s', baseline: barePerS },
    { label: 'event-loop delay p99', value: eld, unit: 'ms', baseline: bareEld },
    { label: 'double assignments', value: Number(d.rides_accepted_twice) + Number(d.overlapping_pairs), unit: '', goal: { op: '==', value: 0 } },
    ...(seen
      ? [
          { label: 'fleet map frame interval p99', value: pct(seen.frames, 99), unit: 'ms', goal: { op: '<', value: 50 } },
          { label: 'fleet map longest long task', value: seen.long.length ? Math.max(...seen.long) : 0, unit: 'ms', goal: { op: '<', value: 200 } },
          { label: 'fleet map drivers drawn', value: seen.drawn, unit: '', goal: { op: '==', value: DRIVERS } },
        ]
      : []),
  ]);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
