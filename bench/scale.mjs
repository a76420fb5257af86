#!/usr/bin/env node
// Scale-out: quote and booking throughput through nginx (the shipped deploy/nginx/travelsx.conf)
// with one instance and with two instances on one PostgreSQL, in one run, as a ratio.
// One deployment of two instances; nginx's upstreams are switched between {A} and {A, B}
// (reload) and the phases alternate (1, 2, 1, 2 ...) so drift on a shared machine hits both.
// wrk is pinned to LOAD_CPU; the instances, nginx and PostgreSQL share the machine's cores.
// Usage: node bench/scale.mjs [seconds=BENCH_SECONDS or 10] [connections=32] [rounds=2]
import fs from 'node:fs';
import os from 'node:os';
import { startCluster } from './cluster.mjs';
import { benchTrip, freePort, lua, luaScript, median, requireBuild, requireDebianTool, signInRider, wrk } from './lib.mjs';
import { report } from './report.mjs';

const SECONDS = Number(process.argv[2] ?? process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.argv[3] ?? 32);
const ROUNDS = Number(process.argv[4] ?? 2);
const RIDERS = 16;
const QUOTES = 8;
requireBuild();
requireDebianTool('wrk', 'wrk');

/** CPU seconds a process (and its waited-for children) used so far, from /proc. */
function cpuSeconds(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}
/** Busy and total jiffies of the whole machine (every process, the other users of these cores too). */
function machineCpu() {
  const [, ...v] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const idle = v[3] + v[4];
  const total = v.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}
const [pgPort, nginxPort, portA, portB] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
const cluster = await startCluster({
  pgPort,
  nginxPort,
  instancePorts: [portA, portB],
  env: { RATE_LIMITS: 'off', LOG_LEVEL: 'silent' },
  dbName: 'travelsx_scale_bench',
});
try {
  const via = cluster.nginx.origin;
  const tokens = [];
  for (let i = 0; i < RIDERS; i++) tokens.push(decodeURIComponent((await signInRider(via, i, '95', cluster.origins[0])).split('=').slice(1).join('=')));
  const quoteIds = [];
  for (let i = 0; i < QUOTES; i++) {
    const res = await fetch(`${via}/api/rides/quote`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(benchTrip()) });
    quoteIds.push((await res.json()).data.ride_search_id);
  }
  const quoteScript = luaScript(`wrk.method = "POST"
wrk.body = ${lua(JSON.stringify(benchTrip()))}
wrk.headers["Content-Type"] = "application/json"`);
  let phaseNo = 0;
  const bookingScript = () =>
    luaScript(`local tokens = { ${tokens.map(lua).join(', ')} }
local quotes = { ${quoteIds.map(lua).join(', ')} }
local prefix = ${lua(`sc-${(phaseNo += 1)}-`)}
local threads = {}
function setup(thread)
  table.insert(threads, thread)
  thread:set("tid", #threads)
end
function init(args) n = 0 end
function request()
  n = n + 1
  local body = '{"rideSearchId":"' .. quotes[n % #quotes + 1] .. '","rideVehicle":"sedan","idempotencyKey":"' .. prefix .. tid .. '-' .. n .. '"}'
  return wrk.format("POST", "/api/rides", { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. tokens[n % #tokens + 1] }, body)
end`);

  const figures = { 1: { quote: [], booking: [] }, 2: { quote: [], booking: [] } };
  const failures = { 1: 0, 2: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    for (const n of [1, 2]) {
      await cluster.nginx.reload(n === 1 ? [portA] : [portA, portB]);
      // a short warm-up through the new upstreams
      await wrk(`${via}/api/rides/quote`, { connections: CONNECTIONS, seconds: 2, script: quoteScript });
      const pids = cluster.instances.map((i) => i.child.pid);
      const measured = async (url, script) => {
        const before = { cpu: pids.map(cpuSeconds), machine: machineCpu(), at: performance.now() };
        const result = await wrk(url, { connections: CONNECTIONS, seconds: SECONDS, script });
        const wall = (performance.now() - before.at) / 1000;
        const machine = machineCpu();
        result.instanceCores = pids.map((pid, i) => (cpuSeconds(pid) - before.cpu[i]) / wall);
        result.machineBusy = (machine.busy - before.machine.busy) / (machine.total - before.machine.total);
        return result;
      };
      const quote = await measured(`${via}/api/rides/quote`, quoteScript);
      const booking = await measured(`${via}/api/rides`, bookingScript());
      figures[n].quote.push(quote);
      figures[n].booking.push(booking);
      failures[n] += quote.non2xx + quote.socketErrors + booking.non2xx + booking.socketErrors;
      const cpu = (r) =>
        `instances ${r.instanceCores
          .slice(0, n)
          .map((c) => c.toFixed(2))
          .join('+')} cores, machine ${(r.machineBusy * 100).toFixed(0)} % busy`;
      console.log(
        `  round ${round + 1}, ${n} instance${n > 1 ? 's' : ''}: quote ${quote.rps.toFixed(0)}/s (p99 ${quote.p99.toFixed(0)} ms; ${cpu(quote)}), booking ${booking.rps.toFixed(0)}/s (p99 ${booking.p99.toFixed(0)} ms; ${cpu(booking)})`,
      );
    }
  }
  const rps = (n, kind) => median(figures[n][kind].map((r) => r.rps));
  const p99 = (n, kind) => median(figures[n][kind].map((r) => r.p99));
  const cores = os.cpus().length;
  console.log(
    `\nThroughput through nginx, one vs two instances on one PostgreSQL (${cores} cores; wrk ${CONNECTIONS} connections, ${SECONDS} s, median of ${ROUNDS})`,
  );
  for (const kind of ['quote', 'booking']) {
    const one = rps(1, kind);
    const two = rps(2, kind);
    console.log(
      `  ${kind.padEnd(8)} 1 instance ${one.toFixed(0).padStart(5)}/s (p99 ${p99(1, kind).toFixed(0)} ms)   2 instances ${two.toFixed(0).padStart(5)}/s (p99 ${p99(2, kind).toFixed(0)} ms)   ratio x${(two / one).toFixed(2)}`,
    );
  }
  console.log(`  non-2xx answers or socket errors: ${failures[1]} with one instance, ${failures[2]} with two`);
  report('scale', [
    { label: 'quote, 2 vs 1 instance', value: Number((rps(2, 'quote') / rps(1, 'quote')).toFixed(2)), unit: 'x' },
    { label: 'booking, 2 vs 1 instance', value: Number((rps(2, 'booking') / rps(1, 'booking')).toFixed(2)), unit: 'x' },
    { label: 'quote, 1 instance', value: Math.round(rps(1, 'quote')), unit: 'requests/s' },
    { label: 'booking, 1 instance', value: Math.round(rps(1, 'booking')), unit: 'requests/s' },
  ]);
} finally {
  await cluster.stop();
}
