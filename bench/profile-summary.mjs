#!/usr/bin/env node
// Top functions by self time in V8 CPU profiles (node --cpu-prof; the benches write them with
// BENCH_CPU_PROF=dir). Self time is summed per function (name, file, line) over every sample.
// --last=S counts only the samples of the profile's last S seconds (the load, without the server's start-up).
// Usage: node bench/profile-summary.mjs file.cpuprofile [more.cpuprofile...] [--top=25] [--last=seconds]
import fs from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const top = Number(args.find((a) => a.startsWith('--top='))?.slice(6) ?? 25);
const last = Number(args.find((a) => a.startsWith('--last='))?.slice(7) ?? 0);
const files = args.filter((a) => !a.startsWith('--'));
if (!files.length) {
  console.error('Usage: node bench/profile-summary.mjs file.cpuprofile [...] [--top=25] [--last=seconds]');
  process.exit(2);
}

const short = (url) => {
  if (!url) return '';
  const clean = url.replace(/^file:\/\//, '');
  const nm = clean.lastIndexOf('node_modules/');
  if (nm !== -1) return clean.slice(nm + 'node_modules/'.length);
  return path.relative(process.cwd(), clean);
};

for (const file of files) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map();
  const from = last > 0 ? profile.endTime - last * 1e6 : -Infinity;
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    if (at >= from) selfUs.set(profile.samples[i], (selfUs.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
  const byFn = new Map();
  const byPackage = new Map();
  for (const [id, us] of selfUs) {
    const { callFrame: f } = byId.get(id);
    const key = `${f.functionName || '(anonymous)'}  ${short(f.url)}${f.url ? `:${f.lineNumber + 1}` : ''}`;
    byFn.set(key, (byFn.get(key) ?? 0) + us);
    const where = short(f.url);
    const pkg = !f.url ? f.functionName : where.startsWith('node:') ? 'node internals' : (/^(@[^/]+\/[^/]+|[^/]+)/.exec(where)?.[1] ?? where);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
  }
  const idle = byFn.get('(idle)  ') ?? 0;
  console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled, ${((100 * idle) / total).toFixed(1)} % idle`);
  console.log(`  top ${top} functions by self time (% of busy time)`);
  for (const [k, us] of [...byFn]
    .filter(([k]) => !k.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)) {
    console.log(`  ${((100 * us) / (total - idle)).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(6)} ms  ${k}`);
  }
  console.log('  by package / file (% of busy time)');
  for (const [k, us] of [...byPackage]
    .filter(([k]) => k !== '(idle)')
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15)) {
    console.log(`  ${((100 * us) / (total - idle)).toFixed(1).padStart(5)} %  ${k}`);
  }
}
