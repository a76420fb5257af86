#!/usr/bin/env node
// The pages crawlers index (issue 29), for the demo operator (Chennai and its cities) on the production build:
// - URLs per language and per page kind, read from the operator's sitemaps (the index, then every child file),
//   with the time to answer them all on a fresh server;
// - one airport page, one airport transfer page and one locality page under wrk at 64 connections with
//   Accept-Encoding: gzip, each against nginx serving the same gzipped bytes in the same run (goal: at least 0.5
//   of nginx's throughput, p99 under 20 ms), wrk pinned to CPU 1, the server and nginx to CPU 0
//   (bench/README.md, "Method");
// - bytes per document, raw and gzipped (goal: a transfer page under 25 kB raw; documents carry no images);
// - then `bench/sitemaps.mjs 10`: sitemap generation time and the server's peak memory for an operator with ten
//   service cities in India (15 languages).
// Usage: node bench/seo-pages.mjs [seconds=10] [connections=64]
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { freePort, pagesAgainstNginx, requireBuild, requireDebianTool, SERVER_CPU, startServer, wrkErrors, wrkRow } from './lib.mjs';
import { report } from './report.mjs';

const SECONDS = Number(process.argv[2] ?? process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.argv[3] ?? 64);
const GZIP = 'Accept-Encoding: gzip';
const GOAL = { ratio: 0.5, p99: 20, transferRawKb: 25 };
/** The pages measured, as the sitemap lists them; the first path found of each list is used. */
const WANTED = [
  { name: 'airport page', paths: ['/in/en/airport/maa'], pattern: /^\/in\/en\/airport\/[^/]+$/ },
  { name: 'transfer page', paths: ['/in/en/airport/maa/velachery', '/in/en/airport/maa/t-nagar'], pattern: /^\/in\/en\/airport\/[^/]+\/[^/]+$/ },
  { name: 'locality page', paths: ['/in/en/place/chennai/velachery', '/in/en/place/chennai/t-nagar'], pattern: /^\/in\/en\/place\/[^/]+\/[^/]+$/ },
];

/** The kind of a sitemap URL's path, as the page families of docs/requirements/crawler.md name them. */
function kindOf(pathname) {
  const rest = pathname.replace(/^\/[a-z]{2}\/[a-z]{2,3}/, '');
  if (/^\/airport\/[^/]+\/[^/]+$/.test(rest)) return 'airport transfer';
  if (/^\/airport\/[^/]+$/.test(rest)) return 'airport';
  if (/^\/place\/[^/]+\/[^/]+$/.test(rest)) return 'locality';
  if (/^\/place\/[^/]+$/.test(rest)) return 'place (city)';
  if (/^\/taxi\/[^/]+$/.test(rest)) return 'route';
  if (/^\/blogs?(\/|$)/.test(rest)) return 'blog';
  return rest === '' || rest === '/' ? 'home' : 'other';
}

requireBuild();
requireDebianTool('wrk', 'wrk');
requireDebianTool('nginx', 'nginx-light');

const server = await startServer(await freePort(), { LOG_LEVEL: 'silent' }, { cpu: SERVER_CPU });
let nginx;
try {
  // the sitemaps, first answers of a fresh server
  const started = performance.now();
  const locsOf = (xml) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1].replace(/&amp;/g, '&')).pathname);
  const index = await fetch(`${server.origin}/sitemap.xml`);
  if (!index.ok) throw new Error(`/sitemap.xml answered ${index.status}`);
  const children = locsOf(await index.text());
  const urls = [];
  for (const child of children) {
    const res = await fetch(server.origin + child);
    if (!res.ok) throw new Error(`${child} answered ${res.status}`);
    urls.push(...locsOf(await res.text()));
  }
  const sitemapMs = performance.now() - started;
  const byLanguage = new Map();
  const byKind = new Map();
  for (const url of urls) {
    const lang = url.split('/')[2] ?? '?';
    byLanguage.set(lang, (byLanguage.get(lang) ?? 0) + 1);
    const kind = kindOf(url);
    byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
  }
  const listed = new Set(urls);

  const pages = WANTED.map((wanted) => {
    const named = wanted.paths.find((p) => listed.has(p));
    const pagePath = named ?? urls.find((u) => wanted.pattern.test(u));
    if (!pagePath) throw new Error(`no ${wanted.name} in the sitemap`);
    // said in the report when none of the named pages is listed and the first of the kind stands in
    return { name: wanted.name, path: pagePath, note: named ? '' : `, none of ${wanted.paths.join(', ')} in the sitemap: the first of its kind` };
  });
  nginx = await pagesAgainstNginx(server, pages, { connections: CONNECTIONS, seconds: SECONDS, headers: [GZIP] });

  console.log(
    `SEO pages bench (demo operator; wrk -t1 -c${CONNECTIONS} -d${SECONDS}s on CPU 1, ${GZIP}; server and nginx on CPU ${SERVER_CPU}; ${nginx.version})`,
  );
  console.log(`  sitemaps: ${children.length} files, ${urls.length} URLs, answered in ${sitemapMs.toFixed(0)} ms on a fresh server`);
  console.log(`  URLs per language: ${[...byLanguage].map(([lang, n]) => `${lang} ${n}`).join(', ')}`);
  console.log(`  URLs per kind (all languages): ${[...byKind].map(([kind, n]) => `${kind} ${n}`).join(', ')}`);
  for (const page of pages) {
    console.log(`  ${page.name} ${page.path} (${(page.bytes.html / 1000).toFixed(1)} kB HTML, ${(page.bytes.gzip / 1000).toFixed(1)} kB gzipped${page.note})`);
    console.log(wrkRow('  nginx, same bytes (baseline)', page.nginx));
    console.log(wrkRow('  app', page.app, page.nginx));
    const ratio = page.app.rps / page.nginx.rps;
    console.log(
      `      throughput ratio app/nginx ${ratio.toFixed(3)} (goal >= ${GOAL.ratio}: ${ratio >= GOAL.ratio ? 'met' : 'MISSED'}); p99 ${page.app.p99.toFixed(1)} ms (goal < ${GOAL.p99} ms: ${page.app.p99 < GOAL.p99 ? 'met' : 'MISSED'})`,
    );
    if (page.app.non2xx || page.app.socketErrors) console.log(`      WARNING: errors in this run: app ${wrkErrors(page.app)}, nginx ${wrkErrors(page.nginx)}`);
  }
  const transfer = pages.find((page) => page.name === 'transfer page');
  console.log(
    `  transfer page raw HTML ${(transfer.bytes.html / 1000).toFixed(1)} kB (goal < ${GOAL.transferRawKb} kB: ${transfer.bytes.html / 1000 < GOAL.transferRawKb ? 'met' : 'MISSED'})`,
  );
  report('seo-pages', [
    { label: 'sitemap URLs (demo operator)', value: urls.length, unit: '' },
    { label: 'sitemaps answered, fresh server', value: sitemapMs, unit: 'ms' },
    ...pages.flatMap((page) => [
      { label: `${page.name} throughput vs nginx`, value: page.app.rps / page.nginx.rps, unit: 'x', baseline: 1, goal: { op: '>=', value: GOAL.ratio } },
      { label: `${page.name} p99`, value: page.app.p99, unit: 'ms', baseline: page.nginx.p99, goal: { op: '<', value: GOAL.p99 } },
      { label: `${page.name} HTML`, value: page.bytes.html / 1000, unit: 'kB' },
      { label: `${page.name} gzipped`, value: page.bytes.gzip / 1000, unit: 'kB' },
    ]),
    { label: 'transfer page raw HTML', value: transfer.bytes.html / 1000, unit: 'kB', goal: { op: '<', value: GOAL.transferRawKb } },
  ]);
} finally {
  await nginx?.stop();
  await server.stop();
}

// an operator with ten service cities: sitemap generation time and peak memory (its own server)
console.log('\n  sitemaps of an operator with 10 service cities in India (bench/sitemaps.mjs 10):');
const sitemaps = spawnSync(process.execPath, [path.join(path.dirname(new URL(import.meta.url).pathname), 'sitemaps.mjs'), '10'], { stdio: 'inherit' });
if (sitemaps.status !== 0) process.exitCode = sitemaps.status ?? 1;
