import { closeDatabase, openDatabase, type Db } from '@/lib/db/client';

/**
 * A fresh, migrated database per test file: PGlite in memory, or the
 * PostgreSQL of TEST_DATABASE_URL (each file gets its own schema-free database
 * reset by truncation).
 */
export async function openTestDb(): Promise<Db> {
  const url = process.env.TEST_DATABASE_URL;
  const { db } = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
  if (url) await truncateAll(db);
  return db;
}

async function truncateAll(db: Db): Promise<void> {
  const { sql } = await import('drizzle-orm');
  const rows = await db.execute<{ tablename: string }>(sql`select tablename from pg_tables where schemaname = 'public'`);
  const names = (rows as unknown as { rows?: { tablename: string }[] }).rows ?? (rows as unknown as { tablename: string }[]);
  if (names.length) await db.execute(sql.raw(`truncate ${names.map((r) => `"${r.tablename}"`).join(', ')} restart identity cascade`));
}

export async function closeTestDb(): Promise<void> {
  await closeDatabase();
}

/**
 * A second way into the test database, as a second instance would have: its own pool on PostgreSQL (so two
 * transactions really race), the same PGlite otherwise (one connection; races there are in order).
 */
export async function secondConnection(db: Db): Promise<{ second: Db; close: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return { second: db, close: async () => undefined };
  const { Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const schema = await import('@/lib/db/schema');
  const pool = new Pool({ connectionString: url, max: 5 });
  return { second: drizzle(pool, { schema }) as unknown as Db, close: () => pool.end() };
}
