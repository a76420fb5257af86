import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { freeBytesAt } from '@/lib/db/free-space';
import { databaseStall } from '@/lib/db/watchdog';
import { clusterBusState } from '@/lib/cluster/bus';
import { listenersDown } from '@/lib/db/pg-errors';
import { isDraining } from '@/lib/http/lifecycle';
import { env } from '@/lib/env';
import { logger } from '@/lib/log';
import { jsonResponse } from '@/lib/http/json';

/** A database that does not answer a write within this long counts as unavailable (ms). */
export const READY_DB_TIMEOUT_MS = 2_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

type ReadyProbes = {
  /** One write that must reach the database's log: a transaction id is assigned, so its commit is written and flushed. */
  write: () => Promise<unknown>;
  freeBytes: (dir: string) => Promise<number>;
};

const defaultProbes: ReadyProbes = {
  write: async () => (await getDb()).execute(sql`select txid_current()`),
  freeBytes: freeBytesAt,
};
let probes = defaultProbes;

/** Test seam: a database write or a free-space reading of the test's own (a hang, a failure, a full disk); no argument restores both. */
export function setReadyProbesForTests(replaced?: Partial<ReadyProbes>): void {
  probes = { ...defaultProbes, ...replaced };
}

const unavailable = (reason: string, extra: Record<string, unknown> = {}) => jsonResponse({ status: 'unavailable', reason, ...extra }, { status: 503 });

/**
 * Readiness, for load balancers: 200 while the service can take bookings,
 * else 503 with the reason: the process is shutting down; a database call
 * has been in flight for over a third of DB_WATCHDOG_MS; the disk of
 * DATA_DIR has less than READY_MIN_FREE_MB free (every write would fail);
 * the database did not answer a write within 2 s (a full write-ahead log
 * hangs or fails writes while reads still answer); with several instances,
 * this instance's notice connection is being restored (it would miss other
 * instances' cache purges meanwhile) or socket.io's adapter's listening
 * connection is (sockets here would miss other instances' events).
 */
export async function GET() {
  if (isDraining()) return jsonResponse({ status: 'draining' }, { status: 503 });
  // a call the watchdog is timing (lib/db/watchdog.ts): this probe's write would only queue behind it
  const stalled = databaseStall();
  if (stalled) return unavailable(`a database call has not answered for ${Math.round(stalled / 1000)} s`, { stalledMs: stalled });
  const { DATA_DIR, READY_MIN_FREE_MB } = env();
  try {
    const free = await probes.freeBytes(DATA_DIR);
    if (free < READY_MIN_FREE_MB * 1024 * 1024) {
      logger.warn({ freeBytes: free, minFreeMb: READY_MIN_FREE_MB }, 'readiness check: disk nearly full');
      return unavailable(`less than ${READY_MIN_FREE_MB} MiB free on the data directory's disk`, { freeMb: Math.floor(free / 1024 / 1024) });
    }
  } catch (err) {
    // the database's own write below still tells whether writes work
    logger.warn({ err }, 'readiness check: free disk space unknown');
  }
  try {
    await withTimeout(probes.write(), READY_DB_TIMEOUT_MS);
  } catch (err) {
    logger.warn({ err }, 'readiness check: database did not take a write');
    return unavailable(`the database did not take a write within ${READY_DB_TIMEOUT_MS} ms`);
  }
  if (clusterBusState() === 'reconnecting') return jsonResponse({ status: 'reconnecting' }, { status: 503 });
  const down = listenersDown();
  if (down.length) return jsonResponse({ status: 'reconnecting', connections: down }, { status: 503 });
  return jsonResponse({ status: 'ready' });
}
