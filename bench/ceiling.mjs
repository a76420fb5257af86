#!/usr/bin/env node
// How near nginx any Node server gets on this machine with one stored document, so the documents' goal
// (issues 29 and 33: at least 0.5-0.6 of nginx) can be read against what Node itself reaches. The app's
// airport page is read once (gzipped, with its answer headers), then served under wrk, one after the other:
//   1. nginx with the same gzipped bytes (the baseline of bench/pages.mjs and bench/seo-pages.mjs), and again
//      with the app's headers added;
//   2. bare Node: `res.end(bytes)` with only content-type, content-encoding and content-length;
//   3. bare Node with every header the app sends (security headers, the policy, cache headers);
//   4. as 3, with four AsyncLocalStorages in use, as in the app's process (Next keeps its request context in
//      them: 10 made, 4 entered, counted by wrapping the class). On Node 20 each one in use adds work to every
//      asynchronous resource the process creates, a stored page's answer included;
//   5. the app itself.
// Every server on SERVER_CPU, wrk on LOAD_CPU (bench/README.md, "Method"). Needs a production build.
// Every server is measured once per round, in turn, and each figure is the median of the rounds (one server's
// figure moves by 20 % between runs on these shared cores; the rounds keep a slow minute from deciding it).
// Usage: node bench/ceiling.mjs [seconds=8] [connections=64] [page=/in/en/airport/maa] [rounds=3]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { freePort, getRaw, requireBuild, requireDebianTool, SERVER_CPU, startNginx, startNodeScript, startServer, wrk, wrkRow } from './lib.mjs';
import { report } from './report.mjs';

const SECONDS = Number(process.argv[2] ?? 8);
const CONNECTIONS = Number(process.argv[3] ?? 64);
const PAGE = process.argv[4] ?? '/in/en/airport/maa';
const ROUNDS = Number(process.argv[5] ?? 3);
const GZIP = 'Accept-Encoding: gzip';
const opts = { connections: CONNECTIONS, seconds: SECONDS, headers: [GZIP] };

requireBuild();
requireDebianTool('wrk', 'wrk');

const STORAGES_IN_USE = 4;

/** A bare Node server answering `body` with `headers` to every request; `als` puts STORAGES_IN_USE AsyncLocalStorages in use first. */
async function startBare(body, headers, { als = false } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ceiling-'));
  fs.writeFileSync(path.join(dir, 'body.gz'), body);
  fs.writeFileSync(path.join(dir, 'headers.json'), JSON.stringify(headers));
  const port = await freePort();
  const code = `
const fs = require('fs');
const body = fs.readFileSync(${JSON.stringify(path.join(dir, 'body.gz'))});
const headers = JSON.parse(fs.readFileSync(${JSON.stringify(path.join(dir, 'headers.json'))}, 'utf8'));
${als ? `const { AsyncLocalStorage } = require('async_hooks'); for (let i = 0; i < ${STORAGES_IN_USE}; i++) new AsyncLocalStorage().run({ i }, () => {});` : ''}
require('http').createServer((req, res) => {
  res.writeHead(200, headers);
  res.end(body);
}).listen(${port}, '127.0.0.1');`;
  return startNodeScript(port, code, () => fs.rmSync(dir, { recursive: true, force: true }));
}

const app = await startServer(await freePort(), { LOG_LEVEL: 'silent' }, { cpu: SERVER_CPU });
const stops = [() => app.stop()];
try {
  const answer = await getRaw(app.origin + PAGE);
  if (answer.status !== 200 || answer.encoding !== 'gzip') throw new Error(`${PAGE} answered ${answer.status} ${answer.encoding ?? 'uncompressed'}`);
  const own = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)));
  const minimal = { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip', 'content-length': String(answer.body.length) };
  const headerBytes = (h) => Object.entries(h).reduce((n, [k, v]) => n + k.length + String(v).length + 4, 0);

  const nginx = await startNginx(await freePort(), { '/page': zlib.gunzipSync(answer.body) }, { '/page': answer.body });
  stops.push(() => nginx.stop());
  // nginx makes its own content-type, content-encoding, content-length and etag; the rest as the app sends them
  const added = Object.fromEntries(Object.entries(own).filter(([name]) => !['content-type', 'content-encoding', 'content-length', 'etag'].includes(name)));
  const nginxHeaders = await startNginx(await freePort(), { '/page': zlib.gunzipSync(answer.body) }, { '/page': answer.body }, { headers: added });
  stops.push(() => nginxHeaders.stop());
  const bare = await startBare(answer.body, minimal);
  stops.push(() => bare.stop());
  const sameHeaders = await startBare(answer.body, own);
  stops.push(() => sameHeaders.stop());
  const withAls = await startBare(answer.body, own, { als: true });
  stops.push(() => withAls.stop());

  const runs = [
    ['nginx, same bytes (baseline)', nginx.origin + '/page'],
    [`nginx, same bytes, the app's headers`, nginxHeaders.origin + '/page'],
    [`bare Node, ${Object.keys(minimal).length} headers (${headerBytes(minimal)} bytes)`, bare.origin + '/'],
    [`bare Node, the app's ${Object.keys(own).length} headers (${headerBytes(own)} bytes)`, sameHeaders.origin + '/'],
    [`bare Node, the same, ${STORAGES_IN_USE} AsyncLocalStorages in use`, withAls.origin + '/'],
    ['the app', app.origin + PAGE],
  ];
  for (const [, url] of runs) await wrk(url, { ...opts, seconds: 2 });
  const rounds = runs.map(() => []);
  for (let round = 0; round < ROUNDS; round++) for (const [i, [, url]] of runs.entries()) rounds[i].push(await wrk(url, opts));
  // each server's round with the median throughput stands for it; every round's figure is printed too
  const results = runs.map(([label], i) => [label, [...rounds[i]].sort((a, b) => a.rps - b.rps)[Math.floor(ROUNDS / 2)], rounds[i]]);
  const base = results[0][1];
  console.log(
    `ceiling: ${PAGE} (${answer.body.length} bytes gzipped), median of ${ROUNDS} rounds, wrk -t1 -c${CONNECTIONS} -d${SECONDS}s, ${GZIP}; every server on CPU ${SERVER_CPU}; ${nginx.version}`,
  );
  for (const [label, r, all] of results) {
    console.log(wrkRow(`  ${label}`, r, r === base ? undefined : base));
    console.log(`      rounds: ${all.map((x) => `${Math.round(x.rps)}/s`).join(', ')}`);
  }
  const ratio = (i) => results[i][1].rps / base.rps;
  console.log(
    `  of nginx: nginx with the app's headers ${ratio(1).toFixed(3)}; bare Node ${ratio(2).toFixed(3)}, with the app's headers ${ratio(3).toFixed(3)}, and ${STORAGES_IN_USE} AsyncLocalStorages in use ${ratio(4).toFixed(3)}; the app ${ratio(5).toFixed(3)} (${(results[5][1].rps / results[4][1].rps).toFixed(2)} of the bare server nearest it)`,
  );
  report('ceiling', [
    { label: "nginx with the app's headers vs nginx", value: ratio(1), unit: 'x', baseline: 1 },
    { label: 'bare Node vs nginx, one document', value: ratio(2), unit: 'x', baseline: 1 },
    { label: "bare Node with the app's headers vs nginx", value: ratio(3), unit: 'x', baseline: 1 },
    { label: 'bare Node, headers and AsyncLocalStorages, vs nginx', value: ratio(4), unit: 'x', baseline: 1 },
    { label: 'the app vs nginx, one document', value: ratio(5), unit: 'x', baseline: 1 },
  ]);
} finally {
  for (const stop of stops.reverse()) await stop();
}
