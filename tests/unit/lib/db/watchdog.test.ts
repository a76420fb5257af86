/**
 * The database watchdog (lib/db/watchdog.ts): a database call that never
 * returns, whether it blocks the main thread (PGlite's WASM spinning on a full
 * write-ahead log, where no timer or signal handler runs) or only never
 * answers, ends the process with SIGKILL and one line naming what hung, so the
 * supervisor restarts it. Each case runs in a child process (the watchdog
 * kills its own process); the in-process part (503s, readiness) is in
 * tests/unit/lib/api/routes/ready.test.ts.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const LIMIT_MS = 500;

function run(
  mode: string,
  limitMs = LIMIT_MS,
  guardMs = 20_000,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string; ms: number; guarded: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'watchdog-child.ts'), mode, String(limitMs)], {
      cwd: path.join(__dirname, '../../../..'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let started = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      if (!started && chunk.toString().includes('started')) started = Date.now();
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // a watchdog that never fires must not hang the suite
    let guarded = false;
    const guard = setTimeout(() => {
      guarded = true;
      child.kill('SIGKILL');
    }, guardMs);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(guard);
      resolve({ code, signal, stderr, ms: started ? Date.now() - started : -1, guarded });
    });
  });
}

describe('database watchdog', () => {
  it('kills a process whose database call blocks the main thread, naming the stopped thread and the call', async () => {
    const { signal, stderr, ms, guarded } = await run('spin');
    expect(signal).toBe('SIGKILL');
    expect(stderr).toMatch(/database watchdog: a database call has not answered for \d+ ms, and the main thread has not run for \d+ ms \(the call blocks it\)/);
    expect(stderr).toContain(`DB_WATCHDOG_MS=${LIMIT_MS}`);
    expect(ms).toBeGreaterThanOrEqual(LIMIT_MS - 100);
    // the kill came from the watchdog, not from the test's 20 s guard
    expect(guarded).toBe(false);
  }, 30_000);

  it('kills a process whose database call never answers while the event loop runs', async () => {
    const { signal, stderr, guarded } = await run('hang');
    expect(signal).toBe('SIGKILL');
    expect(stderr).toMatch(/database watchdog: a database call has not answered for \d+ ms \(the event loop still runs\)/);
    // the kill came from the watchdog, not from the test's 20 s guard
    expect(guarded).toBe(false);
  }, 30_000);

  it('kills a process whose main thread stopped with no database call in flight (the heartbeat)', async () => {
    const { signal, stderr, guarded } = await run('block');
    expect(signal).toBe('SIGKILL');
    expect(stderr).toMatch(/database watchdog: the main thread has not run for \d+ ms \(no database call in flight\)/);
    // the kill came from the watchdog, not from the test's 20 s guard
    expect(guarded).toBe(false);
  }, 30_000);

  it('leaves a process whose calls answer alone, and does nothing with DB_WATCHDOG_MS=0', async () => {
    const busy = await run('busy');
    expect({ code: busy.code, signal: busy.signal, stderr: busy.stderr }).toEqual({ code: 0, signal: null, stderr: '' });
    const off = await run('hang', 0, 4_000);
    // nothing ends it but the test's guard (4 s after the spawn; the child's own start-up takes part of that)
    expect(off.signal).toBe('SIGKILL');
    expect(off.stderr).toBe('');
    expect(off.guarded).toBe(true);
    expect(off.ms).toBeGreaterThan(0);
  }, 60_000);
});
