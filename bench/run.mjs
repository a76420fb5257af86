#!/usr/bin/env node
// `npm run bench`: every script in bench/ against the production build, each run `runs` times
// (Lighthouse runs 3 times per page inside its script), then one table of medians with the
// baseline each figure was measured against in the same run, the goal, and whether it is met.
// Usage: node bench/run.mjs [runs=3] [only=script,script]   (BENCH_SECONDS: length of each wrk measurement)
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { median, requireBuild, root } from './lib.mjs';
import { meets } from './report.mjs';

const RUNS = Number(process.argv[2] ?? 3);
const ONLY = process.argv[3]?.split(',');
// seconds of each wrk measurement (api, pages, booking): BENCH_SECONDS, default 10
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SCRIPTS = [
  { name: 'startup', cmd: ['node', 'bench/startup.mjs', '3'], runs: 1 },
  { name: 'api', cmd: ['node', 'bench/api.mjs', String(SECONDS), '32'] },
  { name: 'pages', cmd: ['node', 'bench/pages.mjs', String(SECONDS), '64'] },
  { name: 'booking', cmd: ['node', 'bench/booking.mjs', 'pglite,postgres', String(SECONDS), '32'] },
  { name: 'board', cmd: ['node', 'bench/board.mjs', String(SECONDS), '4'] },
  { name: 'places', cmd: ['npx', 'tsx', 'bench/places.ts', '20000'] },
  { name: 'chat', cmd: ['node', 'bench/chat.mjs', '10', '50', '500'] },
  { name: 'dispatch', cmd: ['node', 'bench/dispatch.mjs', '500', '20', '60'], runs: 1 },
  { name: 'app-js', cmd: ['node', 'bench/app-js.mjs'], runs: 1 },
  { name: 'lighthouse', cmd: ['node', 'bench/lighthouse.mjs', '3'], runs: 1 },
  { name: 'sitemaps', cmd: ['node', 'bench/sitemaps.mjs', '500'], runs: 1 },
  { name: 'seo-pages', cmd: ['node', 'bench/seo-pages.mjs', String(SECONDS), '64'], runs: 1 },
  { name: 'ceiling', cmd: ['node', 'bench/ceiling.mjs', String(SECONDS), '64'], runs: 1 },
  { name: 'faults', cmd: ['node', 'bench/faults.mjs', 'pglite,postgres', '600', '16', '3'], runs: 1, optional: true },
  { name: 'rolling', cmd: ['node', 'bench/rolling.mjs', '8', '2'], runs: 1, optional: true },
  { name: 'scale', cmd: ['node', 'bench/scale.mjs', String(SECONDS), '32', '3'], runs: 1, optional: true },
];

requireBuild();
const figures = new Map();
for (const script of SCRIPTS) {
  if (ONLY && !ONLY.includes(script.name)) continue;
  const runs = script.runs ?? RUNS;
  for (let i = 0; i < runs; i++) {
    process.stderr.write(`== ${script.cmd.join(' ')} (run ${i + 1} of ${runs})\n`);
    const result = spawnSync(script.cmd[0], script.cmd.slice(1), {
      cwd: root,
      env: { ...process.env, BENCH_JSON: '1' },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 64 * 1024 * 1024,
    });
    const lines = (result.stdout ?? '').split('\n');
    process.stderr.write(lines.filter((l) => !l.startsWith('BENCH_JSON ')).join('\n'));
    const line = lines.find((l) => l.startsWith('BENCH_JSON '));
    if (!line) {
      if (script.optional && result.status !== 0) process.stderr.write(`(${script.name} did not run: exit ${result.status})\n`);
      else process.stderr.write(`(${script.name} printed no figures: exit ${result.status})\n`);
      continue;
    }
    for (const figure of JSON.parse(line.slice('BENCH_JSON '.length)).figures) {
      const key = `${script.name}\u0000${figure.label}`;
      if (!figures.has(key)) figures.set(key, { script: script.name, ...figure, values: [], baselines: [] });
      const entry = figures.get(key);
      entry.values.push(figure.value);
      if (figure.baseline !== undefined) entry.baselines.push(figure.baseline);
    }
  }
}

const fmt = (v, unit) =>
  v === undefined
    ? ''
    : `${Math.abs(v) >= 100 || Number.isInteger(v) ? Math.round(v) : v.toFixed(unit === 'x' ? (v < 0.1 ? 3 : 2) : v < 1 ? 3 : 1)}${unit && unit !== 'x' ? ` ${unit}` : unit === 'x' ? 'x' : ''}`;
const rows = [['figure', 'median', 'runs', 'baseline (same run)', 'goal', 'met']];
let missed = 0;
for (const f of figures.values()) {
  const value = median(f.values);
  const base = f.baselines.length ? median(f.baselines) : undefined;
  const ok = meets(value, f.goal);
  if (ok === false) missed++;
  rows.push([
    f.label,
    fmt(value, f.unit),
    String(f.values.length),
    fmt(base, f.unit),
    f.goal ? `${f.goal.op} ${f.goal.value}${f.unit && f.unit !== 'x' ? ` ${f.unit}` : ''}` : '',
    ok === undefined ? '' : ok ? 'yes' : 'NO',
  ]);
}
const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
console.log(
  `\nbench on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'cpu'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}, ${new Date().toISOString().slice(0, 10)}`,
);
for (const [i, r] of rows.entries()) {
  console.log(`| ${r.map((cell, c) => cell.padEnd(widths[c])).join(' | ')} |`);
  if (i === 0) console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
}
console.log(missed ? `\n${missed} figure(s) miss their goal (marked NO).` : '\nEvery goal met.');
