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
