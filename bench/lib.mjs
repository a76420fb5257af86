// Shared helpers for the HTTP benchmarks: start the built server, drive a closed loop of clients, summarise.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

export function requireBuild() {
  if (!fs.existsSync(path.join(root, '.next/BUILD_ID')) || !fs.existsSync(path.join(root, 'dist/server.mjs'))) {
    console.error('No production build: run `npm run build` first.');
    process.exit(1);
  }
}

/** Starts dist/server.mjs on a fresh PGlite data directory; resolves when /api/health answers. */
export async function startServer(port, env = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-data-'));
  const child = spawn(process.execPath, [path.join(root, 'dist/server.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'error', DATABASE_URL: '', DEV_OUTBOX: '1', TRUST_PROXY: '1', ...env },
  });
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(`http://localhost:${port}/api/health`)).ok) break;
    } catch {}
    if (Date.now() - started > 60_000) throw new Error('server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    origin: `http://localhost:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs `total` calls of `task(i, client)` over `clients` concurrent loops; returns latencies (ms) and wall time. */
export async function closedLoop(total, clients, task) {
  const latencies = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let i = next++; i < total; i = next++) {
        const t0 = performance.now();
        await task(i, client);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { latencies, seconds: (performance.now() - started) / 1000 };
}

export function summary({ latencies, seconds }) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const pct = (p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
  return { rps: latencies.length / seconds, p50: pct(50), p99: pct(99) };
}

export function row(label, s, base) {
  const ratio = base ? `  (x${(s.p99 / base.p99).toFixed(1)} baseline p99)` : '';
  return `  ${label.padEnd(28)} ${s.rps.toFixed(0).padStart(6)}/s   p50 ${s.p50.toFixed(1).padStart(6)} ms   p99 ${s.p99.toFixed(1).padStart(6)} ms${ratio}`;
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A free TCP port on the loopback interface (the kernel picks it; released before returning). */
export async function freePort() {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts dist/server.mjs on a data directory the caller owns (kept on stop, so a
 * later launch can reopen it); resolves when /api/health answers, rejects with
 * the tail of the server's stderr if it exits first. `readyMs` is spawn to first 200.
 */
export async function launchServer(port, { dataDir, env = {}, timeoutMs = 60_000 }) {
  const child = spawn(process.execPath, [path.join(root, 'dist/server.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, PORT: String(port), HOSTNAME: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'error', DATABASE_URL: '', DEV_OUTBOX: '1', TRUST_PROXY: '1', ...env },
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let exit = null;
  exited.then((e) => (exit = e));
  const origin = `http://localhost:${port}`;
  const started = performance.now();
  for (;;) {
    if (exit) throw new Error(`server exited during start-up (${exit.signal ?? `code ${exit.code}`}): ${stderr.trim() || 'no output'}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {}
    if (performance.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer /api/health within ${timeoutMs} ms: ${stderr.trim() || 'no output'}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  return {
    origin,
    child,
    readyMs: performance.now() - started,
    stderr: () => stderr,
    /** Sends `signal` and resolves once the process has gone. */
    async kill(signal = 'SIGTERM') {
      if (!exit) child.kill(signal);
      return exited;
    },
  };
}

/** JSON over HTTP against `origin`, with the Origin header state-changing requests need. Network errors throw. */
export function apiClient(origin) {
  return async function json(urlPath, { method = 'GET', body, cookie, ip } = {}) {
    const res = await fetch(origin + urlPath, {
      method,
      headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}), ...(ip ? { 'x-forwarded-for': ip } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {}
    return { status: res.status, json: parsed, headers: res.headers };
  };
}

/** Signs rider `index` in by code (read from the dev outbox, DEV_OUTBOX=1) and returns the session cookie. */
export async function signInRider(origin, index, prefix = '98') {
  const json = apiClient(origin);
  const phoneNumber = `${prefix}${String(index).padStart(8, '0')}`;
  const ip = `10.9.${Math.floor(index / 250)}.${index % 250}`;
  const identity = { userType: 'travelsx-user', countryCode: '91', phoneNumber };
  await json('/api/auth/otp/send', { method: 'POST', body: identity, ip });
  const outbox = await json(`/api/dev/outbox?to=${encodeURIComponent(`+91${phoneNumber}`)}`);
  const otp = /\b(\d{4})\b/.exec(outbox.json.data[0].body)[1];
  const res = await fetch(`${origin}/api/auth/otp/verify`, { method: 'POST', headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': ip }, body: JSON.stringify({ ...identity, otp, feature: 'booking-signup', userName: `Rider ${index}` }) });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers.get('set-cookie').split(';')[0];
}

/** The benches' outstation trip: Chennai to Bengaluru, tomorrow. */
export const benchTrip = () => ({
  rideType: 'oneway',
  tripKind: 'outstation',
  pickupLocation: { lat: 13.0878, lng: 80.2785, name: 'Chennai' },
  dropoffLocation: { lat: 12.9719, lng: 77.5937, name: 'Bengaluru' },
  pickupTime: new Date(Date.now() + 86_400_000).toISOString(),
});
