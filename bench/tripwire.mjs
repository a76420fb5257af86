#!/usr/bin/env node
// The perf tripwire of `npm test` (scripts/test.sh, after the production build): a few seconds each of
// GET /api/health and POST /api/rides/quote against a bare Node `http` server, and of one document (the place
// page) against nginx serving the same gzipped bytes, all in this run, wrk pinned to CPU 1 and the servers to
// CPU 0. It prints the figures every time and fails (exit 1) when a ratio falls below its floor: half of the
// lowest ratio `.ci/run` measured on a clean clone since the document answer headers were built once (bench/README.md, "Perf tripwire"),
// so a 2x regression cannot land unnoticed. The goals of issue 33 are printed beside them; the full benches
// (bench/api.mjs, bench/pages.mjs) measure longer and report p99s.
// Usage: node bench/tripwire.mjs [seconds=3]   (TRIPWIRE_FLOOR_FACTOR scales every floor, e.g. 0 to only print)
import {
  benchTrip,
  freePort,
  nginxServing,
  quoteScript,
  requireBuild,
  requireDebianTool,
  SERVER_CPU,
  startBareNode,
  startServer,
  wrk,
  wrkErrors,
  wrkRow,
} from './lib.mjs';

const SECONDS = Number(process.argv[2] ?? 3);
const FACTOR = Number(process.env.TRIPWIRE_FLOOR_FACTOR ?? 1);
const PAGE = '/in/en/place/chennai';
const GOALS = { health: 0.5, quote: 0.08, document: 0.6 };
/** Half of the lowest ratio `.ci/run` measured on a clean clone (bench/README.md, "Perf tripwire"). */
const FLOORS = { health: 0.125, quote: 0.014, document: 0.1 };

requireBuild();
requireDebianTool('wrk', 'wrk');
requireDebianTool('nginx', 'nginx-light');

const quoteBody = JSON.stringify(benchTrip());
const quotePost = quoteScript();
const started = Date.now();
const server = await startServer(await freePort(), { RATE_LIMITS: 'off', LOG_LEVEL: 'silent' }, { cpu: SERVER_CPU });
const stops = [() => server.stop()];
try {
  const quoteCheck = await fetch(`${server.origin}/api/rides/quote`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: quoteBody });
  if (quoteCheck.status !== 200) throw new Error(`the quote answered ${quoteCheck.status}: ${await quoteCheck.text()}`);
  const bare = await startBareNode(await freePort());
  stops.push(() => bare.stop());
  const nginx = await nginxServing(server.origin, PAGE);
  stops.push(() => nginx.stop());

  const api = { connections: 32, seconds: SECONDS };
  const pages = { connections: 64, seconds: SECONDS, headers: ['Accept-Encoding: gzip'] };
  const measure = async (url, options) => {
    await wrk(url, { ...options, seconds: 1 });
    return wrk(url, options);
  };
  const base = await measure(`${bare.origin}/`, api);
  const basePost = await measure(`${bare.origin}/`, { ...api, script: quotePost });
  const health = await measure(`${server.origin}/api/health`, api);
  const quote = await measure(`${server.origin}/api/rides/quote`, { ...api, script: quotePost });
  const nginxPage = await measure(nginx.origin + PAGE, pages);
  const document = await measure(server.origin + PAGE, pages);

  const checks = [
    ['GET /api/health vs bare Node', health, base, 'health'],
    ['POST /api/rides/quote vs bare Node', quote, basePost, 'quote'],
    [`place page vs nginx (same bytes)`, document, nginxPage, 'document'],
  ];
  console.log(`perf tripwire (wrk ${SECONDS} s each on CPU 1, servers on CPU ${SERVER_CPU}; fails below each floor)`);
  console.log(wrkRow('bare Node GET (baseline)', base));
  console.log(wrkRow('bare Node POST (baseline)', basePost));
  console.log(wrkRow('nginx, place page (baseline)', nginxPage));
  let failed = 0;
  for (const [label, result, baseline, name] of checks) {
    const ratio = result.rps / baseline.rps;
    const floor = FLOORS[name] * FACTOR;
    const ok = ratio >= floor && !result.non2xx && !result.socketErrors;
    if (!ok) failed++;
    console.log(wrkRow(label, result, baseline));
    console.log(
      `      ratio ${ratio.toFixed(3)}: goal ${GOALS[name]} (${ratio >= GOALS[name] ? 'met' : 'not met'}), fails below ${floor.toFixed(3)}${ok ? '' : ` -> FAILED${wrkErrors(result) === 'no errors' ? '' : ` (${wrkErrors(result)})`}`}`,
    );
  }
  console.log(`  ${failed ? `${failed} of ${checks.length} below their floor` : 'all above their floor'} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  process.exitCode = failed ? 1 : 0;
} finally {
  for (const stop of stops.reverse()) await stop();
}
