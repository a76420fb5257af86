#!/usr/bin/env node
// Pages under wrk against nginx serving the same gzipped bytes, in one run, 64 connections each, every
// request with Accept-Encoding: gzip. wrk runs pinned to CPU 1, the server and nginx (Debian's nginx-light,
// one worker, gzip_static on) to CPU 0 (bench/README.md, "Method").
// - documents (place page, route page; served from memory by lib/http/front/documents.ts): goal >= 0.5 of nginx's
//   throughput, p99 < 20 ms;
// - app pages (rider home, booking form; rendered by Next per request): goal >= 5 % of nginx's throughput,
//   p99 < 50 ms;
// and the gzipped JavaScript each kind of page loads (goal for the place page: at most 120 kB).
// Usage: node bench/pages.mjs [seconds=10] [connections=64]   (BENCH_CPU_PROF=dir: CPU profile of the server)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  freePort,
  pagesAgainstNginx,
  readStatuses,
  requireBuild,
  requireDebianTool,
  SERVER_CPU,
  startServer,
  statusScript,
  wrk,
  wrkErrors,
  wrkRow,
} from './lib.mjs';
import { report } from './report.mjs';

const SECONDS = Number(process.argv[2] ?? process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.argv[3] ?? 64);
const PAGE = '/in/en/place/chennai';
const PAGES = [
  { name: 'place page', path: PAGE, kind: 'document', goal: { ratio: 0.5, p99: 20 } },
  { name: 'route page', path: '/in/en/taxi/chennai-to-bangalore', kind: 'document', goal: { ratio: 0.5, p99: 20 } },
  { name: 'rider home', path: '/in/en/user/home', kind: 'app page', goal: { ratio: 0.05, p99: 50 } },
  { name: 'booking form', path: '/in/en/user/form/taxi/booking', kind: 'app page', goal: { ratio: 0.05, p99: 50 } },
];
const GZIP = 'Accept-Encoding: gzip';

requireBuild();
requireDebianTool('wrk', 'wrk');
requireDebianTool('nginx', 'nginx-light');

const server = await startServer(await freePort(), { LOG_LEVEL: 'silent' }, { cpu: SERVER_CPU });
let nginx;
try {
  const opts = { connections: CONNECTIONS, seconds: SECONDS, headers: [GZIP] };
  // app pages answer a few hundred per second: wrk can afford to count their statuses in Lua
  nginx = await pagesAgainstNginx(server, PAGES, opts, async (page, url) => {
    if (page.kind !== 'app page') return wrk(url, opts);
    const out = path.join(os.tmpdir(), `bench-pages-status-${process.pid}.txt`);
    const result = await wrk(url, { ...opts, script: statusScript(out) });
    page.statuses = readStatuses(out);
    fs.rmSync(out, { force: true });
    return result;
  });

  /** Gzipped bytes of the scripts a page makes Chromium download (noModule scripts are for browsers without modules). */
  const jsBytes = async (pagePath) => {
    const page = await (await fetch(server.origin + pagePath)).text();
    const srcs = [
      ...new Set(
        [...page.matchAll(/<script([^>]*)>/g)]
          .filter((m) => !/nomodule/i.test(m[1]))
          .map((m) => /src="([^"]+)"/.exec(m[1])?.[1])
          .filter(Boolean),
      ),
    ];
    let total = 0;
    for (const src of srcs) total += zlib.gzipSync(Buffer.from(await (await fetch(new URL(src, server.origin))).arrayBuffer()), { level: 9 }).length;
    return { files: srcs.length, kB: total / 1000 };
  };
  const scripts = await jsBytes(PAGE);
  const ROUTE_TYPES = [
    ['route page', '/in/en/taxi/chennai-to-bangalore'],
    ['places index', '/in/en/service/places'],
    ['blog list', '/in/en/blogs'],
    ['landing (user/home)', '/in/en/user/home'],
    ['booking form', '/in/en/user/form/taxi/booking'],
    ['console login', '/in/en/travel/login'],
  ];
  const perRoute = [];
  for (const [name, pagePath] of ROUTE_TYPES) perRoute.push([name, await jsBytes(pagePath)]);

  console.log(`pages bench (wrk -t1 -c${CONNECTIONS} -d${SECONDS}s on CPU 1, Accept-Encoding: gzip; server and nginx on CPU ${SERVER_CPU}; ${nginx.version})`);
  for (const page of PAGES) {
    console.log(
      `  ${page.name} ${page.path} (${page.kind}; ${(page.bytes.html / 1000).toFixed(1)} kB HTML, ${(page.bytes.gzip / 1000).toFixed(1)} kB gzipped)`,
    );
    console.log(wrkRow('  nginx, same bytes (baseline)', page.nginx));
    console.log(wrkRow('  app', page.app, page.nginx));
    const ratio = page.app.rps / page.nginx.rps;
    console.log(
      `      throughput ratio app/nginx ${ratio.toFixed(3)} (goal >= ${page.goal.ratio}: ${ratio >= page.goal.ratio ? 'met' : 'MISSED'}); p99 ${page.app.p99.toFixed(1)} ms (goal < ${page.goal.p99} ms: ${page.app.p99 < page.goal.p99 ? 'met' : 'MISSED'})`,
    );
    if (page.app.non2xx || page.app.socketErrors || page.nginx.non2xx || page.nginx.socketErrors)
      console.log(
        `      WARNING: errors in this run: app ${wrkErrors(page.app)}${page.statuses ? ` (answers: ${page.statuses})` : ''}; nginx ${wrkErrors(page.nginx)}`,
      );
  }
  console.log(`  JavaScript loaded by the place page: ${scripts.files} files, ${scripts.kB.toFixed(1)} kB gzipped (goal <= 120 kB)`);
  console.log('  JavaScript by route type (gzipped, what Chromium downloads on load):');
  for (const [name, js] of perRoute) console.log(`    ${name.padEnd(22)} ${String(js.files).padStart(3)} files ${js.kB.toFixed(1).padStart(7)} kB`);
  report('pages', [
    ...PAGES.flatMap((page) => [
      {
        label: `${page.name} throughput vs nginx (${CONNECTIONS} conn.)`,
        value: page.app.rps / page.nginx.rps,
        unit: 'x',
        baseline: 1,
        goal: { op: '>=', value: page.goal.ratio },
      },
      { label: `${page.name} p99 (${CONNECTIONS} conn.)`, value: page.app.p99, unit: 'ms', baseline: page.nginx.p99, goal: { op: '<', value: page.goal.p99 } },
      { label: `${page.name} requests/s (${CONNECTIONS} conn.)`, value: page.app.rps, unit: '/s', baseline: page.nginx.rps },
      { label: `${page.name} non-2xx answers and socket errors`, value: page.app.non2xx + page.app.socketErrors, unit: '', goal: { op: '==', value: 0 } },
    ]),
    { label: 'place page JavaScript (gzipped)', value: scripts.kB, unit: 'kB', goal: { op: '<=', value: 120 } },
    ...perRoute.map(([name, js]) => ({ label: `JavaScript, ${name} (gzipped)`, value: js.kB, unit: 'kB' })),
  ]);
} finally {
  await nginx?.stop();
  await server.stop();
}
