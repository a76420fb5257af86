import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { closeDatabase, getDb, openDatabase } from '@/lib/db/client';
import { rowsOf } from '@/lib/db/rows';
import { parseEnv, resetEnvForTests } from '@/lib/env';

/*
 * PGlite's WebAssembly memory never shrinks, so every shared buffer it has
 * used stays resident: its own default of 128 MiB cost an instance about
 * 150 MiB of RSS (docs/architecture/memory.md). The server opens it with
 * PGLITE_SHARED_BUFFERS_MB (16 unless set).
 */

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'db-shared-buffers-'));
// CI's environment names a PostgreSQL (DATABASE_URL) while the PGlite suites run: this file opens PGlite whatever it says
const saved = { DATA_DIR: process.env.DATA_DIR, PGLITE_SHARED_BUFFERS_MB: process.env.PGLITE_SHARED_BUFFERS_MB, DATABASE_URL: process.env.DATABASE_URL };

afterEach(async () => {
  await closeDatabase();
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvForTests();
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

async function sharedBuffers(db?: Awaited<ReturnType<typeof getDb>>): Promise<unknown> {
  return rowsOf(await (db ?? (await getDb())).execute(sql`show shared_buffers`))[0].shared_buffers;
}

it('the embedded database runs with 16 MiB of shared buffers unless PGLITE_SHARED_BUFFERS_MB says otherwise', async () => {
  delete process.env.DATABASE_URL;
  process.env.DATA_DIR = path.join(work, 'default');
  delete process.env.PGLITE_SHARED_BUFFERS_MB;
  resetEnvForTests();
  expect(await sharedBuffers()).toBe('16MB');
  await closeDatabase();

  process.env.DATA_DIR = path.join(work, 'set');
  process.env.PGLITE_SHARED_BUFFERS_MB = '48';
  resetEnvForTests();
  expect(await sharedBuffers()).toBe('48MB');
});

it('PGlite keeps its own default when the caller names no size (a test database, a script)', async () => {
  const { db } = await openDatabase({ dataDir: 'memory://' });
  expect(await sharedBuffers(db)).toBe('128MB');
});

it('a size that is not a whole number of MiB from 1 to 1024 is refused, naming the variable', () => {
  for (const bad of ['0', '2048', '16MB', '1.5']) {
    expect(() => parseEnv({ PGLITE_SHARED_BUFFERS_MB: bad } as unknown as NodeJS.ProcessEnv)).toThrow(/PGLITE_SHARED_BUFFERS_MB/);
  }
});
