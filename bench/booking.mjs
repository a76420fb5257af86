#!/usr/bin/env node
// Bookings (POST /api/rides) under wrk at 32 connections, on PGlite and on a throw-away PostgreSQL cluster.
// Every request carries a fresh idempotency key and the Bearer token of one of several riders signed in
// before the load (the server runs with RATE_LIMITS=off); the quotes are made before the load too and are
// checked to outlive it. A wrk Lua script counts the answers by status and keeps the ride id of each 2xx.
// Afterwards the server is stopped and the rides table is read directly: every acknowledged ride must be
// stored, no idempotency key may have two rows. Baseline in the same run: a bare Node `http` server
// answering a small JSON to the same POSTs. wrk runs on CPU 1; the server, PostgreSQL and the baseline on CPU 0.
// Goals (issue 16): >= 600 bookings/s, p99 < 100 ms, every answer a 201, none lost or doubled.
// Usage: node bench/booking.mjs [databases=pglite,postgres] [seconds=10] [connections=32] [riders=16]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  benchTrip,
  freePort,
  launchServer,
  lua,
  luaScript,
  requireBuild,
  requireDebianTool,
  SERVER_CPU,
  signInRider,
  startBareNode,
  startPostgres,
  wrk,
  wrkErrors,
  wrkRow,
  queryStoredDatabase,
  atExit,
} from './lib.mjs';
import { report } from './report.mjs';

const DATABASES = (process.argv[2] ?? 'pglite,postgres')
  .split(',')
  .map((d) => d.trim())
  .filter(Boolean);
const SECONDS = Number(process.argv[3] ?? process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.argv[4] ?? 32);
const RIDERS = Number(process.argv[5] ?? 16);
const QUOTES = 8; // a quote can be booked any number of times until it expires (lib/fares/quote.ts QUOTE_TTL_MS, 30 min)
const WARM_SECONDS = 2;

for (const d of DATABASES) {
  if (d !== 'pglite' && d !== 'postgres') {
    console.error(`Unknown database "${d}": use pglite, postgres or pglite,postgres.`);
    process.exit(2);
  }
}
requireBuild();
requireDebianTool('wrk', 'wrk');

/** The wrk script: POST /api/rides with a fresh key per request, riders and quotes round-robin; counts statuses, keeps 2xx ride ids. */
function bookingScript({ tokens, quoteIds, prefix, out }) {
  return luaScript(`local tokens = { ${tokens.map(lua).join(', ')} }
local quotes = { ${quoteIds.map(lua).join(', ')} }
local prefix = ${lua(prefix)}
local out = ${lua(out)}
local threads = {}
function setup(thread)
  table.insert(threads, thread)
  thread:set("tid", #threads)
end
function init(args)
  n = 0
  counts = {}
  ids = {}
end
function request()
  n = n + 1
  local body = '{"rideSearchId":"' .. quotes[n % #quotes + 1] .. '","rideVehicle":"sedan","idempotencyKey":"' .. prefix .. tid .. '-' .. n .. '"}'
  return wrk.format("POST", "/api/rides", { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. tokens[n % #tokens + 1] }, body)
end
function response(status, headers, body)
  counts[status] = (counts[status] or 0) + 1
  if status == 200 or status == 201 then
    local id = body:match('"rideId":"?([%w%-]+)')
    if id then ids[#ids + 1] = id end
  end
end
function done(summary, latency, requests)
  local f = io.open(out, "w")
  for _, t in ipairs(threads) do
    for status, c in pairs(t:get("counts")) do f:write("status " .. status .. " " .. c .. "\\n") end
    for _, id in ipairs(t:get("ids")) do f:write("ride " .. id .. "\\n") end
  end
  f:close()
end
`);
}

/** Statuses counted and ride ids acknowledged by one wrk run (from the file its done() wrote). */
function readAnswers(file) {
  const statuses = {};
  const ids = [];
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const [kind, a, b] = line.split(' ');
    if (kind === 'status') statuses[a] = (statuses[a] ?? 0) + Number(b);
    else if (kind === 'ride') ids.push(a);
  }
  return { statuses, ids };
}

/** Every bench ride with its key, read straight from the database after the server has stopped. */
function storedRides(kind, where) {
  return queryStoredDatabase(kind, where, `select idempotency_key as key, id::text as id from rides where idempotency_key like 'bk-%'`);
}

async function runOn(kind, postgres) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-booking-'));
  atExit(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const databaseUrl = kind === 'postgres' ? postgres.createDb(`booking_${process.pid}`) : '';
  const server = await launchServer(await freePort(), {
    dataDir,
    cpu: SERVER_CPU,
    env: { DATABASE_URL: databaseUrl, RATE_LIMITS: 'off', LOG_LEVEL: 'silent' },
  });
  atExit(() => server.child.kill('SIGKILL'));

  const tokens = [];
  for (let i = 0; i < RIDERS; i++) tokens.push(decodeURIComponent((await signInRider(server.origin, i, '96')).split('=').slice(1).join('=')));
  const quoteIds = [];
  let expiresAt = Infinity;
  for (let i = 0; i < QUOTES; i++) {
    const res = await fetch(`${server.origin}/api/rides/quote`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(benchTrip()),
    });
    const json = await res.json();
    if (res.status !== 200) throw new Error(`quote ${res.status}: ${JSON.stringify(json)}`);
    quoteIds.push(json.data.ride_search_id);
    expiresAt = Math.min(expiresAt, Date.parse(json.data.expires_at));
  }
  const needed = Date.now() + (WARM_SECONDS + SECONDS + 60) * 1000;
  if (expiresAt < needed) throw new Error(`the quotes expire at ${new Date(expiresAt).toISOString()}, before the load ends: shorten the run`);

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-booking-out-'));
  atExit(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const phase = async (name, seconds) => {
    const out = path.join(tmp, `${name}.txt`);
    const script = bookingScript({ tokens, quoteIds, prefix: `bk-${kind}-${name}-`, out });
    const result = await wrk(`${server.origin}/api/rides`, { connections: CONNECTIONS, seconds, script });
    return { ...result, ...readAnswers(out) };
  };
  const warm = await phase('warm', WARM_SECONDS);
  const load = await phase('load', SECONDS);
  await server.kill('SIGTERM');

  const rows = await storedRides(kind, { dataDir, databaseUrl });
  const byKey = new Map();
  for (const { key, id } of rows) byKey.set(key, [...(byKey.get(key) ?? []), id]);
  const storedIds = new Set(rows.map((r) => r.id));
  const acked = [...warm.ids, ...load.ids];
  const ackedSet = new Set(acked);
  return {
    kind,
    load,
    acknowledged: acked.length,
    created: load.statuses['201'] ?? 0,
    non201: Object.entries(load.statuses)
      .filter(([s]) => s !== '201')
      .reduce((n, [, c]) => n + c, 0),
    statusText: Object.entries(load.statuses)
      .map(([s, c]) => `${c} x ${s}`)
      .join(', '),
    rows: rows.length,
    lost: acked.filter((id) => !storedIds.has(id)).length,
    doubled: [...byKey.values()].filter((ids) => ids.length > 1).length,
    // requests still in flight when wrk stopped: stored, their answer not read
    unanswered: rows.filter((r) => !ackedSet.has(r.id)).length,
  };
}

const results = [];
let postgres = null;
const bare = await startBareNode(await freePort());
atExit(() => bare.stop());
let base;
try {
  const out = path.join(os.tmpdir(), `bench-booking-bare-${process.pid}.txt`);
  const script = bookingScript({ tokens: ['x'], quoteIds: ['00000000-0000-4000-8000-000000000000'], prefix: 'bk-bare-', out });
  await wrk(`${bare.origin}/api/rides`, { connections: CONNECTIONS, seconds: WARM_SECONDS, script });
  base = await wrk(`${bare.origin}/api/rides`, { connections: CONNECTIONS, seconds: SECONDS, script });
  fs.rmSync(out, { force: true });
} finally {
  await bare.stop();
}
for (const kind of DATABASES) {
  if (kind === 'postgres' && !postgres) {
    postgres = startPostgres(await freePort(), { cpu: SERVER_CPU });
    atExit(() => postgres.stop());
  }
  results.push(await runOn(kind, postgres));
}

const label = { pglite: 'PGlite', postgres: `PostgreSQL ${postgres?.version ?? ''}`.trim() };
console.log(
  `booking bench (wrk -t1 -c${CONNECTIONS} -d${SECONDS}s on CPU 1, ${RIDERS} riders, fresh idempotency key per request; server and database on CPU ${SERVER_CPU}; goals: >= 600 bookings/s, p99 < 100 ms, none lost or doubled)`,
);
console.log(wrkRow('bare node http POST (baseline)', base));
for (const r of results) {
  console.log(wrkRow(`POST /api/rides, ${label[r.kind]}`, r.load, base));
  console.log(
    `    answers: ${r.statusText || 'none'}; acknowledged (2xx with a ride id, incl. ${WARM_SECONDS} s warm-up) ${r.acknowledged}, rows stored ${r.rows}, lost ${r.lost}, doubled ${r.doubled}, stored but answer not read (in flight when wrk stopped) ${r.unanswered}`,
  );
  if (r.non201 || r.load.socketErrors)
    console.log(`    WARNING: ${r.non201} answers were not 201 and ${r.load.socketErrors} socket errors (${wrkErrors(r.load)}): bookings/s counts 201s only`);
}
report(
  'booking',
  results.flatMap((r) => {
    // wrk's requests/s counts every answer; bookings/s counts the 201s
    const bookingsPerSecond = r.load.rps * (r.load.requests ? r.created / r.load.requests : 0);
    return [
      {
        label: `bookings per second, ${label[r.kind]} (${CONNECTIONS} conn.)`,
        value: bookingsPerSecond,
        unit: '/s',
        baseline: base.rps,
        goal: { op: '>=', value: 600 },
      },
      { label: `booking p99, ${label[r.kind]} (${CONNECTIONS} conn.)`, value: r.load.p99, unit: 'ms', baseline: base.p99, goal: { op: '<', value: 100 } },
      { label: `booking throughput vs bare node, ${label[r.kind]}`, value: r.load.rps / base.rps, unit: 'x', baseline: 1 },
      { label: `booking answers not 201 + socket errors, ${label[r.kind]}`, value: r.non201 + r.load.socketErrors, unit: '', goal: { op: '==', value: 0 } },
      { label: `bookings lost or doubled, ${label[r.kind]}`, value: r.lost + r.doubled, unit: '', goal: { op: '==', value: 0 } },
    ];
  }),
);
process.exitCode = results.some((r) => r.lost || r.doubled) ? 1 : 0;
