#!/usr/bin/env node
// Memory and collector pauses of one instance under mixed traffic, with and without the offline place index,
// in one run: two servers (PGlite, each seeded with the demo operator and 2,000 rides by bench/board-seed.ts)
// take the same open-loop mix at `rate` requests/s each for `seconds`: page views (place, route, city and app
// pages in three languages), place searches and reverse geocodes, quotes, bookings, console board reads, chat
// turns over socket.io, and socket clients (console and rider sockets held open, some reconnecting). The
// server without the index starts with PLACE_INDEX_PRELOAD=off and gets no searches or chat turns (the kinds
// that read it). Both run with --trace-gc; their RSS, V8 heap used and external memory are sampled every 5 s
// (/proc and the metrics listener). Printed per server: RSS, heap and external at the end and at their peak,
// the heap after the last full collection, every pause over 5 ms, and the p50/p99 of each request kind.
// The servers run on CPU 0 and this load generator on CPU 1 (bench/README.md, "Method").
// Goals (issue 33): RSS with the index <= 350 MB at the end; heap with the index <= 60 MB above the heap
// without it; no full collection over 15 ms.
// With `postgres` as the third argument, both servers run on databases of a throw-away PostgreSQL cluster (its
// processes' own memory, PSS, printed apart) instead of PGlite, whose WebAssembly memory is then absent.
// Usage: node bench/memory.mjs [seconds=600] [rate=20] [pglite|postgres] [shared|split]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io } from 'socket.io-client';
import { atExit, benchTrip, freePort, launchServer, LOAD_CPU, requireBuild, root, SERVER_CPU, signInRider, startPostgres } from './lib.mjs';
import { parseTraceGc } from './gc-trace.mjs';
import { report } from './report.mjs';

const SECONDS = Number(process.argv[2] ?? 600);
const RATE = Number(process.argv[3] ?? 20);
const DATABASE = process.argv[4] ?? 'pglite';
if (!['pglite', 'postgres'].includes(DATABASE)) throw new Error(`database: pglite or postgres, not ${DATABASE}`);
// `shared`: both servers (and PostgreSQL) on SERVER_CPU, every thread of each, V8's collector helpers included, so
// a pause also counts the time the other server held the core; `split`: each server on a core of its own (the
// server with the index on SERVER_CPU, the other on LOAD_CPU beside this light load generator), PostgreSQL unpinned.
const CORES = process.argv[5] ?? 'shared';
if (!['shared', 'split'].includes(CORES)) throw new Error(`cores: shared or split, not ${CORES}`);
const RIDERS = 6;
const CONSOLE_SOCKETS = 8;
const SAMPLE_MS = 5000;
const MIB = 2 ** 20;
const GOALS = { rssMb: 350, heapAboveMb: 60, fullGcMs: 15 };

requireBuild();
// the generator keeps to its own core, as wrk does in the other benches
try {
  execFileSync('taskset', ['-a', '-p', '-c', String(LOAD_CPU), String(process.pid)], { stdio: 'ignore' });
} catch {}

const CITIES = ['chennai', 'bangalore', 'hyderabad', 'mumbai', 'pune', 'kochi', 'coimbatore', 'mysore', 'pondicherry', 'madurai'];
const TYPES = ['local-taxi', 'airport-taxi', 'outstation-taxi', 'car-rental'];
const LANGS = ['en', 'ta', 'hi'];
const COORDS = [
  [13.0827, 80.2707],
  [12.9716, 77.5946],
  [17.385, 78.4867],
  [19.076, 72.8777],
  [18.5204, 73.8567],
  [9.9312, 76.2673],
];
const QUERIES = [
  'chen',
  'MAA',
  'blr',
  'T Nagar',
  'velachery',
  'koramangala',
  'anna nagar',
  'airport',
  'mumbai airport',
  'pune',
  'mys',
  'madurai',
  'kochi',
  'tirupati',
  'ooty',
];
const CHAT = ['Book a non-AC sedan one-way from Chennai to Bangalore tomorrow at 8 PM', 'sedan', 'no', 'start over'];
const pick = (list, i) => list[i % list.length];

function candidatePath(i) {
  const lang = pick(LANGS, i);
  const city = pick(CITIES, i * 7);
  const other = pick(CITIES, i * 7 + 1 + (i % 9));
  const paths = [
    `/place/${city}/${pick(TYPES, i)}`,
    `/place/${city}`,
    `/city/${city}`,
    `/taxi/${city}-to-${other}`,
    '/user/home',
    '/user/form/taxi/booking',
    '/service/places',
  ];
  return `/in/${lang}${pick(paths, i * 3)}`;
}

/** The pages the demo publishes among the candidates (a route outside its trip limits answers 404), read once before the load. */
let PAGES = [];
async function realPages(origin) {
  const candidates = [...new Set(Array.from({ length: 2520 }, (_, i) => candidatePath(i)))];
  const answers = await Promise.all(candidates.map(async (p) => [p, (await fetch(origin + p, { redirect: 'manual' })).status]));
  PAGES = answers.filter(([, status]) => status === 200).map(([p]) => p);
  console.log(`pages: ${PAGES.length} of ${candidates.length} candidate paths answer 200 (the rest 404 or redirect) and are used`);
}
const pagePath = (i) => pick(PAGES, i);

/** The mix, by weight: each kind is a function of the request number and the server's clients, resolving when answered. */
function kinds(withIndex) {
  const mix = [
    ['page', 30, (s, i) => get(s, pagePath(i), { 'accept-encoding': 'gzip' })],
    ['quote', 15, (s, i) => quote(s, i)],
    ['booking', 5, (s, i) => book(s, i)],
    [
      'board',
      10,
      (s, i) => get(s, i % 2 ? '/api/partner/rides' : `/api/partner/rides?from=${s.from30}&to=${s.today}`, { authorization: `Bearer ${s.partner}` }),
    ],
  ];
  if (withIndex)
    mix.push(
      ['search', 25, (s, i) => get(s, `/api/places/search?q=${encodeURIComponent(pick(QUERIES, i).slice(0, 2 + (i % 8)))}`)],
      ['reverse', 5, (s, i) => get(s, `/api/places/reverse?lat=${pick(COORDS, i)[0] + (i % 50) / 1000}&lng=${pick(COORDS, i)[1]}`)],
      ['chat', 5, (s, i) => chatTurn(s, i)],
    );
  return mix;
}

async function get(s, urlPath, headers = {}) {
  const res = await fetch(s.origin + urlPath, { headers });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${urlPath}: ${res.status}`);
}

async function quote(s, i) {
  const [from, to] = [pick(COORDS, i), pick(COORDS, i + 1 + (i % 4))];
  const trip = { ...benchTrip(), pickupLocation: { lat: from[0], lng: from[1], name: 'A' }, dropoffLocation: { lat: to[0], lng: to[1], name: 'B' } };
  trip.pickupTime = new Date(Date.now() + (2 + (i % 20)) * 86_400_000).toISOString();
  const res = await fetch(`${s.origin}/api/rides/quote`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(trip) });
  const json = await res.json();
  if (res.status !== 200) throw new Error(`quote: ${res.status}`);
  s.quotes[i % 16] = json.data.ride_search_id;
}

async function book(s, i) {
  const rideSearchId = s.quotes[i % 16] ?? s.quotes.find(Boolean);
  const body = JSON.stringify({ rideSearchId, rideVehicle: 'sedan', idempotencyKey: `mem-${s.name}-${i}` });
  const res = await fetch(`${s.origin}/api/rides`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${pick(s.riders, i)}` },
    body,
  });
  await res.arrayBuffer();
  if (res.status !== 201) throw new Error(`booking: ${res.status}`);
}

function chatTurn(s, i) {
  const c = pick(s.chats, i);
  if (c.busy) return c.busy;
  c.busy = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('chat: no reply in 10 s')), 10_000);
    c.socket.once('agentMessage', () => {
      clearTimeout(timer);
      resolve();
    });
    c.socket.emit('userMessage', { role: 'user', content: pick(CHAT, c.turns++), chatSession: c.chatSession, locale: 'en-IN' });
  }).finally(() => (c.busy = null));
  return c.busy;
}

function socket(s, options) {
  const client = io(s.origin, { transports: ['websocket'], forceNew: true, timeout: 60_000, extraHeaders: { origin: s.origin }, ...options });
  return new Promise((resolve, reject) => {
    client.once('connect', () => resolve(client));
    client.once('connect_error', reject);
  });
}

/** A seeded data directory, a server on it, its riders, console sockets and chat sessions. */
async function prepare(name, withIndex) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-memory-${name}-`));
  atExit(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const databaseUrl = postgres ? postgres.createDb(`memory_${name}`) : '';
  const seeded = JSON.parse(
    execFileSync('npx', ['tsx', 'bench/board-seed.ts', '2000'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .pop(),
  );
  const gcLog = path.join(dataDir, 'gc.log');
  const metricsPort = await freePort();
  const server = await launchServer(await freePort(), {
    dataDir,
    cpu: CORES === 'split' && !withIndex ? LOAD_CPU : SERVER_CPU,
    nodeArgs: ['--trace-gc'],
    stdout: fs.openSync(gcLog, 'w'),
    env: {
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'error',
      METRICS_PORT: String(metricsPort),
      PLACE_INDEX_PRELOAD: withIndex ? 'on' : 'off',
      DATABASE_URL: databaseUrl,
    },
  });
  atExit(() => server.child.kill('SIGKILL'));
  const s = {
    name,
    withIndex,
    server,
    gcLog,
    metricsPort,
    origin: server.origin,
    partner: seeded.token,
    today: seeded.today,
    quotes: [],
    sockets: [],
    chats: [],
  };
  const from = new Date(`${seeded.today}T00:00:00Z`);
  from.setUTCDate(from.getUTCDate() - 29);
  s.from30 = from.toISOString().slice(0, 10);
  s.riders = [];
  for (let i = 0; i < RIDERS; i++) s.riders.push(decodeURIComponent((await signInRider(s.origin, i, withIndex ? '95' : '94')).split('=').slice(1).join('=')));
  await quote(s, 0);
  for (let i = 0; i < CONSOLE_SOCKETS; i++) s.sockets.push(await socket(s, { auth: { token: s.partner } }));
  if (withIndex) {
    for (let i = 0; i < RIDERS; i++) {
      const me = await (await fetch(`${s.origin}/api/auth/me`, { headers: { authorization: `Bearer ${s.riders[i]}` } })).json();
      const chatSession = `${me.data.user_id}-mem${i}`;
      s.chats.push({ chatSession, turns: 0, socket: await socket(s, { query: { chatSession }, auth: { token: s.riders[i] } }) });
    }
  }
  return s;
}

/** RSS (from /proc), heap used and external (from the metrics listener), in MiB. */
async function sample(s) {
  const status = fs.readFileSync(`/proc/${s.server.child.pid}/status`, 'utf8');
  const rss = Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
  const text = await (await fetch(`http://127.0.0.1:${s.metricsPort}/metrics`)).text();
  const metric = (name) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? ([\\d.e+]+)`, 'm').exec(text)?.[1] ?? NaN) / MIB;
  return { rss, heap: metric('nodejs_heap_size_used_bytes'), external: metric('nodejs_external_memory_bytes') };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** Fires the mix at RATE per second (open loop: a slow answer does not slow the schedule) for SECONDS, churning a socket every 10 s. */
async function drive(s) {
  const mix = kinds(s.withIndex);
  const total = mix.reduce((n, [, w]) => n + w, 0);
  s.latency = Object.fromEntries(mix.map(([k]) => [k, []]));
  s.errors = Object.fromEntries(mix.map(([k]) => [k, 0]));
  s.samples = [];
  s.socketErrors = 0;
  s.firstError = {};
  const started = performance.now();
  const inFlight = new Set();
  let n = 0;
  const sampler = setInterval(
    () =>
      sample(s).then(
        (m) => s.samples.push(m),
        () => {},
      ),
    SAMPLE_MS,
  );
  while (performance.now() - started < SECONDS * 1000) {
    const i = n++;
    let at = (i * 7919) % total;
    const [kind, , run] = mix.find(([, w]) => (at -= w) < 0);
    const t0 = performance.now();
    const request = run(s, i)
      .then(() => s.latency[kind].push(performance.now() - t0))
      .catch((error) => {
        s.errors[kind]++;
        s.firstError[kind] ??= error.message;
      })
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
    if (i % (RATE * 10) === 0 && s.sockets.length) {
      s.sockets.shift().disconnect();
      socket(s, { auth: { token: s.partner } }).then(
        (client) => s.sockets.push(client),
        () => s.socketErrors++,
      );
    }
    const due = started + ((i + 1) * 1000) / RATE;
    await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
  }
  await Promise.allSettled([...inFlight]);
  clearInterval(sampler);
  s.final = await sample(s);
}

function print(s) {
  const gc = parseTraceGc(fs.readFileSync(s.gcLog, 'utf8'));
  const peak = (key) => Math.max(s.final[key], ...s.samples.map((m) => m[key]));
  const long = gc.pauses.filter((p) => p.ms > 5 || p.step > 5);
  const fulls = gc.pauses.filter((p) => p.full);
  s.gc = { long, maxFull: Math.max(0, ...fulls.map((p) => p.ms)), fulls: fulls.length, lastFullAfter: fulls.at(-1)?.after ?? NaN, total: gc.pauses.length };
  console.log(`\n${s.withIndex ? 'with the place index' : 'without the place index (PLACE_INDEX_PRELOAD=off; no searches or chat)'}`);
  console.log(
    `  RSS ${s.final.rss.toFixed(0)} MiB at the end (peak ${peak('rss').toFixed(0)}); heap used ${s.final.heap.toFixed(1)} MiB (peak ${peak('heap').toFixed(1)}, after the last full collection ${s.gc.lastFullAfter.toFixed(1)}); external ${s.final.external.toFixed(1)} MiB (peak ${peak('external').toFixed(1)})`,
  );
  console.log(`  sockets held: ${s.sockets.length} console${s.chats.length ? `, ${s.chats.length} chat` : ''}; reconnections failed: ${s.socketErrors}`);
  console.log(
    `  collections on the main thread: ${s.gc.total}, of which full ${s.gc.fulls} (longest ${s.gc.maxFull.toFixed(1)} ms); pauses over 5 ms: ${long.length}${gc.workers ? ` (worker threads: ${gc.workers} collections of their own, not counted)` : ''}; the 12 longest:`,
  );
  for (const p of [...long].sort((a, b) => b.ms - a.ms).slice(0, 12))
    console.log(
      `    ${(p.atMs / 1000).toFixed(1).padStart(7)} s  ${p.kind.padEnd(22)} ${p.ms.toFixed(1).padStart(6)} ms  heap ${p.before.toFixed(1)} -> ${p.after.toFixed(1)} MB${p.step ? ` (longest marking step before it ${p.step.toFixed(1)} ms)` : ''}`,
    );
  for (const [kind, list] of Object.entries(s.latency)) {
    const sorted = list.sort((a, b) => a - b);
    console.log(
      `  ${kind.padEnd(8)} ${String(sorted.length).padStart(6)} answered, ${String(s.errors[kind]).padStart(3)} failed   p50 ${percentile(sorted, 50).toFixed(1).padStart(6)} ms   p99 ${percentile(sorted, 99).toFixed(1).padStart(7)} ms${s.firstError[kind] ? `  (first failure: ${s.firstError[kind]})` : ''}`,
    );
  }
}

/** PostgreSQL's processes' proportional share of resident memory (PSS), in MiB: shared buffers counted once. */
function postgresPssMb() {
  let kb = 0;
  for (const pid of fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
      kb += Number(/^Pss:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
    } catch {}
  }
  return kb / 1024;
}

const postgres = DATABASE === 'postgres' ? startPostgres(await freePort(), { cpu: CORES === 'split' ? null : SERVER_CPU }) : null;
if (postgres) atExit(() => postgres.stop());
const servers = [await prepare('with', true), await prepare('without', false)];
await realPages(servers[0].origin);
const load = (() => {
  try {
    return os.loadavg()[0].toFixed(2);
  } catch {
    return '?';
  }
})();
console.log(
  `memory bench: ${SECONDS} s of mixed traffic at ${RATE} requests/s per server, both servers at once, ${CORES === 'split' ? 'each on a core of its own' : `both on CPU ${SERVER_CPU}`} (load average at the start ${load})`,
);
await Promise.all(servers.map(drive));
for (const s of servers) {
  for (const client of [...s.sockets, ...s.chats.map((c) => c.socket)]) client.disconnect();
  await s.server.kill('SIGTERM');
}
servers.forEach(print);
if (postgres) console.log(`\nPostgreSQL ${postgres.version} (both servers' databases, its own processes): PSS ${postgresPssMb().toFixed(0)} MiB at the end`);
const [withIndex, without] = servers;
const heapAbove = withIndex.gc.lastFullAfter - without.gc.lastFullAfter;
const goals = [
  [`RSS with the index <= ${GOALS.rssMb} MB`, withIndex.final.rss <= GOALS.rssMb],
  [`heap with the index <= ${GOALS.heapAboveMb} MB above without (after the last full collection: ${heapAbove.toFixed(1)} MB)`, heapAbove <= GOALS.heapAboveMb],
  [`no full collection over ${GOALS.fullGcMs} ms`, Math.max(withIndex.gc.maxFull, without.gc.maxFull) <= GOALS.fullGcMs],
];
console.log(`\n  goals: ${goals.map(([g, ok]) => `${g} ${ok ? 'met' : 'MISSED'}`).join('; ')}; load average at the end ${os.loadavg()[0].toFixed(2)}`);
report('memory', [
  { label: 'RSS at the end, with the index', value: withIndex.final.rss, unit: 'MiB', baseline: without.final.rss, goal: { op: '<=', value: GOALS.rssMb } },
  { label: 'heap after the last full GC, with the index', value: withIndex.gc.lastFullAfter, unit: 'MB', baseline: without.gc.lastFullAfter },
  { label: 'longest full GC pause', value: Math.max(withIndex.gc.maxFull, without.gc.maxFull), unit: 'ms', goal: { op: '<=', value: GOALS.fullGcMs } },
  { label: 'GC pauses over 5 ms, with the index', value: withIndex.gc.long.length, unit: '', baseline: without.gc.long.length },
  ...Object.keys(withIndex.latency).map((kind) => ({ label: `${kind} p99`, value: percentile(withIndex.latency[kind], 99), unit: 'ms' })),
]);
