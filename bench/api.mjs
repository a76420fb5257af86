#!/usr/bin/env node
// The API router under wrk, each endpoint next to a bare Node `http` server answering a small JSON in the
// same run: GET /api/health, GET /api/places/search?q=chen and POST /api/rides/quote (an outstation quote,
// JSON with content-type and no Origin, as an API client sends it). wrk runs pinned to CPU 1, the server
// and the baseline to CPU 0 (bench/README.md, "Method").
// Goals (issue 16): health >= 25 % of bare Node's throughput; quote >= 5 % of it with p99 < 30 ms;
// place search p99 < 10 ms.
// Usage: node bench/api.mjs [seconds=10] [connections=32]   (BENCH_CPU_PROF=dir: CPU profile of the server)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  benchTrip,
  freePort,
  lua,
  luaScript,
  readStatuses,
  requireBuild,
  requireDebianTool,
  SERVER_CPU,
  startBareNode,
  startServer,
  statusScript,
  wrk,
  wrkErrors,
  wrkRow,
} from './lib.mjs';
import { report } from './report.mjs';

const SECONDS = Number(process.argv[2] ?? process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.argv[3] ?? 32);

requireBuild();
requireDebianTool('wrk', 'wrk');

const quoteBody = JSON.stringify(benchTrip());
const postScript = (body) =>
  luaScript(`wrk.method = "POST"
wrk.body = ${lua(body)}
wrk.headers["Content-Type"] = "application/json"
`);

const server = await startServer(await freePort(), { RATE_LIMITS: 'off', LOG_LEVEL: 'silent' }, { cpu: SERVER_CPU });
const bare = await startBareNode(await freePort());
try {
  const quoteScript = postScript(quoteBody);
  const check = await fetch(`${server.origin}/api/rides/quote`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: quoteBody });
  if (check.status !== 200) throw new Error(`the quote body is refused: ${check.status} ${await check.text()}`);
  const search = await fetch(`${server.origin}/api/places/search?q=chen`);
  if (search.status !== 200) throw new Error(`place search answered ${search.status}`);

  // warm-up (JIT, the gazetteer, PGlite's caches), 2 s each, not reported
  const warm = { connections: CONNECTIONS, seconds: 2 };
  await wrk(`${bare.origin}/`, warm);
  await wrk(`${server.origin}/api/health`, warm);
  await wrk(`${server.origin}/api/places/search?q=chen`, warm);
  await wrk(`${server.origin}/api/rides/quote`, { ...warm, script: quoteScript });

  const opts = { connections: CONNECTIONS, seconds: SECONDS };
  const base = await wrk(`${bare.origin}/`, opts);
  const basePost = await wrk(`${bare.origin}/`, { ...opts, script: quoteScript });
  const health = await wrk(`${server.origin}/api/health`, opts);
  const places = await wrk(`${server.origin}/api/places/search?q=chen`, opts);
  // quotes answer a few hundred per second: wrk can afford to count their statuses in Lua
  const statusOut = path.join(os.tmpdir(), `bench-api-status-${process.pid}.txt`);
  const quote = await wrk(`${server.origin}/api/rides/quote`, {
    ...opts,
    script: statusScript(statusOut, `wrk.method = "POST"\nwrk.body = ${lua(quoteBody)}\nwrk.headers["Content-Type"] = "application/json"`),
  });
  const quoteStatuses = readStatuses(statusOut);
  fs.rmSync(statusOut, { force: true });

  console.log(
    `api bench (wrk -t1 -c${CONNECTIONS} -d${SECONDS}s on CPU 1; server and baseline on CPU ${SERVER_CPU}; ratios are throughput against the bare Node baseline)`,
  );
  console.log(wrkRow('bare node http GET (baseline)', base));
  console.log(wrkRow('bare node http POST (baseline)', basePost));
  console.log(wrkRow('GET /api/health', health, base));
  console.log(wrkRow('GET /api/places/search?q=chen', places, base));
  console.log(wrkRow('POST /api/rides/quote', quote, basePost));
  console.log(`    quote answers: ${quoteStatuses || 'none'}`);
  const goals = [
    ['health >= 0.25x bare node', health.rps / base.rps >= 0.25],
    ['quote >= 0.05x bare node', quote.rps / basePost.rps >= 0.05],
    ['quote p99 < 30 ms', quote.p99 < 30],
    ['place search p99 < 10 ms', places.p99 < 10],
  ];
  console.log(`  goals: ${goals.map(([g, ok]) => `${g} ${ok ? 'met' : 'MISSED'}`).join('; ')}`);
  const errors = [health, places, quote].filter((r) => r.non2xx || r.socketErrors);
  if (errors.length) console.log(`  WARNING: a run had errors (${[health, places, quote].map(wrkErrors).join(' / ')}); its figures include failed answers`);

  const errorCount = (r) => r.non2xx + r.socketErrors;
  report('api', [
    { label: `health throughput vs bare node (${CONNECTIONS} conn.)`, value: health.rps / base.rps, unit: 'x', baseline: 1, goal: { op: '>=', value: 0.25 } },
    { label: `health p99 (${CONNECTIONS} conn.)`, value: health.p99, unit: 'ms', baseline: base.p99 },
    { label: `place search throughput vs bare node (${CONNECTIONS} conn.)`, value: places.rps / base.rps, unit: 'x', baseline: 1 },
    { label: `place search p99 (${CONNECTIONS} conn.)`, value: places.p99, unit: 'ms', baseline: base.p99, goal: { op: '<', value: 10 } },
    { label: `quote throughput vs bare node (${CONNECTIONS} conn.)`, value: quote.rps / basePost.rps, unit: 'x', baseline: 1, goal: { op: '>=', value: 0.05 } },
    { label: `quote p99 (${CONNECTIONS} conn.)`, value: quote.p99, unit: 'ms', baseline: basePost.p99, goal: { op: '<', value: 30 } },
    { label: 'api requests/s: bare node GET', value: base.rps, unit: '/s' },
    { label: 'api requests/s: health', value: health.rps, unit: '/s', baseline: base.rps },
    { label: 'api requests/s: place search', value: places.rps, unit: '/s', baseline: base.rps },
    { label: 'api requests/s: quote', value: quote.rps, unit: '/s', baseline: basePost.rps },
    {
      label: 'api non-2xx answers and socket errors',
      value: errorCount(health) + errorCount(places) + errorCount(quote),
      unit: '',
      goal: { op: '==', value: 0 },
    },
  ]);
} finally {
  await bare.stop();
  await server.stop();
}
