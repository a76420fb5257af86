import type { Pool, PoolClient } from 'pg';
import { logger } from '@/lib/log';

/**
 * A pg connection that dies (a database restart, `pg_terminate_backend`, a
 * network cut) emits `error`: on its pool while it is idle, on the client
 * itself while it is checked out (a transaction between two queries, a held
 * advisory lock, a LISTENing connection). An `error` with no listener is an
 * uncaught exception, which only Next's own handler swallowed (issue 36, item
 * 3). Every pool of the process goes through `logPoolErrors`: both kinds are
 * logged once per connection, the dead connection leaves the pool (pg-pool
 * drops it when it is released or found broken), and the next query opens a
 * new one (docs/architecture/events.md#connections).
 */
export function logPoolErrors<P extends Pool>(pool: P, name: string): P {
  const logged = new WeakSet<object>();
  const log = (error: Error, client: object | undefined) => {
    if (client) {
      // pg emits twice for one loss (the server's FATAL message, then the closed socket)
      if (logged.has(client)) return;
      logged.add(client);
    }
    logger.warn({ err: error, pool: name }, 'database connection lost');
  };
  pool.on('connect', (client) => {
    client.on('error', (error) => log(error, client));
  });
  pool.on('error', (error, client) => log(error, client));
  return pool;
}

const holder = globalThis as typeof globalThis & { __travelsxListeners?: Map<string, () => boolean> };
// one registry per process, shared by the server bundle and Next's bundle of the same modules
const listeners = (holder.__travelsxListeners ??= new Map());

/**
 * The pool as socket.io's PostgreSQL adapter sees it. The adapter takes its
 * LISTENing connection with `pool.connect()` and, when that connection ends,
 * forgets it without releasing it and takes another one 1-3 s later (its own
 * reconnection): each database restart would keep one of the pool's few
 * connections checked out forever, and after as many restarts as the pool
 * has connections, publishing and listening would wait for ever. Here a
 * client taken by `connect()` goes back to the pool, as broken, once its
 * connection ends unreleased. `logPoolErrors` must be on the pool, so the
 * connection's `error` (emitted before its `end`) is logged rather than
 * thrown, which would also stop the `end` that starts the reconnection.
 * While that connection is down `listenersDown()` names it (readiness);
 * `forget()` stops naming it (shutdown). `onRestored` runs once a connection
 * taken after a lost one has its first LISTEN answered: notices sent while it
 * was down never reached this instance, so its clients must read again
 * (issue 36, item 2; docs/architecture/events.md#connections).
 */
export function listenerPool(pool: Pool, name: string, options: { onRestored?: () => void } = {}): { pool: Pool; forget: () => void } {
  let current: PoolClient | undefined;
  let connections = 0;
  const listening = () => current !== undefined;
  listeners.set(name, listening);
  const connect = async (): Promise<PoolClient> => {
    const client = await pool.connect();
    connections += 1;
    if (connections > 1 && options.onRestored) announceRestored(client, options.onRestored);
    releasedWhenEnded(client, () => {
      if (current === client) current = undefined;
    });
    current = client;
    return client;
  };
  const wrapped = new Proxy(pool, {
    get(target, property) {
      if (property === 'connect') return connect;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return {
    pool: wrapped,
    forget: () => {
      if (listeners.get(name) === listening) listeners.delete(name);
    },
  };
}

/**
 * A checked-out client whose connection ends goes back to its pool as broken
 * (which drops it), once: a later `release()` by its holder does nothing.
 * Without this a connection that dies in the wrong moment stays checked out
 * for ever: socket.io's adapter forgets its LISTENing client unreleased, and
 * drizzle's `transaction()` sends BEGIN before its try, so a BEGIN that fails
 * (the connection cut as it was taken) never releases its client; a pool
 * loses a connection per such loss and then waits for ever (issue 36).
 * `onRelease` runs on either release.
 */
export function releasedWhenEnded<C extends PoolClient>(client: C, onRelease?: () => void): C {
  const release = client.release.bind(client);
  let released = false;
  const ended = () => client.release(new Error('database connection ended while checked out'));
  client.release = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.removeListener('end', ended);
    onRelease?.();
    release(error);
  };
  client.once('end', ended);
  return client;
}

/** Runs `restored` once, after the first LISTEN sent on `client` is answered. */
function announceRestored(client: PoolClient, restored: () => void): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let announced = false;
  (client as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const result = query(...args);
    const text = typeof args[0] === 'string' ? args[0] : '';
    if (!announced && /^LISTEN /i.test(text) && result instanceof Promise) {
      result.then(
        () => {
          if (announced) return;
          announced = true;
          try {
            restored();
          } catch (error) {
            logger.error({ err: error }, 'listener restore handler failed');
          }
        },
        () => undefined,
      );
    }
    return result;
  };
}

/** The `listenerPool` connections of this process that are down now (not yet up, or reconnecting). */
export function listenersDown(): string[] {
  return [...listeners].filter(([, listening]) => !listening()).map(([name]) => name);
}

/** PostgreSQL's codes for a session cut off or refused (class 08, and 57P01-57P03: shut down, crashed, starting). */
const LOST_CODES = new Set(['08000', '08001', '08003', '08004', '08006', '57P01', '57P02', '57P03']);
const LOST_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);
const LOST_MESSAGES =
  /connection terminated|terminating connection|client has encountered a connection error|timeout exceeded when trying to connect|the database system is (starting up|shutting down)/i;

/**
 * True when `error` (or an error it wraps: drizzle puts the driver's in `cause`)
 * says the database connection was lost or refused, not that the request was
 * wrong: a restart, a failover, a network cut. The API answers those 503 (try
 * again; nginx sends it to the next instance) rather than 500 (issue 36;
 * docs/requirements/deployer.md).
 */
export function isConnectionLoss(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (LOST_CODES.has(code) || LOST_SOCKET_CODES.has(code))) return true;
    if (typeof message === 'string' && LOST_MESSAGES.test(message)) return true;
    current = cause;
  }
  return false;
}
