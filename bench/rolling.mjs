#!/usr/bin/env node
// Rolling restart: a booking load through nginx (the shipped deploy/nginx/travelsx.conf) in
// front of two instances on one PostgreSQL, while the instances are restarted one after the
// other (SIGTERM: drain, exit; start again; wait for /api/ready; then the next one).
// Clients do NOT retry: every request must be answered 2xx by whichever instance nginx picks.
// Afterwards the rides table is read: every acknowledged booking stored once (by its idempotency
// key and by (operator, ride number): the API answers the ride's number, never the database id;
// bench/lib.mjs matchStoredBookings), nothing stored that was not acknowledged. A console socket through nginx counts its reconnects.
// Usage: node bench/rolling.mjs [clients=8] [rounds=2]   (needs `npm run build`, PostgreSQL, nginx)
// To see it fail: TEST_DROP_BOOKING=n (test only) makes each instance lose its nth booking on purpose.
import { io } from 'socket.io-client';
import { startTwoInstances } from './cluster.mjs';
import { apiClient, benchOperator, benchTrip, matchStoredBookings, queryStoredDatabase, requireBuild, signInRider, STORED_BOOKINGS_QUERY } from './lib.mjs';
import { report } from './report.mjs';

const CLIENTS = Number(process.argv[2] ?? 8);
const ROUNDS = Number(process.argv[3] ?? 2);
const SETTLE_MS = Number(process.env.ROLLING_SETTLE_MS ?? 1_000); // load before the first restart, between restarts (after /api/ready) and after the last one
requireBuild();

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const cluster = await startTwoInstances('travelsx_rolling');
let exitCode = 0;
try {
  const via = cluster.nginx.origin;
  const json = apiClient(via);
  const cookies = [];
  for (let i = 0; i < CLIENTS; i++) cookies.push(await signInRider(via, i, '97', cluster.origins[0]));
  const quotes = [];
  for (let i = 0; i < CLIENTS; i++) quotes.push((await json('/api/rides/quote', { method: 'POST', body: benchTrip() })).json.data.ride_search_id);

  // the console's socket through nginx: how often and how long it is away during the restarts
  const consoleEvents = { reconnects: 0, longestAwayMs: 0, booked: 0 };
  const socket = io(via, { transports: ['websocket'], reconnectionDelay: 100, reconnectionDelayMax: 1000 });
  let awaySince = 0;
  socket.on('disconnect', () => {
    awaySince = performance.now();
  });
  socket.on('connect', () => {
    if (awaySince) {
      consoleEvents.reconnects += 1;
      consoleEvents.longestAwayMs = Math.max(consoleEvents.longestAwayMs, performance.now() - awaySince);
      awaySince = 0;
    }
  });

  const answers = []; // { key, status, number, start, end, error }
  let running = true;
  const client = async (c) => {
    for (let n = 0; running; n++) {
      const key = `roll-${c}-${n}`;
      const start = performance.now();
      try {
        const r = await json('/api/rides', {
          method: 'POST',
          body: { rideSearchId: quotes[c], rideVehicle: 'sedan', idempotencyKey: key },
          cookie: cookies[c],
        });
        answers.push({ key, status: r.status, number: r.json?.data?.[0]?.rideId, start, end: performance.now() }); // the ride's number within the operator
      } catch (error) {
        answers.push({ key, status: 0, error: String(error?.cause?.code ?? error), start, end: performance.now() });
      }
    }
  };
  const loadStarted = performance.now();
  const load = Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
  const restarts = [];
  await sleep(SETTLE_MS);
  for (let round = 0; round < ROUNDS; round++) {
    for (const i of [0, 1]) {
      const at = performance.now() - loadStarted;
      const { stopMs, readyMs } = await cluster.restart(i);
      restarts.push({ instance: i === 0 ? 'A' : 'B', atMs: at, stopMs, readyMs });
      await sleep(SETTLE_MS);
    }
  }
  running = false;
  await load;
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  socket.close();

  const failed = answers.filter((a) => a.status < 200 || a.status >= 300);
  const ok = answers.filter((a) => a.status >= 200 && a.status < 300).sort((x, y) => x.end - y.end);
  let longestGap = 0;
  for (let i = 1; i < ok.length; i++) longestGap = Math.max(longestGap, ok[i].end - ok[i - 1].end);
  const slowest = Math.max(...answers.map((a) => a.end - a.start));
  if (process.env.ROLLING_TIMELINE) {
    const perSecond = {};
    for (const a of ok) perSecond[Math.floor((a.end - loadStarted) / 1000)] = (perSecond[Math.floor((a.end - loadStarted) / 1000)] ?? 0) + 1;
    console.log('answers per second:', JSON.stringify(perSecond));
    const failedAt = {};
    for (const a of failed) failedAt[Math.floor((a.start - loadStarted) / 1000)] = (failedAt[Math.floor((a.start - loadStarted) / 1000)] ?? 0) + 1;
    console.log('failed per second:', JSON.stringify(failedAt));
    console.log(
      cluster.nginx
        .errorLog()
        .split('\n')
        .filter((l) => !l.includes('[notice]'))
        .slice(-15)
        .join('\n'),
    );
    console.log(
      'slow:',
      JSON.stringify(answers.filter((a) => a.end - a.start > 1000).map((a) => [Math.round(a.start - loadStarted), Math.round(a.end - a.start)])),
    );
  }

  await cluster.stopInstance(0).catch(() => undefined);
  await cluster.stopInstance(1).catch(() => undefined);
  const rows = (await queryStoredDatabase('postgres', { databaseUrl: cluster.databaseUrl }, STORED_BOOKINGS_QUERY)).filter((r) => r.key.startsWith('roll-'));
  const { lost, lostByKey, lostByNumber, doubled, unacknowledged } = matchStoredBookings(ok, rows, benchOperator());
  const byStatus = {};
  for (const a of failed) byStatus[a.status || a.error] = (byStatus[a.status || a.error] ?? 0) + 1;

  console.log(`Rolling restart through nginx, two instances on one PostgreSQL (${CLIENTS} clients booking without retries, ${ROUNDS} rounds of A then B)`);
  for (const r of restarts)
    console.log(
      `  restart ${r.instance} at ${(r.atMs / 1000).toFixed(1)} s: drained and exited in ${r.stopMs.toFixed(0)} ms, ready again in ${r.readyMs.toFixed(0)} ms`,
    );
  console.log(`  requests:              ${answers.length} in ${loadSeconds.toFixed(1)} s (${(answers.length / loadSeconds).toFixed(0)}/s)`);
  console.log(
    `  failed requests:       ${failed.length}${
      failed.length
        ? ` (${Object.entries(byStatus)
            .map(([s, n]) => `${n} x ${s}`)
            .join(', ')})`
        : ''
    }   goal 0`,
  );
  console.log(`  lost bookings:         ${lost} (acknowledged, not stored: ${lostByKey} with no row of the key, ${lostByNumber} of the number)   goal 0`);
  console.log(`  doubled bookings:      ${doubled} (one key stored twice)   goal 0`);
  console.log(`  unacknowledged rows:   ${unacknowledged} (stored, answer never arrived)`);
  console.log(`  longest gap:           ${longestGap.toFixed(0)} ms between two successful answers; slowest request ${slowest.toFixed(0)} ms`);
  console.log(`  console socket:        ${consoleEvents.reconnects} reconnects, longest away ${consoleEvents.longestAwayMs.toFixed(0)} ms`);
  report('rolling', [
    { label: 'failed requests', value: failed.length, unit: 'requests', goal: { op: '==', value: 0 } },
    { label: 'lost bookings', value: lost, unit: 'bookings', goal: { op: '==', value: 0 } },
    { label: 'doubled bookings', value: doubled, unit: 'bookings', goal: { op: '==', value: 0 } },
    { label: 'longest gap', value: Math.round(longestGap), unit: 'ms' },
  ]);
  if (failed.length || lost || doubled) exitCode = 1;
} finally {
  await cluster.stop();
}
process.exit(exitCode);
