import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { env } from '@/lib/env';
import { logger } from '@/lib/log';

/*
 * The embedded database's template (docs/decisions/0002-pglite.md, "What it
 * costs"). Creating a PGlite cluster runs initdb inside its WebAssembly
 * memory, which grows to about 800 MiB and never shrinks: a first start on a
 * new data directory stayed at 1 GiB for as long as the process ran, and every
 * jest file paid the same in time. Instead, `npm run build` (and jest's global
 * set-up) create one cluster, migrate it, and dump its data directory to a
 * gzipped tarball; a new data directory (or a memory:// test database) is
 * loaded from it, which peaks near an existing directory's start (~380 MiB).
 *
 * The template is used only when its fingerprint (the installed PGlite's
 * version and every migration file) matches and its bytes match the checksum
 * written beside it; otherwise, or when loading it fails, the cluster is
 * created as before and the reason is logged. Migrations still run after
 * either start, so a template one migration behind is merely slower.
 */

const MIGRATIONS = path.join(process.cwd(), 'lib/db/migrations');

/** Where the template lives: PGLITE_TEMPLATE_FILE (by default next to the place index in .next/cache). */
export const templatePath = (): string => path.resolve(env().PGLITE_TEMPLATE_FILE);

const metaPath = (file: string) => `${file}.json`;
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

function pgliteVersion(): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(process.cwd(), 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version?: string };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** What the template must have been built from: the PGlite version and every migration (names and contents). */
export function templateFingerprint(): string {
  const hash = createHash('sha256').update(`pglite ${pgliteVersion()}\n`);
  for (const name of fs.readdirSync(MIGRATIONS, { recursive: true }).map(String).sort()) {
    const file = path.join(MIGRATIONS, name);
    if (fs.statSync(file).isFile()) hash.update(`${name}\n`).update(fs.readFileSync(file));
  }
  return hash.digest('hex');
}

type TemplateMeta = { fingerprint: string; sha256: string; bytes: number };

/** The template's bytes when they are current and whole; undefined (and why, in the log) otherwise. */
export function readTemplate(file = templatePath()): Blob | undefined {
  let meta: TemplateMeta;
  let bytes: Buffer;
  try {
    meta = JSON.parse(fs.readFileSync(metaPath(file), 'utf8')) as TemplateMeta;
    bytes = fs.readFileSync(file);
  } catch {
    logger.debug({ file }, 'no PGlite template: the cluster is created by initdb');
    return undefined;
  }
  if (meta.fingerprint !== templateFingerprint()) {
    logger.warn(
      { file },
      'the PGlite template was built from other migrations or another PGlite: the cluster is created by initdb (npm run build makes a new one)',
    );
    return undefined;
  }
  if (bytes.byteLength !== meta.bytes || sha256(bytes) !== meta.sha256) {
    logger.warn({ file }, 'the PGlite template does not match its checksum: the cluster is created by initdb (npm run build makes a new one)');
    return undefined;
  }
  return new Blob([new Uint8Array(bytes)]);
}

/** Whether a PGlite data directory holds no cluster yet (a memory:// database never does). */
export function isNewCluster(dataDir: string): boolean {
  return dataDir.startsWith('memory://') || !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
}

/**
 * Makes the template unless a current one is there: a cluster in memory,
 * migrated, its data directory dumped. Written to a temporary name and renamed,
 * the tarball before its checksum, so a reader never takes half of one.
 */
export async function buildTemplate(file = templatePath()): Promise<{ built: boolean; bytes: number }> {
  const fingerprint = templateFingerprint();
  try {
    const meta = JSON.parse(fs.readFileSync(metaPath(file), 'utf8')) as TemplateMeta;
    if (meta.fingerprint === fingerprint && readTemplate(file)) return { built: false, bytes: meta.bytes };
  } catch {}
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create();
  try {
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });
    const bytes = new Uint8Array(await (await client.dumpDataDir('gzip')).arrayBuffer());
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, bytes);
    fs.renameSync(temporary, file);
    const meta: TemplateMeta = { fingerprint, sha256: sha256(bytes), bytes: bytes.byteLength };
    fs.writeFileSync(`${metaPath(file)}.${process.pid}.tmp`, JSON.stringify(meta));
    fs.renameSync(`${metaPath(file)}.${process.pid}.tmp`, metaPath(file));
    return { built: true, bytes: bytes.byteLength };
  } finally {
    await client.close();
  }
}
