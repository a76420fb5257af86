#!/usr/bin/env node
// Compiles server.ts (and the lib/ code it imports) to dist/server.mjs so the
// production server starts without a TypeScript loader, and the place index
// builder to dist/build-place-index.mjs and the database template's to dist/build-db-template.mjs; packages stay external.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

await build({
  entryPoints: { server: 'server.ts', 'build-place-index': 'scripts/build-place-index.ts', 'build-db-template': 'scripts/build-db-template.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  tsconfig: 'tsconfig.json',
  sourcemap: true,
  logLevel: 'warning',
  // 'server-only' guards lib/ against client bundles; on the server it is empty, as in Next's server build.
  plugins: [
    {
      // messages are read from messages/ at run time here, not bundled: lib/i18n/messages-file.ts in place of
      // lib/i18n/messages-source.ts (Next's bundles import them compiled, a form only Next's formatter reads)
      name: 'messages-at-run-time',
      setup(b) {
        b.onResolve({ filter: /^\.\/messages-source$/ }, (args) => ({ path: path.join(args.resolveDir, 'messages-file.ts') }));
      },
    },
    {
      name: 'server-only',
      setup(b) {
        b.onResolve({ filter: /^server-only$/ }, () => ({ path: 'server-only', namespace: 'empty' }));
        b.onLoad({ filter: /.*/, namespace: 'empty' }, () => ({ contents: '', loader: 'js' }));
      },
    },
  ],
  banner: { js: "import { createRequire as createBannerRequire } from 'node:module'; const require = createBannerRequire(import.meta.url);" },
});

// V8 keeps a script's source for lazy compilation, as one-byte characters while every character fits in Latin-1,
// else as two bytes each: one "०" in a regular expression doubles the server's 10 MB source to 21 MB of heap
// (docs/architecture/memory.md). esbuild escapes non-ASCII characters in strings but not in regular
// expressions or kept comments, so those must be written as \u escapes; this stops the build when one is not.
const source = fs.readFileSync('dist/server.mjs', 'utf8');
const wide = [];
for (let i = 0; i < source.length && wide.length < 10; i++) {
  if (source.charCodeAt(i) <= 0xff) continue;
  const line = source.slice(0, i).split('\n').length;
  wide.push(`  dist/server.mjs:${line}: ${JSON.stringify(source.slice(Math.max(0, i - 50), i + 10))}`);
  i = source.indexOf('\n', i);
  if (i < 0) break;
}
if (wide.length) {
  console.error(
    `build-server: characters beyond Latin-1 in dist/server.mjs would make V8 hold its source as two bytes a character (+10 MB of heap).\nWrite them as \\u escapes in the regular expression or comment they come from:\n${wide.join('\n')}`,
  );
  process.exit(1);
}

// Packages loaded on first use (docs/architecture/memory.md#packages-loaded-on-first-use): a static import
// would load them at start-up again, each costing 0.1-0.5 s and 10-55 MiB of resident memory.
const ON_FIRST_USE = ['jsdom', 'sharp', 'pdfkit', 'web-push', 'nodemailer'];
const eager = [...source.matchAll(/^import\s[^;]*?from\s*"([^"]+)"/gm)].map((m) => m[1]).filter((name) => ON_FIRST_USE.includes(name));
if (eager.length) {
  console.error(
    `build-server: dist/server.mjs imports ${eager.join(', ')} at start-up. Load ${eager.length > 1 ? 'them' : 'it'} where used (lib/media/sharp.ts, lib/media/jsdom.ts, or \`await import()\`).`,
  );
  process.exit(1);
}

// Messages other than English (imported by name for server errors) are read at run time, not bundled (the
// plugin above): a language bundled again adds its source to the heap for the life of the process.
const bundledLanguages = [...source.matchAll(/^\/\/ messages\/([a-z]{2})\.json$/gm)].map((m) => m[1]).filter((lang) => lang !== 'en');
if (bundledLanguages.length) {
  console.error(
    `build-server: dist/server.mjs bundles messages/${bundledLanguages.join('.json, messages/')}.json; load messages with loadMessages (lib/i18n/messages.ts).`,
  );
  process.exit(1);
}
