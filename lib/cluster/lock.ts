import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import { logger } from '@/lib/log';
import { logPoolErrors } from '@/lib/db/pg-errors';

/**
 * One thing at a time per key (a conversation's turns, one WhatsApp sender's
 * messages) across every instance of a deployment. Within a process the work
 * of a key queues behind the previous one (so a process holds at most one
 * database lock per key); across processes a PostgreSQL session advisory lock
 * on the key orders them. The locks live on a small pool of their own, so
 * work waiting for a lock never holds a connection the work itself needs.
 * Without PostgreSQL (PGlite is one process) the in-process queue is all.
 */

type LockState = { tails: Map<string, Promise<unknown>>; pool?: Pool; waiting: number };

const holder = globalThis as typeof globalThis & { __travelsxClusterLocks?: LockState };
const state: LockState = (holder.__travelsxClusterLocks ??= { tails: new Map(), waiting: 0 });

/** Connections that may hold advisory locks at once per instance (more keys wait for one). */
export const LOCK_POOL_SIZE = 8;

/** The advisory lock id of a key: the first 8 bytes of its SHA-256, as a signed bigint (decimal text). */
export function advisoryKey(key: string): string {
  return createHash('sha256').update(key).digest().readBigInt64BE(0).toString();
}

/** Starts taking database locks on this PostgreSQL (server start-up). */
export async function startClusterLocks(databaseUrl: string): Promise<void> {
  if (state.pool) return;
  const { Pool: PgPool } = await import('pg');
  // a connection holding a lock may die between queries: logged, never an uncaught exception (lib/db/pg-errors.ts)
  const pool = logPoolErrors(new PgPool({ connectionString: databaseUrl, max: LOCK_POOL_SIZE, application_name: 'travelsx-locks' }), 'locks');
  state.pool = pool;
}

export async function stopClusterLocks(): Promise<void> {
  const pool = state.pool;
  state.pool = undefined;
  await pool?.end();
}

/** The locks the running work holds: nested keys lock on the same connection; a key already held runs at once. */
type Held = { client?: PoolClient; keys: ReadonlySet<string> };
const held = new AsyncLocalStorage<Held>();

async function underAdvisoryLock<T>(pool: Pool, key: string, outer: PoolClient | undefined, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const id = advisoryKey(key);
  state.waiting += 1;
  let client: PoolClient;
  try {
    client = outer ?? (await pool.connect());
    try {
      await client.query('SELECT pg_advisory_lock($1::bigint)', [id]);
    } catch (error) {
      // most often the connection was cut while waiting for the lock: said here, as the pool's own error is not
      // emitted for a connection busy with a query
      logger.warn({ err: error, key, pool: 'locks' }, 'advisory lock failed');
      if (!outer) client.release(true);
      throw error;
    }
  } finally {
    state.waiting -= 1;
  }
  try {
    return await work(client);
  } finally {
    const unlocked = client.query('SELECT pg_advisory_unlock($1::bigint)', [id]);
    if (outer) {
      await unlocked.catch((error: unknown) => logger.warn({ err: error, key }, 'advisory unlock failed'));
    } else {
      // A lock that cannot be released dies with its connection.
      unlocked
        .then(() => client.release())
        .catch((error: unknown) => {
          logger.warn({ err: error, key }, 'advisory unlock failed: connection dropped');
          client.release(true);
        });
    }
  }
}

/** Runs `work` once the previous work of `key` has settled, here and on every other instance. */
export function serialised<T>(key: string, work: () => Promise<T>): Promise<T> {
  const outer = held.getStore();
  if (outer?.keys.has(key)) return work();
  const keys = new Set([...(outer?.keys ?? []), key]);
  const pool = state.pool;
  const guarded = pool ? () => underAdvisoryLock(pool, key, outer?.client, (client) => held.run({ client, keys }, work)) : () => held.run({ keys }, work);
  const result = (state.tails.get(key) ?? Promise.resolve()).then(guarded);
  const tail = result.catch(() => undefined);
  state.tails.set(key, tail);
  void tail.then(() => {
    if (state.tails.get(key) === tail) state.tails.delete(key);
  });
  return result;
}

/** Whether keys are ordered across instances (a lock pool is configured) or in this process only. */
export function lockScope(): 'database' | 'process' {
  return state.pool ? 'database' : 'process';
}
