#!/usr/bin/env node
// Soak: two instances on one PostgreSQL behind the shipped nginx (bench/cluster.mjs), mixed traffic
// for `minutes`, and a fault every `faultEvery` seconds in turn: SIGKILL of instance A (then started
// again), SIGTERM of instance B (drain, start again), `pg_ctl restart -m fast`, and a 10 s freeze of
// every PostgreSQL process (SIGSTOP, SIGCONT).
// Traffic: each rider client loops over a place page, a place search, a quote and a booking (a
// fresh idempotency key), then a state change of that ride: the rider cancels it, or the operator
// declines it (the console). A client whose request got no answer or a 502/503/504 sends the same
// request again (the same key, the same action), as the apps do; nginx itself retries the
// replay-safe writes (docs/architecture/booking.md#retries). Three console sockets (one on each
// instance directly, one through nginx) count the ride events they receive and their reconnects
// and `resync`s.
// Printed: requests by kind and status, 5xx, acknowledged bookings and state changes, lost (an
// acknowledged booking not stored, an acknowledged change without its event), doubled (a key stored
// twice, a change applied twice), events missed per socket (acknowledged changes it never heard;
// a screen reads again on reconnect and `resync`, so a miss there is late, not wrong), and each
// instance's RSS (sampled every 5 s: first, max, last).
// Usage: node bench/soak.mjs [minutes=20] [clients=8] [faultEvery=60]   (needs `npm run build`, PostgreSQL, nginx)
// Exit 1 when anything acknowledged was lost or doubled. To see it fail: TEST_DROP_BOOKING=n (test only) makes each
// instance lose its nth booking on purpose.
import fs from 'node:fs';
import { io } from 'socket.io-client';
import { startTwoInstances } from './cluster.mjs';
import {
  apiClient,
  benchOperator,
  benchTrip,
  codeRequestOf,
  matchStoredBookings,
  queryStoredDatabase,
  requireBuild,
  signInRider,
  STORED_BOOKINGS_QUERY,
} from './lib.mjs';

const MINUTES = Number(process.argv[2] ?? 20);
const CLIENTS = Number(process.argv[3] ?? 8);
const FAULT_EVERY_S = Number(process.argv[4] ?? 60);
const FREEZE_MS = 10_000;
const RETRIES = 8;
const PARTNER_EMAIL = 'hello@meridiancabs.example';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

requireBuild();
const cluster = await startTwoInstances('travelsx_soak');
let exitCode = 0;
try {
  const via = cluster.nginx.origin;
  const json = apiClient(via);
  const direct = apiClient(cluster.origins[0]);

  // the operator signs in by e-mail code (read from an instance: the dev outbox never answers through nginx)
  const identity = { userType: 'travelsx-partner', email: PARTNER_EMAIL };
  const sent = await json('/api/auth/otp/send', { method: 'POST', body: identity });
  let otp;
  for (let tries = 0; !otp && tries < 50; tries++) {
    otp = /\b(\d{6})\b/.exec((await direct(`/api/dev/outbox?to=${encodeURIComponent(PARTNER_EMAIL)}`)).json?.data?.[0]?.body ?? '')?.[1];
    if (!otp) await sleep(100);
  }
  const verified = await fetch(`${via}/api/auth/otp/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: via, cookie: codeRequestOf(sent.headers) },
    body: JSON.stringify({ ...identity, otp }),
  });
  if (!verified.ok) throw new Error(`the operator's sign-in failed: ${verified.status} ${await verified.text()}`);
  const partnerCookie = verified.headers.get('set-cookie').split(';')[0];
  const partnerToken = decodeURIComponent(partnerCookie.split('=').slice(1).join('='));

  const riders = [];
  for (let i = 0; i < CLIENTS; i++) riders.push(await signInRider(via, i, '93', cluster.origins[0]));

  // console sockets: on A, on B, through nginx
  const sockets = [
    ['instance A', cluster.origins[0]],
    ['instance B', cluster.origins[1]],
    ['through nginx', via],
  ].map(([name, origin]) => {
    const heard = new Set();
    const stats = { name, heard, reconnects: 0, resyncs: 0 };
    const socket = io(origin, {
      transports: ['websocket'],
      auth: { token: partnerToken },
      extraHeaders: { origin },
      reconnectionDelay: 200,
      reconnectionDelayMax: 2000,
    });
    socket.on('rideChanged', (event) => heard.add(`${event.id}:${event.to}`));
    socket.io.on('reconnect', () => (stats.reconnects += 1));
    socket.on('resync', () => (stats.resyncs += 1));
    stats.socket = socket;
    return stats;
  });
  await sleep(1000);

  // RSS of each instance, every 5 s
  const rss = [[], []];
  const sampler = setInterval(() => {
    cluster.instances.forEach((instance, i) => {
      const pid = instance?.child?.pid;
      if (!pid) return;
      try {
        const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
        if (kb) rss[i].push(kb / 1024);
      } catch {}
    });
  }, 5_000);

  const requests = {}; // kind -> status -> count
  const samples = []; // the first refusals, with their answer
  const count = (kind, status) => {
    requests[kind] ??= {};
    requests[kind][status] = (requests[kind][status] ?? 0) + 1;
  };
  /** One request, sent again (the same request) while it got no answer or a gateway/unavailable answer. */
  const send = async (kind, path, options = {}) => {
    for (let attempt = 0; ; attempt++) {
      let status = 0;
      let res;
      try {
        res = await json(path, options);
        status = res.status;
      } catch {
        status = 0;
      }
      count(kind, status);
      if (status >= 400 && status !== 502 && status !== 503 && status !== 504 && samples.length < 10)
        samples.push(`${kind} ${path} -> ${status} ${JSON.stringify(res?.json?.error ?? res?.json ?? null).slice(0, 200)}`);
      if (![0, 502, 503, 504].includes(status) || attempt >= RETRIES) return res ?? { status, json: null };
      await sleep(250 * (attempt + 1));
    }
  };

  const bookings = []; // { key, number }
  const changes = []; // { number, to }
  const started = performance.now();
  const deadline = started + MINUTES * 60_000;
  let running = true;
  const client = async (c) => {
    for (let n = 0; running; n++) {
      await send('place page', '/in/en/place/chennai');
      await send('place search', '/api/places/search?q=chen');
      const quote = await send('quote', '/api/rides/quote', { method: 'POST', body: benchTrip(), cookie: riders[c] });
      const searchId = quote.json?.data?.ride_search_id;
      if (!searchId) continue;
      const key = `soak-${c}-${n}`;
      const booked = await send('booking', '/api/rides', {
        method: 'POST',
        body: { rideSearchId: searchId, rideVehicle: 'sedan', idempotencyKey: key },
        cookie: riders[c],
      });
      const number = booked.json?.data?.[0]?.rideId;
      if (booked.status < 200 || booked.status >= 300 || !number) continue;
      bookings.push({ key, number });
      const changed =
        n % 2 === 0
          ? await send('rider cancel', `/api/rides/${number}/cancel`, { method: 'POST', body: { reason: 'Plans changed' }, cookie: riders[c] })
          : await send('console decline', `/api/partner/rides/${number}`, {
              method: 'POST',
              body: { action: 'decline', reason: 'No car free' },
              cookie: partnerCookie,
            });
      // both end the ride as cancelled (the console's decline is the operator's cancellation)
      if (changed.status >= 200 && changed.status < 300) changes.push({ number, to: 'cancelled' });
    }
  };
  const load = Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));

  const faults = [];
  const FAULTS = [
    ['SIGKILL instance A', async () => (await cluster.stopInstance(0, 'SIGKILL'), await cluster.startInstance(0))],
    ['SIGTERM instance B', async () => (await cluster.stopInstance(1, 'SIGTERM'), await cluster.startInstance(1))],
    ['PostgreSQL restart', async () => cluster.postgres.restart()],
    [`PostgreSQL frozen ${FREEZE_MS / 1000} s`, async () => cluster.postgres.freeze(FREEZE_MS)],
  ];
  for (let f = 0; performance.now() + FAULT_EVERY_S * 1000 < deadline; f++) {
    await sleep(FAULT_EVERY_S * 1000);
    const [name, run] = FAULTS[f % FAULTS.length];
    const at = (performance.now() - started) / 1000;
    const t0 = performance.now();
    await run();
    faults.push(`${name} at ${at.toFixed(0)} s (${Math.round(performance.now() - t0)} ms)`);
    console.log(`  ${faults.at(-1)}`);
  }
  await sleep(Math.max(0, deadline - performance.now()));
  running = false;
  await load;
  await sleep(5_000); // the last events on their way
  clearInterval(sampler);
  for (const s of sockets) s.socket.close();
  const seconds = (performance.now() - started) / 1000;

  const rows = (await queryStoredDatabase('postgres', { databaseUrl: cluster.databaseUrl }, STORED_BOOKINGS_QUERY)).filter((r) => r.key?.startsWith('soak-'));
  const stored = matchStoredBookings(bookings, rows, benchOperator());
  const events = await queryStoredDatabase(
    'postgres',
    { databaseUrl: cluster.databaseUrl },
    `select r.number, e.to_status as to, count(*)::int as n from ride_events e join rides r on r.id = e.ride_id
     where r.idempotency_key like 'soak-%' and e.to_status = 'cancelled' group by r.number, e.to_status`,
  );
  const applied = new Map(events.map((e) => [`${Number(e.number)}:${e.to}`, Number(e.n)]));
  const changesLost = changes.filter((c) => !applied.has(`${c.number}:${c.to}`)).length;
  const changesDoubled = [...applied.values()].filter((n) => n > 1).length;

  const total = Object.values(requests).reduce((sum, byStatus) => sum + Object.values(byStatus).reduce((a, b) => a + b, 0), 0);
  const fivexx = Object.values(requests).reduce((sum, byStatus) => sum + Object.entries(byStatus).reduce((a, [s, n]) => a + (Number(s) >= 500 ? n : 0), 0), 0);
  const unanswered = Object.values(requests).reduce((sum, byStatus) => sum + (byStatus[0] ?? 0), 0);
  const mb = (xs) => (xs.length ? `${xs[0].toFixed(0)} / ${Math.max(...xs).toFixed(0)} / ${xs.at(-1).toFixed(0)} MiB` : 'no sample');

  console.log(
    `Soak: two instances on PostgreSQL ${cluster.postgres.version} behind nginx, ${CLIENTS} clients, ${seconds.toFixed(0)} s, a fault every ${FAULT_EVERY_S} s`,
  );
  console.log(`  faults:                 ${faults.length} (${faults.join('; ') || 'none'})`);
  console.log(`  requests:               ${total} (${(total / seconds).toFixed(1)}/s), every attempt counted`);
  for (const [kind, byStatus] of Object.entries(requests)) console.log(`    ${kind.padEnd(20)} ${JSON.stringify(byStatus)}`);
  for (const sample of samples) console.log(`    refused: ${sample}`);
  console.log(`  5xx answers:            ${fivexx} (each sent again by its client); unanswered attempts: ${unanswered}`);
  console.log(
    `  acknowledged bookings:  ${bookings.length}; lost ${stored.lost}, doubled ${stored.doubled}, stored never acknowledged ${stored.unacknowledged}`,
  );
  console.log(`  acknowledged changes:   ${changes.length}; lost ${changesLost}, applied twice ${changesDoubled}`);
  for (const s of sockets) {
    const missed = changes.filter((c) => !s.heard.has(`${c.number}:${c.to}`)).length;
    console.log(`  console socket ${s.name.padEnd(14)} missed ${missed} of ${changes.length} changes; ${s.reconnects} reconnects, ${s.resyncs} resyncs`);
  }
  console.log(`  RSS instance A:         ${mb(rss[0])} (first / max / last sample)`);
  console.log(`  RSS instance B:         ${mb(rss[1])}`);
  if (stored.lost || stored.doubled || changesLost || changesDoubled) {
    console.log('  FAILED: something acknowledged was lost or applied twice');
    exitCode = 1;
  }
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await cluster.stop();
}
process.exit(exitCode);
