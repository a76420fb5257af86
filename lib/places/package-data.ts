import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Reads a data file or module from an installed package once and drops it from the module cache,
 * so the raw data (megabytes) is freed after indexing. Resolved from the project root, outside the bundler.
 */
export function readPackageData<T>(specifier: string): T {
  const requireFromRoot = createRequire(path.join(process.cwd(), 'package.json'));
  const resolved = requireFromRoot.resolve(specifier);
  const data = requireFromRoot(resolved) as T;
  delete requireFromRoot.cache[resolved];
  return data;
}
