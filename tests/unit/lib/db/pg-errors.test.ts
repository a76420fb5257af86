/**
 * Lost PostgreSQL connections (issue 36, item 3), against a fake server that
 * cuts its connections the way `pg_terminate_backend` does: the real pg pool
 * and socket.io's real PostgreSQL adapter, no PostgreSQL needed. An `error`
 * emitted with no listener (an uncaught exception in the server) is recorded
 * here instead of thrown, so each test can assert there was none.
 */
import { Pool } from 'pg';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/postgres-adapter';
import { logger } from '@/lib/log';
import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import { isConnectionLoss, listenerPool, listenersDown, logPoolErrors, releasedWhenEnded } from '@/lib/db/pg-errors';
import { toErrorResponse } from '@/lib/api/endpoint';
import { recordUnhandledErrors, startFakePostgres, type FakePostgres } from '../../fake-postgres';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`condition not met in time: ${String(check)} (queries ${fake.queries.join(', ')})`);
    await sleep(10);
  }
}

let fake: FakePostgres;
let unhandled: unknown[];
let warn: jest.SpyInstance;

beforeEach(async () => {
  fake = await startFakePostgres();
  unhandled = recordUnhandledErrors();
  warn = jest.spyOn(logger, 'warn');
});

afterEach(async () => {
  jest.restoreAllMocks();
  await fake.close();
});

const lost = () => warn.mock.calls.filter((call) => call[1] === 'database connection lost');

function pool(max: number): Pool {
  return new Pool({ host: '127.0.0.1', port: fake.port, user: 'test', database: 'test', max });
}

describe('logPoolErrors', () => {
  it('logs a dead idle connection and a dead checked-out one once each, and the pool serves again', async () => {
    const main = logPoolErrors(pool(3), 'test');
    try {
      const held = await main.connect(); // a transaction between two queries
      const idle = await main.connect();
      idle.release();
      expect(main.totalCount).toBe(2);

      fake.terminateAll();
      await until(() => lost().length === 2 && main.totalCount === 1);
      await expect(held.query('select 1')).rejects.toThrow();
      held.release();
      await until(() => main.totalCount === 0);

      await expect(main.query('select 1')).resolves.toMatchObject({ command: 'SELECT' });
      expect(unhandled).toEqual([]);
      expect(lost()).toHaveLength(2);
      expect(lost()[0][0]).toMatchObject({ pool: 'test' });
    } finally {
      // a client still checked out (a failed run) would keep end() waiting
      await Promise.race([main.end(), sleep(1_000)]);
    }
  });
});

describe('releasedWhenEnded', () => {
  it('gives back the connection of a transaction whose BEGIN is cut off, so the pool does not run dry', async () => {
    // drizzle sends BEGIN before its try: without the guard the client of a failed BEGIN is never released, and a
    // pool of one then waits for ever on its next query (the hang behind stop 40's failed CI)
    const main = logPoolErrors(pool(1), 'test');
    const guarded = new Proxy(main, {
      get(target, property) {
        if (property === 'connect') return () => target.connect().then((client) => releasedWhenEnded(client));
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const db = drizzle(guarded);
    try {
      fake.terminateOn(/^begin/i);
      await expect(db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow();
      fake.terminateOn(undefined);
      await until(() => main.totalCount === 0 && main.waitingCount === 0);
      await expect(db.transaction(async (tx) => tx.execute(sql`select 1`))).resolves.toBeDefined();
      expect(unhandled).toEqual([]);
    } finally {
      await Promise.race([main.end(), sleep(1_000)]);
    }
  });

  it('releases once: the holder releasing after the connection ended does not throw', async () => {
    const main = logPoolErrors(pool(1), 'test');
    try {
      const client = releasedWhenEnded(await main.connect());
      fake.terminateAll();
      await until(() => main.totalCount === 0);
      expect(() => client.release()).not.toThrow();
      const next = releasedWhenEnded(await main.connect());
      next.release();
      next.release();
      expect(main.idleCount).toBe(1);
    } finally {
      await Promise.race([main.end(), sleep(1_000)]);
    }
  });
});

describe('listenerPool with the socket.io adapter', () => {
  it('reconnects the adapter after each loss, gives the dead connection back, and says when it is down', async () => {
    // two connections: without giving the dead listener back the third reconnection would wait for ever
    const base = logPoolErrors(pool(2), 'socket.io');
    const listener = listenerPool(base, 'test adapter');
    const io = new Server({ adapter: createAdapter(listener.pool) });
    const listens = () => fake.queries.filter((q) => q === 'LISTEN "socket.io#/"').length;
    try {
      await until(() => listens() === 1 && listenersDown().length === 0);
      for (let round = 2; round <= 4; round += 1) {
        fake.terminateAll();
        await until(() => listenersDown().includes('test adapter'));
        // the adapter takes another connection 1-3 s later
        await until(() => listens() === round && listenersDown().length === 0, 6_000);
      }
      // the adapter holds its connection once the LISTEN is answered (the fake saw it sent): closed before that, the adapter
      // would keep the connection, and its reconnection timer, going after the test (jest then never exits)
      await sleep(200);
      expect(base.totalCount).toBeLessThanOrEqual(2);
      expect(unhandled).toEqual([]);
      expect(lost().length).toBeGreaterThanOrEqual(3);
    } finally {
      // no HTTP server to close: the namespace's adapter releases its connection
      await io.of('/').adapter.close();
      listener.forget();
      await Promise.race([base.end(), sleep(1_000)]);
    }
    expect(listenersDown()).toEqual([]);
  }, 30_000);
});

describe('listenerPool onRestored', () => {
  it('runs once per loss, after the new connection LISTENs, never for the first connection', async () => {
    const base = logPoolErrors(pool(2), 'socket.io');
    let restored = 0;
    let listensAtRestore = -1;
    const listens = () => fake.queries.filter((q) => q === 'LISTEN "socket.io#/"').length;
    const listener = listenerPool(base, 'test adapter', {
      onRestored: () => {
        restored += 1;
        listensAtRestore = listens();
      },
    });
    const io = new Server({ adapter: createAdapter(listener.pool) });
    try {
      await until(() => listens() === 1 && listenersDown().length === 0);
      await sleep(300);
      expect(restored).toBe(0);
      for (let round = 1; round <= 2; round += 1) {
        fake.terminateAll();
        await until(() => restored === round, 6_000);
        expect(listensAtRestore).toBe(round + 1);
      }
      await sleep(200);
      expect(restored).toBe(2);
      expect(unhandled).toEqual([]);
    } finally {
      await io.of('/').adapter.close();
      listener.forget();
      await Promise.race([base.end(), sleep(1_000)]);
    }
  }, 30_000);
});

describe('a request whose database connection is lost', () => {
  it('answers 503 database_unavailable (try again), not 500; other errors stay 500', async () => {
    const main = logPoolErrors(pool(2), 'test');
    try {
      const held = await main.connect();
      fake.terminateAll();
      const lostError = await held.query('select 1').then(
        () => undefined,
        (error: unknown) => error,
      );
      held.release(true);
      expect(isConnectionLoss(lostError)).toBe(true);
      // as drizzle hands it on: the driver's error in `cause`
      const wrapped = Object.assign(new Error('Failed query: select 1'), { cause: lostError });
      for (const error of [lostError, wrapped]) {
        const res = toErrorResponse(error);
        expect(res.status).toBe(503);
        expect(await res.json()).toMatchObject({ success: false, error: { code: 'database_unavailable', key: 'databaseUnavailable' } });
      }
      expect(toErrorResponse(Object.assign(new Error('syntax error at or near "selec"'), { code: '42601' })).status).toBe(500);
      expect(isConnectionLoss(new Error('duplicate key value violates unique constraint'))).toBe(false);
    } finally {
      await Promise.race([main.end(), sleep(1_000)]);
    }
  });
});
