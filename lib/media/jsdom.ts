import 'server-only';
import { createRequire } from 'node:module';
import path from 'node:path';

type Jsdom = typeof import('jsdom');

let loaded: Jsdom | undefined;

/**
 * jsdom's `JSDOM`, required the first time a blog post or an SVG logo is cleaned rather than at
 * start-up: loading it costs about 0.4 s and 50 MiB of resident memory
 * (docs/architecture/memory.md#packages-loaded-on-first-use). Synchronous, as its callers are.
 */
export function jsdomClass(): Jsdom['JSDOM'] {
  loaded ??= createRequire(path.join(process.cwd(), 'package.json'))('jsdom') as Jsdom;
  return loaded.JSDOM;
}
