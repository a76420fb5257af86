import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { closeDatabase, openDatabase } from '@/lib/db/client';
import { buildTemplate, isNewCluster, readTemplate, templateFingerprint } from '@/lib/db/template';
import { resetEnvForTests } from '@/lib/env';

/*
 * A new embedded database is loaded from the migrated template instead of
 * running initdb (the first start's 1 GiB that never went away, issue 36 §7),
 * and a template that is stale, damaged or unloadable never costs a start:
 * the cluster is then created by initdb as before.
 */

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'db-template-'));
const file = path.join(work, 'template.tar.gz');
const previous = process.env.PGLITE_TEMPLATE_FILE;

function useTemplateFile(target: string) {
  process.env.PGLITE_TEMPLATE_FILE = target;
  resetEnvForTests();
}

async function appliedMigrations(dataDir: string): Promise<number> {
  const { db } = await openDatabase({ dataDir });
  const rows = await db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  const n = ((rows as unknown as { rows: { n: number }[] }).rows ?? (rows as unknown as { n: number }[]))[0].n;
  await closeDatabase();
  return n;
}

/** How each PGlite of the test was created: loaded from a template, or plain (initdb when new, else opened as it is). */
const creations: string[] = [];
beforeAll(async () => {
  const { PGlite } = await import('@electric-sql/pglite');
  const create = PGlite.create.bind(PGlite) as (...args: unknown[]) => Promise<unknown>;
  jest.spyOn(PGlite, 'create').mockImplementation(((...args: unknown[]) => {
    // the data directory's opening (PGlite's initdb makes instances of its own, with options first)
    if (typeof args[0] === 'string') creations.push((args[1] as { loadDataDir?: Blob }).loadDataDir ? 'template' : 'plain');
    return create(...args);
  }) as unknown as typeof PGlite.create);
});

const migrationCount = () => fs.readdirSync(path.join(process.cwd(), 'lib/db/migrations')).filter((name) => name.endsWith('.sql')).length;

beforeAll(async () => {
  useTemplateFile(file);
  expect((await buildTemplate(file)).built).toBe(true);
}, 60_000);

afterAll(() => {
  if (previous === undefined) delete process.env.PGLITE_TEMPLATE_FILE;
  else process.env.PGLITE_TEMPLATE_FILE = previous;
  resetEnvForTests();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('the embedded database template', () => {
  it('is built once: a second build with the same migrations and PGlite keeps it', async () => {
    const before = fs.statSync(file).mtimeMs;
    expect((await buildTemplate(file)).built).toBe(false);
    expect(fs.statSync(file).mtimeMs).toBe(before);
  });

  it('opens a new data directory from the template, migrated, and the next start opens it as it is', async () => {
    const dataDir = path.join(work, 'fresh', 'pglite');
    expect(isNewCluster(dataDir)).toBe(true);
    creations.length = 0;
    expect(await appliedMigrations(dataDir)).toBe(migrationCount());
    expect(isNewCluster(dataDir)).toBe(false);
    expect(creations).toEqual(['template']);
    // what the first start wrote is there on the second
    const { db } = await openDatabase({ dataDir });
    await db.execute(sql`create table kept (n int)`);
    await db.execute(sql`insert into kept values (7)`);
    await closeDatabase();
    const again = await openDatabase({ dataDir });
    // an existing cluster is opened as it is, never loaded over
    expect(creations).toEqual(['template', 'plain', 'plain']);
    const rows = await again.db.execute<{ n: number }>(sql`select n from kept`);
    expect(((rows as unknown as { rows: { n: number }[] }).rows ?? rows)[0]).toEqual({ n: 7 });
    await closeDatabase();
  }, 60_000);

  it('is not used when it was built from other migrations or is damaged', () => {
    const meta = JSON.parse(fs.readFileSync(`${file}.json`, 'utf8')) as { fingerprint: string };
    expect(meta.fingerprint).toBe(templateFingerprint());
    expect(readTemplate(file)).toBeInstanceOf(Blob);

    const stale = path.join(work, 'stale.tar.gz');
    fs.copyFileSync(file, stale);
    fs.writeFileSync(`${stale}.json`, JSON.stringify({ ...meta, fingerprint: 'built-from-other-migrations' }));
    expect(readTemplate(stale)).toBeUndefined();

    const damaged = path.join(work, 'damaged.tar.gz');
    const bytes = fs.readFileSync(file);
    bytes[bytes.length >> 1] ^= 0xff;
    fs.writeFileSync(damaged, bytes);
    fs.copyFileSync(`${file}.json`, `${damaged}.json`);
    expect(readTemplate(damaged)).toBeUndefined();

    expect(readTemplate(path.join(work, 'missing.tar.gz'))).toBeUndefined();
  });

  it('creates the cluster by initdb when a current-looking template fails to load', async () => {
    // not a tarball, yet its checksum and fingerprint are right: loading it throws inside PGlite
    const unloadable = path.join(work, 'unloadable.tar.gz');
    const junk = Buffer.from('this is not a data directory');
    fs.writeFileSync(unloadable, junk);
    const { createHash } = await import('node:crypto');
    fs.writeFileSync(
      `${unloadable}.json`,
      JSON.stringify({ fingerprint: templateFingerprint(), sha256: createHash('sha256').update(junk).digest('hex'), bytes: junk.byteLength }),
    );
    expect(readTemplate(unloadable)).toBeInstanceOf(Blob);
    useTemplateFile(unloadable);
    try {
      const dataDir = path.join(work, 'fallback', 'pglite');
      creations.length = 0;
      expect(await appliedMigrations(dataDir)).toBe(migrationCount());
      expect(creations).toEqual(['template', 'plain']);
      expect(await appliedMigrations(dataDir)).toBe(migrationCount());
    } finally {
      useTemplateFile(file);
    }
  }, 120_000);
});
