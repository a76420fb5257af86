#!/usr/bin/env node
// Faults: a booking load against the built server, which is killed with SIGKILL
// mid-run (several times) and restarted on the same data while the clients carry on.
// Clients retry a request that got no answer (connection reset or refused) with the
// same idempotency key, as a real app would. Afterwards the database is read directly:
// every acknowledged booking (2xx with a ride number) must be stored exactly once, found
// by its idempotency key and by (operator, ride number): the API answers the ride's number,
// never the database id (bench/lib.mjs matchStoredBookings).
// Runs on PGlite (a temp DATA_DIR) and on PostgreSQL (a throw-away cluster started
// here from /usr/lib/postgresql/*/bin on a free loopback port, removed at the end).
// Usage: node bench/faults.mjs [databases=pglite,postgres] [bookings=1200] [clients=16] [kills=3]
// To see it fail: TEST_DROP_BOOKING=n (test only) makes each server process lose its nth booking on purpose.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  apiClient,
  benchOperator,
  benchTrip,
  closedLoop,
  dropBookingEnv,
  freePort,
  launchServer,
  matchStoredBookings,
  median,
  requireBuild,
  signInRider,
  STORED_BOOKINGS_QUERY,
  summary,
  queryStoredDatabase,
  startPostgres as startThrowAwayPostgres,
} from './lib.mjs';
import { report } from './report.mjs';

const DATABASES = (process.argv[2] ?? 'pglite,postgres')
  .split(',')
  .map((d) => d.trim())
  .filter(Boolean);
const BOOKINGS = Number(process.argv[3] ?? 1200);
const CLIENTS = Number(process.argv[4] ?? 16);
const KILLS = Number(process.argv[5] ?? 3);
const GIVE_UP_MS = 90_000; // a client stops retrying one booking after this long
const RETRY_PAUSE_MS = 50;

for (const d of DATABASES) {
  if (d !== 'pglite' && d !== 'postgres') {
    console.error(`Unknown database "${d}": use pglite, postgres or pglite,postgres.`);
    process.exit(2);
  }
}
requireBuild();

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Everything started here is torn down on any exit (normal end, error, Ctrl-C).
const cleanups = [];
let cleanedUp = false;
function cleanUp() {
  if (cleanedUp) return;
  cleanedUp = true;
  for (const fn of cleanups.reverse()) {
    try {
      fn();
    } catch {}
  }
}
process.on('exit', cleanUp);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => process.exit(130));
process.on('uncaughtException', (error) => {
  console.error(error);
  process.exit(1);
});

/** A throw-away PostgreSQL cluster (bench/lib.mjs), stopped and deleted on any exit. */
function startPostgres(port) {
  const postgres = startThrowAwayPostgres(port);
  cleanups.push(() => postgres.stop());
  return postgres;
}

/** Every stored ride with its idempotency key, operator and number, read straight from the database after the server has stopped. */
function storedRides(kind, where) {
  return queryStoredDatabase(kind, where, STORED_BOOKINGS_QUERY);
}

const trip = benchTrip;

async function runOn(kind, postgres) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faults-data-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const databaseUrl = kind === 'postgres' ? postgres.createDb(`faults_${process.pid}`) : '';
  const port = await freePort();
  // a load of 75 bookings per rider is far past the per-rider hourly limit a real rider meets
  const launch = () => launchServer(port, { dataDir, env: { DATABASE_URL: databaseUrl, RATE_LIMITS: 'off', ...dropBookingEnv() } });
  let server = await launch();
  const killOnExit = () => server.child.kill('SIGKILL');
  cleanups.push(() => killOnExit());
  const json = apiClient(server.origin);

  const cookies = [];
  for (let i = 0; i < CLIENTS; i++) cookies.push(await signInRider(server.origin, i, '97'));
  const quoteIds = [];
  for (let i = 0; i < CLIENTS; i++) quoteIds.push((await json('/api/rides/quote', { method: 'POST', body: trip() })).json.data.ride_search_id);

  // One record per booking (idempotency key): what the client saw.
  const bookings = new Map();
  const inFlight = new Set();
  let failedAttempts = 0; // no HTTP answer (reset, refused) or a 5xx: retried with the same key
  let serverErrors = 0;
  let done = 0;
  let reopenError = null;
  const kills = [];

  const load = closedLoop(BOOKINGS, CLIENTS, async (i, client) => {
    const key = `faults-${kind}-${i}`;
    const record = { attempts: 0, failures: 0, status: null, number: null, refused: null, inFlightAtKill: false };
    bookings.set(key, record);
    const body = { rideSearchId: quoteIds[client], rideVehicle: 'sedan', idempotencyKey: key };
    const deadline = Date.now() + GIVE_UP_MS;
    while (!reopenError && Date.now() < deadline) {
      record.attempts++;
      inFlight.add(key);
      let r;
      try {
        r = await json('/api/rides', { method: 'POST', body, cookie: cookies[client] });
      } catch {
        r = null;
      } finally {
        inFlight.delete(key);
      }
      if (r && r.status < 500) {
        if ((r.status === 200 || r.status === 201) && r.json?.data?.[0]?.id) {
          record.status = r.status;
          record.number = r.json.data[0].id; // the ride's number within the operator
        } else {
          record.refused = `${r.status} ${r.json?.error?.code ?? ''}`.trim();
        }
        break;
      }
      failedAttempts++;
      if (r) serverErrors++;
      record.failures++;
      await sleep(RETRY_PAUSE_MS);
    }
    done++;
  });

  // The killer: SIGKILL at evenly spaced points of the run, then restart on the same data.
  const killer = (async () => {
    for (let k = 1; k <= KILLS; k++) {
      const at = Math.floor((BOOKINGS * k) / (KILLS + 1));
      while (done < at) await sleep(5);
      for (const key of inFlight) bookings.get(key).inFlightAtKill = true;
      const inFlightNow = inFlight.size;
      const t0 = performance.now();
      await server.kill('SIGKILL');
      try {
        server = await launch();
        kills.push({ inFlight: inFlightNow, restartMs: server.readyMs, downMs: performance.now() - t0 });
      } catch (error) {
        reopenError = error.message;
        kills.push({ inFlight: inFlightNow, restartMs: null, downMs: null });
        return;
      }
    }
  })();

  const timing = await load;
  await killer;
  if (!reopenError) await server.kill('SIGTERM');

  let rows = [];
  let readError = null;
  try {
    rows = await storedRides(kind, { dataDir, databaseUrl });
  } catch (error) {
    readError = error.message;
  }
  const acked = [...bookings].filter(([, b]) => b.number !== null);
  const stored = matchStoredBookings(
    acked.map(([key, b]) => ({ key, number: b.number })),
    rows,
    benchOperator(),
  );
  const retried = [...bookings.values()].filter((b) => b.failures > 0);
  return {
    kind,
    sent: bookings.size,
    acknowledged: acked.length,
    refused: [...bookings.values()].filter((b) => b.refused).length,
    refusedCodes: [...new Set([...bookings.values()].map((b) => b.refused).filter(Boolean))],
    gaveUp: [...bookings.values()].filter((b) => b.number === null && !b.refused).length,
    failedAttempts,
    serverErrors,
    inFlightAtKills: kills.reduce((n, k) => n + k.inFlight, 0),
    retried: retried.length,
    retriedAlreadyStored: retried.filter((b) => b.status === 200).length,
    retriedCreated: retried.filter((b) => b.status === 201).length,
    storedRows: rows.length,
    storedKeys: stored.storedKeys,
    storedNotAcknowledged: stored.unacknowledged,
    lost: stored.lost,
    lostByKey: stored.lostByKey,
    lostByNumber: stored.lostByNumber,
    doubled: stored.doubled,
    kills,
    reopenError,
    readError,
    latency: summary(timing),
  };
}

const results = [];
let postgres = null;
for (const kind of DATABASES) {
  if (kind === 'postgres' && !postgres) postgres = startPostgres(await freePort());
  results.push(await runOn(kind, postgres));
}

const label = { pglite: 'PGlite', postgres: `PostgreSQL ${postgres?.version ?? ''}`.trim() };
const spread = (xs) => {
  if (!xs.length) return '-';
  if (xs.includes(null)) return `failed after ${xs.length - 1}`;
  const sorted = [...xs].sort((a, b) => a - b);
  return `${sorted[0].toFixed(0)} / ${median(sorted).toFixed(0)} / ${sorted.at(-1).toFixed(0)}`;
};
const lines = [
  ['bookings sent', (r) => r.sent],
  ['acknowledged (2xx + ride number)', (r) => r.acknowledged],
  ['refused (4xx)', (r) => r.refused + (r.refusedCodes.length ? ` (${r.refusedCodes.join(', ')})` : '')],
  ['gave up (no answer in 90 s)', (r) => r.gaveUp],
  ['SIGKILLs', (r) => r.kills.length],
  ['in flight at the kills', (r) => r.inFlightAtKills],
  ['failed attempts (retried)', (r) => r.failedAttempts + (r.serverErrors ? ` (${r.serverErrors} x 5xx)` : '')],
  ['bookings retried', (r) => r.retried],
  ['  retry found it stored (200)', (r) => r.retriedAlreadyStored],
  ['  retry created it (201)', (r) => r.retriedCreated],
  ['rides stored (rows)', (r) => (r.readError ? 'unreadable' : r.storedRows)],
  ['stored, never acknowledged', (r) => r.storedNotAcknowledged],
  ['lost (acknowledged, not stored)', (r) => r.lost],
  ['  no row of its key / of its number', (r) => `${r.lostByKey} / ${r.lostByNumber}`],
  ['doubled (> 1 row per key)', (r) => r.doubled],
  ['restart ms min / median / max', (r) => spread(r.kills.map((k) => k.restartMs))],
  ['downtime ms (kill to ready), same', (r) => spread(r.kills.map((k) => k.downMs))],
  ['booking p50 / p99 ms (incl. retries)', (r) => `${r.latency.p50.toFixed(0)} / ${r.latency.p99.toFixed(0)}`],
];
const width = 26;
console.log(`faults bench (${CLIENTS} concurrent clients, ${BOOKINGS} bookings, ${KILLS} SIGKILLs of the server per database; goal: none lost or doubled)`);
console.log(`  ${''.padEnd(38)}${results.map((r) => label[r.kind].padStart(width)).join('')}`);
for (const [name, value] of lines) console.log(`  ${name.padEnd(38)}${results.map((r) => String(value(r)).padStart(width)).join('')}`);
let failed = false;
for (const r of results) {
  if (r.reopenError) console.log(`  ${label[r.kind]}: the server did not come back after a SIGKILL: ${r.reopenError}`);
  if (r.readError) console.log(`  ${label[r.kind]}: the data could not be read afterwards: ${r.readError}`);
  const ok = !r.reopenError && !r.readError && r.lost === 0 && r.doubled === 0 && r.gaveUp === 0 && r.refused === 0;
  failed ||= !ok;
  console.log(`  ${label[r.kind]}: ${ok ? 'every acknowledged booking stored exactly once' : 'FAILED'}`);
}
report(
  'faults',
  results.map((r) => ({
    label: `faults ${label[r.kind]}: acknowledged bookings lost or doubled after ${KILLS} SIGKILLs`,
    value: r.reopenError || r.readError ? Number.NaN : r.lost + r.doubled,
    unit: '',
    goal: { op: '==', value: 0 },
  })),
);
process.exitCode = failed ? 1 : 0;
