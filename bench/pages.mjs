#!/usr/bin/env node
// A place page on the built server against nginx serving the same HTML bytes, in one run:
// throughput and p50/p99 latency at 64 connections (goal: at least half of nginx's throughput,
// p99 under 50 ms), and the gzipped JavaScript the place page loads (goal: at most 120 kB).
// nginx comes from Debian's packages (`apt-get install nginx`); the script says so when it is missing.
// Usage: node bench/pages.mjs [requests=3000] [connections=64]
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { closedLoop, requireBuild, row, startServer, summary } from './lib.mjs';
import { report } from './report.mjs';

const REQUESTS = Number(process.argv[2] ?? 3000);
const CONNECTIONS = Number(process.argv[3] ?? 64);
const NGINX_PORT = 3905;
const PAGE = '/in/en/place/chennai/outstation-taxi';

const nginxBin = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
if (!nginxBin) {
  console.error('nginx is not installed: run `apt-get install -y nginx` (Debian) and run this again.');
  process.exit(1);
}
requireBuild();
const server = await startServer(3904, { LOG_LEVEL: 'silent' });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pages-'));
let nginx;
try {
  const first = await fetch(server.origin + PAGE);
  if (first.status !== 200) throw new Error(`${PAGE} answered ${first.status}`);
  const html = await first.text();
  fs.mkdirSync(path.join(dir, 'www'));
  fs.writeFileSync(path.join(dir, 'www', 'page.html'), html);
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off; user root; worker_processes 1; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections 1024; }
http { access_log off; sendfile on; keepalive_requests 100000;
  client_body_temp_path ${dir}/tmp; proxy_temp_path ${dir}/tmp; fastcgi_temp_path ${dir}/tmp; uwsgi_temp_path ${dir}/tmp; scgi_temp_path ${dir}/tmp;
  server { listen 127.0.0.1:${NGINX_PORT}; root ${dir}/www; location / { default_type text/html; try_files /page.html =404; } } }\n`,
  );
  fs.mkdirSync(path.join(dir, 'tmp'));
  nginx = spawn(nginxBin, ['-c', path.join(dir, 'nginx.conf'), '-p', dir], { stdio: 'ignore' });
  for (let i = 0; i < 50; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${NGINX_PORT}/`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }

  const get = (url) => async () => {
    const res = await fetch(url);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  };
  // warm both, then measure each with the same closed loop
  await closedLoop(200, CONNECTIONS, get(server.origin + PAGE));
  await closedLoop(200, CONNECTIONS, get(`http://127.0.0.1:${NGINX_PORT}/`));
  const base = summary(await closedLoop(REQUESTS, CONNECTIONS, get(`http://127.0.0.1:${NGINX_PORT}/`)));
  const app = summary(await closedLoop(REQUESTS, CONNECTIONS, get(server.origin + PAGE)));

  /** Gzipped bytes of the scripts a page makes Chromium download (noModule scripts are for browsers without modules). */
  const jsBytes = async (pagePath) => {
    const page = await (await fetch(server.origin + pagePath)).text();
    const srcs = [...new Set([...page.matchAll(/<script([^>]*)>/g)].filter((m) => !/nomodule/i.test(m[1])).map((m) => /src="([^"]+)"/.exec(m[1])?.[1]).filter(Boolean))];
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

  console.log(`place page ${PAGE} (${(html.length / 1024).toFixed(1)} kB HTML; ${CONNECTIONS} connections, ${REQUESTS} requests each)`);
  console.log(row('nginx, same bytes (baseline)', base));
  console.log(row('app (document cache)', app, base));
  console.log(`  throughput ratio app/nginx ${(app.rps / base.rps).toFixed(2)} (goal >= 0.5); app p99 ${app.p99.toFixed(1)} ms (goal < 50 ms)`);
  console.log(`  JavaScript loaded by the page: ${scripts.files} files, ${scripts.kB.toFixed(1)} kB gzipped (goal <= 120 kB)`);
  console.log('  JavaScript by route type (gzipped, what Chromium downloads on load):');
  for (const [name, js] of perRoute) console.log(`    ${name.padEnd(22)} ${String(js.files).padStart(3)} files ${js.kB.toFixed(1).padStart(7)} kB`);
  report('pages', [
    { label: 'place page throughput vs nginx (64 conn.)', value: app.rps / base.rps, unit: 'x', baseline: 1, goal: { op: '>=', value: 0.5 } },
    { label: 'place page p99 (64 conn.)', value: app.p99, unit: 'ms', baseline: base.p99, goal: { op: '<', value: 50 } },
    { label: 'place page JavaScript (gzipped)', value: scripts.kB, unit: 'kB', goal: { op: '<=', value: 120 } },
    ...perRoute.map(([name, js]) => ({ label: `JavaScript, ${name} (gzipped)`, value: js.kB, unit: 'kB' })),
  ]);
  console.log(`  nginx ${execFileSync(nginxBin, ['-v'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim() || 'version unknown'}`);
} finally {
  nginx?.kill('SIGTERM');
  await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
