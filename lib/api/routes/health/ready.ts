import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { clusterBusState } from '@/lib/cluster/bus';
import { listenersDown } from '@/lib/db/pg-errors';
import { isDraining } from '@/lib/http/lifecycle';
import { logger } from '@/lib/log';
import { jsonResponse } from '@/lib/http/json';

/** A database that does not answer within this long counts as unreachable (ms). */
export const READY_DB_TIMEOUT_MS = 2_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * Readiness, for load balancers: 200 while the database answers (within 2 s)
 * and the process is not shutting down, else 503; with several instances also
 * 503 while this instance's notice connection is being restored (it would
 * miss other instances' cache purges meanwhile) or socket.io's adapter's
 * listening connection is (sockets here would miss other instances' events).
 */
export async function GET() {
  if (isDraining()) return jsonResponse({ status: 'draining' }, { status: 503 });
  try {
    const db = await getDb();
    await withTimeout(db.execute(sql`select 1`), READY_DB_TIMEOUT_MS);
  } catch (err) {
    logger.warn({ err }, 'readiness check: database unreachable');
    return jsonResponse({ status: 'unavailable' }, { status: 503 });
  }
  if (clusterBusState() === 'reconnecting') return jsonResponse({ status: 'reconnecting' }, { status: 503 });
  const down = listenersDown();
  if (down.length) return jsonResponse({ status: 'reconnecting', connections: down }, { status: 503 });
  return jsonResponse({ status: 'ready' });
}
