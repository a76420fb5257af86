#!/usr/bin/env node
// Two server builds side by side in one run: both started (fresh PGlite data directories, pinned to the same CPU),
// then wrk (pinned to its own CPU) alternates between A, B and the same-run baseline, `rounds` times, so that both
// builds meet the same machine: what a busy neighbour or a slow minute costs falls on both. Prints every run, the
// median of each side, B/A and each side's ratio to the baseline.
// Loads: place (the place document, against nginx serving the same gzipped bytes), health and quote (against a
// bare Node `http` server).
// Build A and B with `node scripts/build-server.mjs` and copy dist/server.mjs to a name in dist/ for each (a build
// must be inside the repository, where its packages resolve); the two share .next.
// Usage: node bench/ab.mjs dist/server-A.mjs dist/server-B.mjs [load=place] [rounds=4] [seconds=5]
import { freePort, median, nginxServing, quoteScript, requireBuild, requireDebianTool, SERVER_CPU, startBareNode, startServer, wrk, wrkRow } from './lib.mjs';

const [A, B, LOAD = 'place', ROUNDS = '4', SECONDS = '5'] = process.argv.slice(2);
const LOADS = ['place', 'health', 'quote'];
if (!A || !B || !LOADS.includes(LOAD)) {
  console.error(`Usage: node bench/ab.mjs <build A> <build B> [${LOADS.join('|')}] [rounds] [seconds]`);
  process.exit(2);
}
requireBuild();
requireDebianTool('wrk', 'wrk');

const PAGE = '/in/en/place/chennai';
const env = { RATE_LIMITS: 'off', LOG_LEVEL: 'silent' };
const stops = [];
try {
  const servers = {};
  for (const [name, script] of [
    ['A', A],
    ['B', B],
  ]) {
    servers[name] = await startServer(await freePort(), env, { cpu: SERVER_CPU, script });
    stops.push(() => servers[name].stop());
  }
  let baseline;
  let options;
  let target;
  if (LOAD === 'place') {
    const nginx = await nginxServing(servers.A.origin, PAGE);
    stops.push(() => nginx.stop());
    baseline = nginx.origin + PAGE;
    target = (origin) => origin + PAGE;
    options = { connections: 64, seconds: Number(SECONDS), headers: ['Accept-Encoding: gzip'] };
  } else {
    const bare = await startBareNode(await freePort());
    stops.push(() => bare.stop());
    baseline = `${bare.origin}/`;
    target = (origin) => origin + (LOAD === 'health' ? '/api/health' : '/api/rides/quote');
    options = { connections: 32, seconds: Number(SECONDS), script: LOAD === 'quote' ? quoteScript() : undefined };
  }
  const runs = { A: [], B: [], baseline: [] };
  const urls = { A: target(servers.A.origin), B: target(servers.B.origin), baseline };
  for (const name of ['A', 'B', 'baseline']) await wrk(urls[name], { ...options, seconds: 2 });
  console.log(`A/B, ${LOAD}: A = ${A}, B = ${B}; ${ROUNDS} rounds of ${SECONDS} s each (wrk on its own CPU, servers on CPU ${SERVER_CPU})`);
  for (let round = 0; round < Number(ROUNDS); round++) {
    // the order turns each round, so neither build always follows the baseline
    const order = round % 2 ? ['B', 'A', 'baseline'] : ['A', 'B', 'baseline'];
    for (const name of order) {
      const result = await wrk(urls[name], options);
      runs[name].push(result);
      console.log(wrkRow(`round ${round + 1} ${name}`, result));
    }
  }
  const rps = (name) => median(runs[name].map((r) => r.rps));
  const p99 = (name) => median(runs[name].map((r) => r.p99));
  console.log(
    `medians: A ${rps('A').toFixed(0)}/s (p99 ${p99('A').toFixed(2)} ms), B ${rps('B').toFixed(0)}/s (p99 ${p99('B')} ms), baseline ${rps('baseline').toFixed(0)}/s`,
  );
  console.log(
    `B/A ${(rps('B') / rps('A')).toFixed(3)}; A ${(rps('A') / rps('baseline')).toFixed(3)} and B ${(rps('B') / rps('baseline')).toFixed(3)} of the baseline`,
  );
  const perRound = runs.A.map((a, i) => (runs.B[i].rps / a.rps).toFixed(3));
  console.log(`B/A per round: ${perRound.join(', ')}`);
} finally {
  for (const stop of stops.reverse()) await stop();
}
