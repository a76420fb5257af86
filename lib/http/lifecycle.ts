import type { Server, ServerResponse } from 'node:http';

/** Whether this process is shutting down (readiness fails so a load balancer stops sending work). */
let draining = false;

export function startDraining(): void {
  draining = true;
}

export function isDraining(): boolean {
  return draining;
}

const inFlight = new Set<ServerResponse>();
/** When a request last started or ended (performance.now()). */
let lastActivity = 0;

/**
 * Counts a request as in flight until its answer has ended or its connection closed; `closed` is then told how long
 * it took (ms): the request's metrics ride on this one listener (server.ts) instead of one more per request.
 */
export function trackRequest(res: ServerResponse, closed?: (ms: number) => void): void {
  inFlight.add(res);
  const started = (lastActivity = performance.now());
  res.on('close', () => {
    inFlight.delete(res);
    lastActivity = performance.now();
    closed?.(lastActivity - started);
  });
}

/** How long (ms) no request has been in flight: 0 while one is. */
export function idleMs(): number {
  return inFlight.size > 0 ? 0 : performance.now() - lastActivity;
}

/** How long a shutdown waits for in-flight requests by default (ms); SHUTDOWN_TIMEOUT_MS overrides it. */
export const SHUTDOWN_TIMEOUT_MS = 10_000;

/** How much longer than its timeout a stop may take before the process exits anyway (ms). */
export const HARD_STOP_EXTRA_MS = 5_000;

/**
 * The bound on a whole stop, started with it: each step has its own deadline,
 * and this one exits with status 1 whatever still hangs (a database that does
 * not answer), so a supervisor's stop never waits for its own SIGKILL
 * (docs/requirements/deployer.md#a-database-that-stops-answering).
 */
export function exitIfStopOverruns(timeoutMs: number, log: (afterMs: number) => void, exit: (code: number) => void = process.exit): void {
  const afterMs = timeoutMs + HARD_STOP_EXTRA_MS;
  setTimeout(() => {
    log(afterMs);
    exit(1);
  }, afterMs).unref();
}

export type ShutdownStep = { name: string; run: () => Promise<unknown> | unknown };

export type ShutdownReport = { ms: number; unfinished: number; failed: string[] };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A graceful stop within `timeoutMs`: readiness answers 503 at once; the
 * listener stops accepting (a load balancer's next connection goes to another
 * instance); `beforeWait` steps run (socket.io tells its clients to reconnect
 * elsewhere); requests in flight finish while idle keep-alive connections are
 * closed as they fall idle; past the deadline the remaining connections are
 * cut; then the `after` steps (notice connection, lock pool, database pool)
 * each get what is left of the time, at least one second.
 */
export async function shutdownGracefully(
  server: Server,
  { timeoutMs = SHUTDOWN_TIMEOUT_MS, beforeWait = [], after = [] }: { timeoutMs?: number; beforeWait?: ShutdownStep[]; after?: ShutdownStep[] },
): Promise<ShutdownReport> {
  const started = Date.now();
  const deadline = started + timeoutMs;
  const failed: string[] = [];
  const runStep = async (step: ShutdownStep) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), Math.max(1000, deadline - Date.now()));
    });
    try {
      await Promise.race([Promise.resolve().then(step.run), late]);
    } catch {
      failed.push(step.name);
    } finally {
      clearTimeout(timer);
    }
  };
  startDraining();
  if (server.listening) server.close();
  server.closeIdleConnections();
  await Promise.all(beforeWait.map(runStep));
  while (inFlight.size > 0 && Date.now() < deadline) {
    await wait(25);
    server.closeIdleConnections();
  }
  const unfinished = inFlight.size;
  server.closeAllConnections();
  for (const step of after) await runStep(step);
  return { ms: Date.now() - started, unfinished, failed };
}
