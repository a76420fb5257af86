#!/usr/bin/env node
// Start-up time: process start -> first 200 of the rider home, on a new data
// directory (creates and migrates PGlite, seeds the demo operator) and on an
// existing one. Baseline in the same run: a bare Node HTTP server answering 200.
// Needs a production build (.next). Usage: node bench/startup.mjs [runs=5]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { report } from './report.mjs';

const runs = Number(process.argv[2] ?? 5);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const port = 3900;
const target = `http://localhost:${port}/in/en/user/home`;

if (!fs.existsSync(path.join(root, '.next/BUILD_ID')) || !fs.existsSync(path.join(root, 'dist/server.mjs'))) {
  console.error('No production build: run `npm run build` first.');
  process.exit(1);
}

async function timeToFirst200(cmd, args, env) {
  const started = process.hrtime.bigint();
  const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'ignore' });
  try {
    for (;;) {
      try {
        const res = await fetch(target, { redirect: 'manual' });
        if (res.status === 200) return Number(process.hrtime.bigint() - started) / 1e6;
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
const serverJs = path.join(root, 'dist/server.mjs');
const serverEnv = (dataDir) => ({ PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: '' });
const baselineScript = `require('http').createServer((q,s)=>s.end('ok')).listen(${port})`;

const results = { baseline: [], fresh: [], existing: [] };
for (let i = 0; i < runs; i++) {
  results.baseline.push(await timeToFirst200(process.execPath, ['-e', baselineScript], {}));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-startup-'));
  results.fresh.push(await timeToFirst200(process.execPath, [serverJs], serverEnv(dir)));
  results.existing.push(await timeToFirst200(process.execPath, [serverJs], serverEnv(dir)));
  fs.rmSync(dir, { recursive: true, force: true });
}

const base = median(results.baseline);
console.log(`startup (median of ${runs}, ms; goal: existing data directory under 2000 ms)`);
console.log(`  bare node http baseline   ${base.toFixed(0).padStart(6)}`);
for (const [name, label] of [
  ['fresh', 'new data directory'],
  ['existing', 'existing data directory'],
]) {
  const m = median(results[name]);
  console.log(`  ${label.padEnd(25)} ${m.toFixed(0).padStart(6)}  (x${(m / base).toFixed(1)} baseline)`);
}
report('startup', [
  { label: 'start-up, new data directory', value: median(results.fresh), unit: 'ms', baseline: base },
  { label: 'start-up, existing data directory', value: median(results.existing), unit: 'ms', baseline: base, goal: { op: '<', value: 2000 } },
]);
