#!/usr/bin/env node
// First-load JavaScript of the app pages: the gzipped bytes of the module scripts each page makes
// Chromium download (noModule polyfills are skipped: module browsers never fetch them). Deterministic
// for a build, so it is the figure to compare before Lighthouse's noisy timings. Goal: <= 150 kB each.
// Usage: node bench/app-js.mjs [--chunks] [--check: exit 1 when a page with the goal is over it]
import zlib from 'node:zlib';
import { requireBuild, startServer } from './lib.mjs';
import { report } from './report.mjs';

const GOAL_KB = 150;
/** The pages the goal is for (chat and WhatsApp booking are measured, without a goal). */
const hasGoal = (name) => name !== 'chat booking' && name !== 'whatsapp booking';
const PAGES = [
  ['landing', '/in/en/user/home'],
  ['booking form', '/in/en/user/form/taxi/booking'],
  ['console login', '/in/en/travel/login'],
  ['chat booking', '/in/en/user/ai/taxi/booking'],
  ['whatsapp booking', '/in/en/user/whatsapp/taxi/booking'],
];

requireBuild();
const server = await startServer(3907, { LOG_LEVEL: 'silent' });
const results = [];
try {
  for (const [name, path] of PAGES) {
    const html = await (await fetch(server.origin + path)).text();
    const tags = [...html.matchAll(/<script([^>]*)>/g)].filter((m) => !/nomodule/i.test(m[1])).map((m) => /src="([^"]+)"/.exec(m[1])?.[1]);
    // the chunks the front door requests after the first paint (lib/http/front/scripts-after-paint.ts), listed in its loader
    const afterPaint = JSON.parse(/\(function\(s\)\{[\s\S]*?\}\)\((\[[^\]]*\])\)<\/script>/.exec(html)?.[1] ?? '[]');
    const srcs = [...new Set([...tags, ...afterPaint].filter(Boolean))];
    const files = [];
    for (const src of srcs) {
      const body = Buffer.from(await (await fetch(new URL(src, server.origin))).arrayBuffer());
      files.push({ src, gz: zlib.gzipSync(body, { level: 9 }).length, raw: body.length });
    }
    results.push({ name, path, kB: files.reduce((s, f) => s + f.gz, 0) / 1024, files: files.sort((a, b) => b.gz - a.gz) });
  }
} finally {
  await server.stop();
}

report(
  'app-js',
  results.map((r) => ({
    label: `first-load JavaScript, ${r.name} (gzipped)`,
    value: r.kB,
    unit: 'kB',
    goal: hasGoal(r.name) ? { op: '<=', value: GOAL_KB } : undefined,
  })),
);
console.log(`first-load JavaScript (gzipped module scripts; goal <= ${GOAL_KB} kB for the landing, the booking form and the console login)`);
for (const r of results) {
  console.log(`  ${r.name.padEnd(17)} ${r.kB.toFixed(1).padStart(6)} kB in ${r.files.length} files  ${r.path}`);
  if (process.argv.includes('--chunks'))
    for (const f of r.files) console.log(`      ${(f.gz / 1024).toFixed(1).padStart(6)} kB  (${(f.raw / 1024).toFixed(0)} kB raw)  ${f.src}`);
}

// --check (.ci/run): the budget is a guard, not only a figure; a page over it fails the run.
if (process.argv.includes('--check')) {
  const over = results.filter((r) => hasGoal(r.name) && r.kB > GOAL_KB);
  for (const r of over) console.error(`over budget: ${r.name} ${r.kB.toFixed(1)} kB > ${GOAL_KB} kB (node bench/app-js.mjs --chunks lists its files)`);
  if (over.length) process.exit(1);
}
