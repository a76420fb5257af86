import { Worker } from 'node:worker_threads';
import { keyedError, type DomainError } from '@/lib/errors/domain-error';

/*
 * The database watchdog (issue 36, item 1; docs/requirements/deployer.md#a-database-that-stops-answering).
 * PGlite runs PostgreSQL as WebAssembly on the main thread: when its write-ahead
 * log could not grow, one call spun at 100% CPU for minutes, so no timer, no
 * request and no SIGTERM handler ran, and only SIGKILL ended the process. What
 * watches it must therefore run on another thread: a Worker reads, in shared
 * memory, a heartbeat the main thread writes every second and the start of the
 * oldest database call in flight. When either is older than DB_WATCHDOG_MS it
 * writes one line to stderr (synchronously) and SIGKILLs the process, so the
 * supervisor (systemd, Docker) starts it again. While the event loop still runs
 * (PostgreSQL slow or unreachable), `databaseStall()` names a call in flight for
 * more than a third of that: API requests are refused with 503 and readiness
 * fails, instead of each request waiting for ever.
 */

/** Slots of the shared array: the main thread's last heartbeat (ms since the epoch), the oldest call in flight's start (0: none). */
const HEARTBEAT = 0;
const OLDEST = 1;

type State = {
  shared: BigInt64Array;
  /** start (ms) of each call in flight, by call number */
  calls: Map<number, number>;
  next: number;
  worker?: Worker;
  heartbeat?: ReturnType<typeof setInterval>;
  limitMs: number;
};

const holder = globalThis as typeof globalThis & { __travelsxDbWatchdog?: State };
// one state per process, shared by the server bundle and Next's bundle of the same modules
const state: State = (holder.__travelsxDbWatchdog ??= {
  shared: new BigInt64Array(new SharedArrayBuffer(2 * BigInt64Array.BYTES_PER_ELEMENT)),
  calls: new Map(),
  next: 0,
  limitMs: 0,
});

function publishOldest(): void {
  let oldest = 0;
  for (const started of state.calls.values()) if (oldest === 0 || started < oldest) oldest = started;
  Atomics.store(state.shared, OLDEST, BigInt(oldest));
}

/** Runs one database call, counted as in flight from its start until it settles. */
export function trackDatabaseCall<T>(call: () => T): T {
  const id = state.next++;
  state.calls.set(id, Date.now());
  if (state.calls.size === 1) publishOldest();
  const done = () => {
    state.calls.delete(id);
    publishOldest();
  };
  let result: T;
  try {
    result = call();
  } catch (error) {
    done();
    throw error;
  }
  if (result instanceof Promise) return result.finally(done) as T;
  done();
  return result;
}

/** How long (ms) the oldest database call in flight has been waiting; 0 when none is. */
export function oldestCallMs(now = Date.now()): number {
  const oldest = Number(Atomics.load(state.shared, OLDEST));
  return oldest === 0 ? 0 : now - oldest;
}

/** With the watchdog on: how long the oldest call has waited once that is past a third of DB_WATCHDOG_MS (the database counts as stalled), else 0. */
export function databaseStall(now = Date.now()): number {
  if (!state.limitMs) return 0;
  const waited = oldestCallMs(now);
  return waited > state.limitMs / 3 ? waited : 0;
}

/** 503 "the service is not answering right now", in the user's language (Validation.databaseUnavailable); `waited` names how long. */
export function databaseUnavailable(waited?: number): DomainError {
  return keyedError(
    'unavailable',
    'database_unavailable',
    'databaseUnavailable',
    waited
      ? `The service is not answering right now (the database has not answered for ${Math.round(waited / 1000)} s). Try again in a minute.`
      : 'The service is not answering right now (the database connection was lost). Try again in a minute.',
  );
}

/** The API's answer while the database is stalled: 503, in the user's language (Validation.databaseUnavailable). */
export function refuseWhileDatabaseStalled(): void {
  const waited = databaseStall();
  if (waited) throw databaseUnavailable(waited);
}

/**
 * The Worker's code, run from a string (the server is one bundled file, so
 * there is no worker file to point at). It sleeps with Atomics.wait, which
 * needs no event loop of its own, and reads the two slots.
 */
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const fs = require('node:fs');
const { shared, limitMs, pollMs, beatMs } = workerData;
const sleeper = new Int32Array(new SharedArrayBuffer(4));
for (;;) {
  Atomics.wait(sleeper, 0, 0, pollMs);
  const now = Date.now();
  const beat = Number(Atomics.load(shared, 0));
  const oldest = Number(Atomics.load(shared, 1));
  const silent = now - beat;
  const waiting = oldest === 0 ? 0 : now - oldest;
  const stopped = silent > Math.max(3 * beatMs, 2 * pollMs);
  // a call that began after the last heartbeat while the main thread has
  // stopped is what stops it (a synchronous WASM call): name the call, even
  // when the silence reaches the limit a few ms before the call's wait does
  const blocking = stopped && oldest !== 0 && oldest >= beat;
  let what;
  if (waiting > limitMs || (blocking && silent > limitMs))
    what = 'a database call has not answered for ' + waiting + ' ms' + (stopped ? ', and the main thread has not run for ' + silent + ' ms (the call blocks it)' : ' (the event loop still runs)');
  else if (silent > limitMs) what = 'the main thread has not run for ' + silent + ' ms' + (oldest ? ' (a database call in flight for ' + waiting + ' ms)' : ' (no database call in flight)');
  if (what) {
    const line = JSON.stringify({ level: 60, time: now, pid: process.pid, msg: 'database watchdog: ' + what + ' (DB_WATCHDOG_MS=' + limitMs + '); ending the process so its supervisor restarts it' });
    try { fs.writeSync(2, line + '\\n'); } catch {}
    process.kill(process.pid, 'SIGKILL');
  }
}
`;

/**
 * Starts the heartbeat and the watching Worker (server.ts, once the database is
 * open and the process is about to listen). `limitMs` 0 turns it off.
 * `worker: false` keeps only the in-process part (503s and readiness while a
 * call stalls), for tests running in a process the Worker must not end.
 */
export function startDatabaseWatchdog(
  limitMs: number,
  { pollMs = Math.min(1000, Math.max(50, limitMs / 10)), worker: withWorker = true } = {},
): { stop: () => Promise<void> } {
  if (!limitMs || state.limitMs) return { stop: async () => undefined };
  state.limitMs = limitMs;
  if (!withWorker) return { stop: async () => void (state.limitMs = 0) };
  const beat = () => Atomics.store(state.shared, HEARTBEAT, BigInt(Date.now()));
  beat();
  const beatMs = Math.min(1000, Math.max(20, limitMs / 10));
  state.heartbeat = setInterval(beat, beatMs);
  state.heartbeat.unref();
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { shared: state.shared, limitMs, pollMs, beatMs } });
  worker.unref();
  state.worker = worker;
  return {
    stop: async () => {
      clearInterval(state.heartbeat);
      state.worker = undefined;
      state.limitMs = 0;
      await worker.terminate();
    },
  };
}
