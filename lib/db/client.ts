import path from 'node:path';
import fs from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { PoolClient } from 'pg';
import * as schema from './schema';
import { trackDatabaseCall } from './watchdog';
import { countStatements } from './statement-stats';
import { namedStatements, type NamedStatements } from './pglite-statements';
import { statementNamer } from './pg-statements';
import type { QueryOptions } from '@electric-sql/pglite';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction on the database: what a Db does, inside `db.transaction`. A function that must run in one takes a Tx. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

type Handle = { db: Db; kind: 'pglite' | 'postgres'; close: () => Promise<void> };

const globalForDb = globalThis as unknown as { __travelsxDb?: Promise<Handle> };

const MIGRATIONS = path.join(process.cwd(), 'lib/db/migrations');

export type OpenOptions = {
  /** postgres:// URL; when absent PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory, or "memory://" for a throw-away database. */
  dataDir: string;
  /** Connections of the PostgreSQL pool (DATABASE_POOL_SIZE). */
  poolSize?: number;
  /** PGlite's shared buffers in MiB (PGLITE_SHARED_BUFFERS_MB); PGlite's own 128 when absent. */
  sharedBuffersMb?: number;
  /** A file PGlite's statement counts are written to (PGLITE_STATEMENT_STATS, lib/db/statement-stats.ts); benches only. */
  statementStats?: string;
};

/** Types drizzle reads as text and maps itself (timestamps, dates, intervals, numeric and date arrays). */
const DRIZZLE_TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];

type Queryable = { query: (...args: never[]) => unknown; transaction: (...args: never[]) => unknown };

/**
 * drizzle hands PGlite its text parsers with every query, and PGlite merges
 * them into a copy of its whole parser table each time (a large share of a
 * small query's cost). The same parsers are given to PGlite once at creation;
 * this view of the client leaves them out of each query.
 */
function withSharedParsers<T extends Queryable>(client: T, named?: NamedStatements, inTransaction = false): T {
  return new Proxy(client, {
    get(target, property) {
      // each query (alone or in a transaction) is a call the watchdog times (lib/db/watchdog.ts)
      if (property === 'query') {
        return (text: string, params?: unknown[], options?: QueryOptions) => {
          const shared = options?.parsers ? { ...options, parsers: undefined } : options;
          return trackDatabaseCall(() =>
            named?.takes(text, shared)
              ? named.query(text, params, shared, inTransaction)
              : (target.query as (...args: unknown[]) => unknown)(text, params, shared),
          );
        };
      }
      if (property === 'exec') {
        return (...args: unknown[]) => trackDatabaseCall(() => (target as unknown as { exec: (...args: unknown[]) => unknown }).exec(...args));
      }
      if (property === 'transaction') {
        return (callback: (tx: Queryable) => unknown) =>
          (target.transaction as (...args: unknown[]) => unknown)((tx: Queryable) => callback(withSharedParsers(tx, named, true)));
      }
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

type PgliteClass = typeof import('@electric-sql/pglite').PGlite;

/**
 * A PGlite on `dataDir`: a new cluster is loaded from the migrated template
 * when a current one is there (lib/db/template.ts; no initdb, a third of its
 * memory), else, or when loading it fails, created by initdb as PGlite does.
 */
async function createPglite(PGlite: PgliteClass, dataDir: string, parsers: Record<number, (value: string) => string>, sharedBuffersMb?: number) {
  // PGlite's WebAssembly memory never shrinks: every shared buffer once used stays resident (docs/architecture/memory.md)
  const startParams = sharedBuffersMb ? [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffersMb}MB`] : undefined;
  const memory = dataDir.startsWith('memory://');
  const directory = memory ? undefined : path.resolve(dataDir);
  const { isNewCluster, readTemplate } = await import('./template');
  const template = isNewCluster(dataDir) ? readTemplate() : undefined;
  if (template) {
    const existed = directory !== undefined && fs.existsSync(directory) && fs.readdirSync(directory).length > 0;
    try {
      return await PGlite.create(directory, { parsers, loadDataDir: template, startParams });
    } catch (error) {
      const { logger } = await import('@/lib/log');
      logger.warn({ err: error }, 'loading the PGlite template failed: the cluster is created by initdb');
      // what the failed load left in a directory it created is removed; a directory that held files is left as it was
      if (directory && !existed) fs.rmSync(directory, { recursive: true, force: true });
    }
  }
  return PGlite.create(directory, { parsers, startParams });
}

async function openPglite(dataDir: string, sharedBuffersMb?: number, statementStats?: string): Promise<Handle> {
  const pglite = await import('@electric-sql/pglite');
  const { PGlite } = pglite;
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (!dataDir.startsWith('memory://')) fs.mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  const parsers = Object.fromEntries(DRIZZLE_TEXT_TYPES.map((type) => [type, (value: string) => value]));
  const client = await createPglite(PGlite, dataDir, parsers, sharedBuffersMb);
  if (statementStats) countStatements(client, statementStats);
  const db = drizzle(withSharedParsers(client, namedStatements(client, pglite)), { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

type PgQueryable = { query: (...args: unknown[]) => unknown };

type Namer = ReturnType<typeof statementNamer>;

/** Times each query of a pg client for the watchdog (lib/db/watchdog.ts); names its frequent statements (lib/db/pg-statements.ts). */
function timedClient<C extends PgQueryable>(client: C, namer: Namer): C {
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return (...args: unknown[]) => trackDatabaseCall(() => target.query(...namer.name(args)));
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * The pool drizzle queries through, timed for the watchdog: its queries, the
 * wait for a connection (a pool whose connections all hang), and the queries
 * of the connection a transaction takes, which goes back to the pool if its
 * connection dies while it is out (`releasedWhenEnded`).
 */
function timedPool<P extends PgQueryable & { connect: () => Promise<PgQueryable> }>(pool: P, checkedOut: (client: PgQueryable) => PgQueryable): P {
  const namer = statementNamer();
  return new Proxy(pool, {
    get(target, property) {
      if (property === 'query') return (...args: unknown[]) => trackDatabaseCall(() => target.query(...namer.name(args)));
      if (property === 'connect') return () => trackDatabaseCall(() => target.connect()).then((client) => timedClient(checkedOut(client), namer));
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** The main pool's size when the caller names none (DATABASE_POOL_SIZE's default, lib/env.ts). */
const DEFAULT_POOL_SIZE = 20;

async function openPostgres(url: string, poolSize = DEFAULT_POOL_SIZE): Promise<Handle> {
  const [{ Pool }, { drizzle }, { migrate }, { logPoolErrors, releasedWhenEnded }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
    import('./pg-errors'),
  ]);
  // a lost connection is logged, never an uncaught exception (lib/db/pg-errors.ts)
  const pool = logPoolErrors(new Pool({ connectionString: url, max: poolSize }), 'main');
  const db = drizzle(
    timedPool(pool, (client) => releasedWhenEnded(client as PoolClient)),
    { schema },
  );
  await migrate(db, { migrationsFolder: MIGRATIONS });
  return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
}

/** Opens and migrates the database once per process; later calls share it. */
export function openDatabase(options: OpenOptions): Promise<Handle> {
  globalForDb.__travelsxDb ??= (
    options.databaseUrl ? openPostgres(options.databaseUrl, options.poolSize) : openPglite(options.dataDir, options.sharedBuffersMb, options.statementStats)
  ).catch((error: unknown) => {
    globalForDb.__travelsxDb = undefined;
    throw error;
  });
  return globalForDb.__travelsxDb;
}

export async function closeDatabase(): Promise<void> {
  const pending = globalForDb.__travelsxDb;
  globalForDb.__travelsxDb = undefined;
  if (pending) await (await pending).close();
}

/** Which database this process opened ('pglite' or 'postgres'), undefined before it opened one. */
export async function openDatabaseKind(): Promise<Handle['kind'] | undefined> {
  const pending = globalForDb.__travelsxDb;
  return pending ? (await pending).kind : undefined;
}

/** The process's database, opened from the environment on first use. */
export async function getDb(): Promise<Db> {
  if (!globalForDb.__travelsxDb) {
    const { env } = await import('@/lib/env');
    const { DATABASE_URL, DATA_DIR, DATABASE_POOL_SIZE, PGLITE_SHARED_BUFFERS_MB } = env();
    await openDatabase({
      databaseUrl: DATABASE_URL,
      dataDir: path.join(DATA_DIR, 'pglite'),
      poolSize: DATABASE_POOL_SIZE,
      sharedBuffersMb: PGLITE_SHARED_BUFFERS_MB,
    });
  }
  return (await globalForDb.__travelsxDb!).db;
}
