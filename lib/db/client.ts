import path from 'node:path';
import fs from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

type Handle = { db: Db; kind: 'pglite' | 'postgres'; close: () => Promise<void> };

const globalForDb = globalThis as unknown as { __travelsxDb?: Promise<Handle> };

const MIGRATIONS = path.join(process.cwd(), 'lib/db/migrations');

export type OpenOptions = {
  /** postgres:// URL; when absent PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory, or "memory://" for a throw-away database. */
  dataDir: string;
};

async function openPglite(dataDir: string): Promise<Handle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (!dataDir.startsWith('memory://')) fs.mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  const client = await PGlite.create(dataDir.startsWith('memory://') ? undefined : path.resolve(dataDir));
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

async function openPostgres(url: string): Promise<Handle> {
  const { Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new Pool({ connectionString: url, max: 10 });
  const db = drizzle(pool, { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS });
  return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
}

/** Opens and migrates the database once per process; later calls share it. */
export function openDatabase(options: OpenOptions): Promise<Handle> {
  globalForDb.__travelsxDb ??= (options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir)).catch(
    (error: unknown) => {
      globalForDb.__travelsxDb = undefined;
      throw error;
    },
  );
  return globalForDb.__travelsxDb;
}

export async function closeDatabase(): Promise<void> {
  const pending = globalForDb.__travelsxDb;
  globalForDb.__travelsxDb = undefined;
  if (pending) await (await pending).close();
}

export function isDatabaseOpen(): boolean {
  return globalForDb.__travelsxDb !== undefined;
}

/** The process's database, opened from the environment on first use. */
export async function getDb(): Promise<Db> {
  if (!globalForDb.__travelsxDb) {
    const { env } = await import('@/lib/env');
    const { DATABASE_URL, DATA_DIR } = env();
    await openDatabase({ databaseUrl: DATABASE_URL, dataDir: path.join(DATA_DIR, 'pglite') });
  }
  return (await globalForDb.__travelsxDb!).db;
}
