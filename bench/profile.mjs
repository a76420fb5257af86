#!/usr/bin/env node
// Where the server's time goes under one load: starts the built server pinned to CPU 0 with
// `node --cpu-prof`, warms it up, drives one endpoint with wrk pinned to CPU 1, stops the server
// (the profile is written on exit) and prints the top functions by self time (bench/profile-summary.mjs).
// Loads: health, search, quote, book (PGlite), home (the rider home page), place (the place document).
// Usage: node bench/profile.mjs load [seconds=10] [connections=32] [outDir=bench/results/profiles]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchTrip, freePort, launchServer, lua, luaScript, requireBuild, root, SERVER_CPU, signInRider, wrk, wrkRow } from './lib.mjs';

const LOAD = process.argv[2];
const SECONDS = Number(process.argv[3] ?? 10);
const CONNECTIONS = Number(process.argv[4] ?? 32);
const OUT = path.resolve(process.argv[5] ?? path.join(root, 'bench/results/profiles'), LOAD ?? '');
const LOADS = ['health', 'search', 'quote', 'book', 'home', 'place'];
if (!LOADS.includes(LOAD)) {
  console.error(`Usage: node bench/profile.mjs ${LOADS.join('|')} [seconds] [connections] [outDir]`);
  process.exit(2);
}
requireBuild();

fs.rmSync(OUT, { recursive: true, force: true });
fs.mkdirSync(OUT, { recursive: true });
process.env.BENCH_CPU_PROF = OUT;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-profile-'));
const server = await launchServer(await freePort(), { dataDir, cpu: SERVER_CPU, env: { RATE_LIMITS: 'off', LOG_LEVEL: 'silent' } });
try {
  const quoteBody = JSON.stringify(benchTrip());
  let url = server.origin;
  let script;
  const headers = [];
  if (LOAD === 'health') url += '/api/health';
  if (LOAD === 'search') url += '/api/places/search?q=chen';
  if (LOAD === 'home') url += '/in/en/user/home';
  if (LOAD === 'place') url += '/in/en/place/chennai';
  if (LOAD === 'home' || LOAD === 'place') headers.push('Accept-Encoding: gzip');
  if (LOAD === 'quote') {
    url += '/api/rides/quote';
    script = luaScript(`wrk.method = "POST"\nwrk.body = ${lua(quoteBody)}\nwrk.headers["Content-Type"] = "application/json"\n`);
  }
  if (LOAD === 'book') {
    url += '/api/rides';
    const token = decodeURIComponent((await signInRider(server.origin, 0, '95')).split('=').slice(1).join('='));
    const res = await fetch(`${server.origin}/api/rides/quote`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: quoteBody });
    const quoteId = (await res.json()).data.ride_search_id;
    script = luaScript(`n = 0
function request()
  n = n + 1
  return wrk.format("POST", "/api/rides", { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer ${token}" }, '{"rideSearchId":"${quoteId}","rideVehicle":"sedan","idempotencyKey":"profile-' .. n .. '"}')
end
`);
  }
  await wrk(url, { connections: CONNECTIONS, seconds: 2, script, headers });
  const result = await wrk(url, { connections: CONNECTIONS, seconds: SECONDS, script, headers });
  console.log(wrkRow(`${LOAD} (server under --cpu-prof)`, result));
} finally {
  await server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
const profiles = fs
  .readdirSync(OUT)
  .filter((f) => f.endsWith('.cpuprofile'))
  .map((f) => path.join(OUT, f));
if (!profiles.length) {
  console.error(`no profile was written in ${OUT}`);
  process.exit(1);
}
// the main thread's profile is the largest (worker threads write their own)
profiles.sort((a, b) => fs.statSync(b).size - fs.statSync(a).size);
console.log(execFileSync(process.execPath, [path.join(root, 'bench/profile-summary.mjs'), profiles[0], '--top=30'], { encoding: 'utf8' }));
