#!/usr/bin/env node
// The perf tripwire of `npm test` (scripts/test.sh, after the production build): a few seconds each of
// GET /api/health and POST /api/rides/quote against a bare Node `http` server, and of one document (the place
// page) against nginx serving the same gzipped bytes, all in this run, wrk pinned to CPU 1 and the servers to
// CPU 0. It prints the figures every time and fails (exit 1) when a throughput ratio is below half of its goal
// (issue 33: health >= 0.5 of bare Node, quote >= 0.08 of it, documents >= 0.6 of nginx), so a 2x regression
// cannot land unnoticed. The full benches (bench/api.mjs, bench/pages.mjs) measure longer and report p99s.
// Usage: node bench/tripwire.mjs [seconds=3]   (TRIPWIRE_FACTOR: the fraction of each goal below which it fails, 0.5)
import zlib from 'node:zlib';
import {
  benchTrip,
  freePort,
  getRaw,
  lua,
  luaScript,
  requireBuild,
  requireDebianTool,
  SERVER_CPU,
  startBareNode,
  startNginx,
  startServer,
  wrk,
  wrkErrors,
  wrkRow,
} from './lib.mjs';

const SECONDS = Number(process.argv[2] ?? 3);
const FACTOR = Number(process.env.TRIPWIRE_FACTOR ?? 0.5);
const PAGE = '/in/en/place/chennai/outstation-taxi';
const GOALS = { health: 0.5, quote: 0.08, document: 0.6 };

requireBuild();
requireDebianTool('wrk', 'wrk');
requireDebianTool('nginx', 'nginx-light');

const quoteBody = JSON.stringify(benchTrip());
const quoteScript = luaScript(`wrk.method = "POST"\nwrk.body = ${lua(quoteBody)}\nwrk.headers["Content-Type"] = "application/json"\n`);
const started = Date.now();
const server = await startServer(await freePort(), { RATE_LIMITS: 'off', LOG_LEVEL: 'silent' }, { cpu: SERVER_CPU });
const stops = [() => server.stop()];
try {
  const page = await getRaw(server.origin + PAGE);
  if (page.status !== 200 || page.encoding !== 'gzip') throw new Error(`${PAGE} answered ${page.status} (${page.encoding ?? 'not gzipped'})`);
  const quoteCheck = await fetch(`${server.origin}/api/rides/quote`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: quoteBody });
  if (quoteCheck.status !== 200) throw new Error(`the quote answered ${quoteCheck.status}: ${await quoteCheck.text()}`);
  const bare = await startBareNode(await freePort());
  stops.push(() => bare.stop());
  const nginx = await startNginx(await freePort(), { [PAGE]: zlib.gunzipSync(page.body) }, { [PAGE]: page.body });
  stops.push(() => nginx.stop());

  const api = { connections: 32, seconds: SECONDS };
  const pages = { connections: 64, seconds: SECONDS, headers: ['Accept-Encoding: gzip'] };
  const measure = async (url, options) => {
    await wrk(url, { ...options, seconds: 1 });
    return wrk(url, options);
  };
  const base = await measure(`${bare.origin}/`, api);
  const basePost = await measure(`${bare.origin}/`, { ...api, script: quoteScript });
  const health = await measure(`${server.origin}/api/health`, api);
  const quote = await measure(`${server.origin}/api/rides/quote`, { ...api, script: quoteScript });
  const nginxPage = await measure(nginx.origin + PAGE, pages);
  const document = await measure(server.origin + PAGE, pages);

  const checks = [
    ['GET /api/health vs bare Node', health, base, GOALS.health],
    ['POST /api/rides/quote vs bare Node', quote, basePost, GOALS.quote],
    [`place page vs nginx (same bytes)`, document, nginxPage, GOALS.document],
  ];
  console.log(`perf tripwire (wrk ${SECONDS} s each on CPU 1, servers on CPU ${SERVER_CPU}; fails below ${FACTOR} of each goal)`);
  console.log(wrkRow('bare Node GET (baseline)', base));
  console.log(wrkRow('bare Node POST (baseline)', basePost));
  console.log(wrkRow('nginx, place page (baseline)', nginxPage));
  let failed = 0;
  for (const [label, result, baseline, goal] of checks) {
    const ratio = result.rps / baseline.rps;
    const ok = ratio >= goal * FACTOR && !result.non2xx && !result.socketErrors;
    if (!ok) failed++;
    console.log(wrkRow(label, result, baseline));
    console.log(
      `      ratio ${ratio.toFixed(3)}: goal ${goal}, fails below ${(goal * FACTOR).toFixed(3)}${ok ? '' : ` -> FAILED${wrkErrors(result) === 'no errors' ? '' : ` (${wrkErrors(result)})`}`}`,
    );
  }
  console.log(
    `  ${failed ? `${failed} of ${checks.length} below half of their goal` : 'all above half of their goal'} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
  process.exitCode = failed ? 1 : 0;
} finally {
  for (const stop of stops.reverse()) await stop();
}
