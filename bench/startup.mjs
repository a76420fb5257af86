#!/usr/bin/env node
// Start-up time: process start -> first 200 of the rider home, on a new data
// directory (creates and migrates PGlite, seeds the demo operator), on an
// existing one, and on an existing one without the place index file (built at
// start, as before it was a file); and the process's peak resident memory
// (VmHWM) by then and `settleMs` later. Baseline in the same run: a bare Node
// HTTP server answering 200. With `postgres` in the third argument, the same on
// PostgreSQL (a throw-away cluster from /usr/lib/postgresql, a new database per
// run: migrated and seeded on the first start, existing on the second), the
// start-up spike the fault runs saw on each instance of a two-instance deployment.
// Needs a production build (.next). Usage: node bench/startup.mjs [runs=5] [settleMs=8000] [databases=pglite]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPostgres } from './lib.mjs';
import { report } from './report.mjs';

const runs = Number(process.argv[2] ?? 5);
const settleMs = Number(process.argv[3] ?? 8000);
const databases = (process.argv[4] ?? 'pglite').split(',');
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const port = 3900;
const target = `http://localhost:${port}/in/en/user/home`;

if (!fs.existsSync(path.join(root, '.next/BUILD_ID')) || !fs.existsSync(path.join(root, 'dist/server.mjs'))) {
  console.error('No production build: run `npm run build` first.');
  process.exit(1);
}

/** Resident memory of a process now and at its peak (MiB), from /proc. */
function memoryOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

async function timeToFirst200(cmd, args, env) {
  const started = process.hrtime.bigint();
  const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'ignore' });
  try {
    for (;;) {
      try {
        const res = await fetch(target, { redirect: 'manual' });
        if (res.status === 200) {
          const ms = Number(process.hrtime.bigint() - started) / 1e6;
          const ready = memoryOf(child.pid);
          await new Promise((r) => setTimeout(r, settleMs));
          return { ms, ready, settled: memoryOf(child.pid) };
        }
      } catch {}
      await new Promise((r) => setTimeout(r, 20));
      if (Number(process.hrtime.bigint() - started) > 60e9) throw new Error('no 200 within 60 s');
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const max = (xs) => Math.max(...xs);
const serverJs = path.join(root, 'dist/server.mjs');
const serverEnv = (dataDir, databaseUrl = '') => ({
  PORT: String(port),
  DATA_DIR: dataDir,
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  DATABASE_URL: databaseUrl,
  SECRETS_KEY_AUTO: '1',
});
const baselineScript = `require('http').createServer((q,s)=>s.end('ok')).listen(${port})`;

const results = { baseline: [], fresh: [], existing: [], noIndexFile: [], pgFresh: [], pgExisting: [] };
const postgres = databases.includes('postgres') ? startPostgres(port + 1) : null;
process.on('exit', () => postgres?.stop());
for (let i = 0; i < runs; i++) {
  results.baseline.push(await timeToFirst200(process.execPath, ['-e', baselineScript], {}));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-startup-'));
  results.fresh.push(await timeToFirst200(process.execPath, [serverJs], serverEnv(dir)));
  results.existing.push(await timeToFirst200(process.execPath, [serverJs], serverEnv(dir)));
  // the index file elsewhere, missing: the server builds it before listening and writes it there
  results.noIndexFile.push(
    await timeToFirst200(process.execPath, [serverJs], { ...serverEnv(dir), PLACE_INDEX_FILE: path.join(dir, 'no-such', 'places.bin') }),
  );
  fs.rmSync(dir, { recursive: true, force: true });
  if (postgres) {
    const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-startup-pg-'));
    const url = postgres.createDb(`startup_${i}`);
    results.pgFresh.push(await timeToFirst200(process.execPath, [serverJs], serverEnv(pgDir, url)));
    results.pgExisting.push(await timeToFirst200(process.execPath, [serverJs], serverEnv(pgDir, url)));
    fs.rmSync(pgDir, { recursive: true, force: true });
  }
}
postgres?.stop();

const base = median(results.baseline.map((r) => r.ms));
console.log(`startup (median of ${runs}; goal: existing data directory under 1500 ms with the place index ready; memory: the highest of the runs, MiB)`);
console.log(`  ${'bare node http baseline'.padEnd(42)} ${base.toFixed(0).padStart(6)} ms`);
const rows = [
  ['fresh', 'new data directory'],
  ['existing', 'existing data directory'],
  ['noIndexFile', 'existing data directory, no place index file'],
  ...(postgres
    ? [
        ['pgFresh', `PostgreSQL ${postgres.version}, new database`],
        ['pgExisting', `PostgreSQL ${postgres.version}, existing database`],
      ]
    : []),
];
for (const [name, label] of rows) {
  const m = median(results[name].map((r) => r.ms));
  const peak = max(results[name].map((r) => r.ready.peak));
  const settledPeak = max(results[name].map((r) => r.settled.peak));
  const settled = max(results[name].map((r) => r.settled.rss));
  console.log(
    `  ${label.padEnd(42)} ${m.toFixed(0).padStart(6)} ms (x${(m / base).toFixed(1)} baseline)   peak RSS ${peak.toFixed(0)} at the first 200, ${settledPeak.toFixed(0)} by ${settleMs / 1000} s later; RSS then ${settled.toFixed(0)}`,
  );
}
report('startup', [
  { label: 'start-up, new data directory', value: median(results.fresh.map((r) => r.ms)), unit: 'ms', baseline: base },
  { label: 'start-up, existing data directory', value: median(results.existing.map((r) => r.ms)), unit: 'ms', baseline: base, goal: { op: '<', value: 1500 } },
  { label: 'start-up peak RSS, existing data directory', value: max(results.existing.map((r) => r.settled.peak)), unit: 'MiB' },
  { label: 'start-up peak RSS, new data directory', value: max(results.fresh.map((r) => r.settled.peak)), unit: 'MiB' },
  ...(postgres
    ? [
        { label: 'start-up, PostgreSQL, existing database', value: median(results.pgExisting.map((r) => r.ms)), unit: 'ms', baseline: base },
        { label: 'start-up peak RSS, PostgreSQL, existing database', value: max(results.pgExisting.map((r) => r.settled.peak)), unit: 'MiB' },
        { label: 'start-up peak RSS, PostgreSQL, new database', value: max(results.pgFresh.map((r) => r.settled.peak)), unit: 'MiB' },
      ]
    : []),
]);
