#!/usr/bin/env node
// Sitemaps at scale: an operator in India (15 languages) serving 500 cities. Times each
// answer of the production server (the index, then every child file) with the server's
// peak resident memory while answering it, and checks every file against the protocol's
// limits: at most 50,000 URLs and 52,428,800 bytes uncompressed, each URL with a lastmod.
// Baseline in the same run: the same server's /api/health.
// Needs a production build (.next, dist). Usage: node bench/sitemaps.mjs [cities=500]
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { report } from './report.mjs';

const cities = Number(process.argv[2] ?? 500);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const port = Number(process.env.BENCH_PORT ?? 3910);
const origin = `http://localhost:${port}`;
const MAX_URLS = 50_000;
const MAX_BYTES = 52_428_800;

if (!fs.existsSync(path.join(root, '.next/BUILD_ID')) || !fs.existsSync(path.join(root, 'dist/server.mjs'))) {
  console.error('No production build: run `npm run build` first.');
  process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sitemaps-'));
const env = {
  ...process.env,
  PORT: String(port),
  DATA_DIR: dataDir,
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  DATABASE_URL: '',
  DEFAULT_TENANT: 'bench',
  SECRETS_KEY_AUTO: '1',
  NEXT_TELEMETRY_DISABLED: '1',
};
const seeded = spawnSync('npx', ['tsx', 'bench/sitemaps-seed.ts', String(cities)], { cwd: root, env, encoding: 'utf8' });
if (seeded.status !== 0) {
  console.error(seeded.stderr);
  process.exit(1);
}
const server = spawn(process.execPath, [path.join(root, 'dist/server.mjs')], { cwd: root, env, stdio: 'ignore' });

/** Resident memory of the server, in MiB. */
function rssMiB() {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) / 1024;
}

/** One GET, timed, with the server's memory sampled every 5 ms while it answers. */
async function measure(url) {
  let peak = rssMiB();
  const before = peak;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB())), 5);
  const started = process.hrtime.bigint();
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  const body = Buffer.from(await response.arrayBuffer());
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  clearInterval(sampler);
  peak = Math.max(peak, rssMiB());
  return { status: response.status, body, ms, before, peak };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

try {
  for (let waited = 0; ; waited += 100) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {}
    if (waited > 120_000) throw new Error('server did not start within 120 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  const health = [];
  for (let i = 0; i < 5; i++) health.push((await measure(`${origin}/api/health`)).ms);

  const index = await measure(`${origin}/sitemap.xml`);
  if (index.status !== 200) throw new Error(`index answered ${index.status}`);
  const children = [...index.body.toString('utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  const files = [];
  for (const child of children) {
    const answer = await measure(`${origin}${child}`);
    const xml = answer.body.toString('utf8');
    const urls = (xml.match(/<url>/g) ?? []).length;
    const lastmods = (xml.match(/<lastmod>/g) ?? []).length;
    files.push({ path: child, status: answer.status, urls, bytes: answer.body.length, lastmods, ms: answer.ms, peak: answer.peak, before: answer.before });
  }
  const totalUrls = files.reduce((sum, f) => sum + f.urls, 0);
  const allWithin = files.every((f) => f.status === 200 && f.urls <= MAX_URLS && f.bytes <= MAX_BYTES && f.lastmods === f.urls);
  const base = median(health);

  console.log(`sitemaps: ${cities} cities x 15 languages, ${totalUrls} URLs in ${files.length} files (limits: ${MAX_URLS} URLs, ${MAX_BYTES} bytes)`);
  console.log(`  /api/health baseline        ${base.toFixed(1).padStart(8)} ms`);
  console.log(`  /sitemap.xml                ${index.ms.toFixed(0).padStart(8)} ms  peak RSS ${index.peak.toFixed(0)} MiB (before ${index.before.toFixed(0)})`);
  for (const f of files) {
    console.log(
      `  ${f.path.padEnd(26)} ${f.ms.toFixed(0).padStart(8)} ms  peak RSS ${f.peak.toFixed(0)} MiB (before ${f.before.toFixed(0)})  ${String(f.urls).padStart(6)} URLs  ${(f.bytes / 1048576).toFixed(1).padStart(5)} MiB  lastmod ${f.lastmods === f.urls ? 'all' : `${f.lastmods}/${f.urls}`}`,
    );
  }
  console.log(`  every file under both limits, every URL with lastmod: ${allWithin ? 'yes' : 'NO'}`);

  report('sitemaps', [
    { label: 'sitemap URLs (500 cities x 15 languages)', value: totalUrls, unit: 'URLs' },
    { label: 'sitemap files', value: files.length, unit: 'files' },
    { label: 'sitemap index answer', value: Math.round(index.ms), unit: 'ms', baseline: Number(base.toFixed(1)) },
    { label: 'slowest child sitemap answer', value: Math.round(Math.max(...files.map((f) => f.ms))), unit: 'ms', baseline: Number(base.toFixed(1)) },
    { label: 'peak server RSS answering sitemaps', value: Math.round(Math.max(index.peak, ...files.map((f) => f.peak))), unit: 'MiB' },
    {
      label: 'largest child sitemap',
      value: Number((Math.max(...files.map((f) => f.bytes)) / 1048576).toFixed(1)),
      unit: 'MiB',
      goal: { op: '<=', value: 50 },
    },
    { label: 'most URLs in a child sitemap', value: Math.max(...files.map((f) => f.urls)), unit: 'URLs', goal: { op: '<=', value: MAX_URLS } },
    { label: 'files within limits with every lastmod', value: allWithin ? 1 : 0, unit: 'bool', goal: { op: '==', value: 1 } },
  ]);
  if (!allWithin) process.exitCode = 1;
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
