#!/usr/bin/env node
// Compiles server.ts (and the lib/ code it imports) to dist/server.mjs so the
// production server starts without a TypeScript loader, and the place index
// builder to dist/build-place-index.mjs and the database template's to dist/build-db-template.mjs; packages stay external.
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
      name: 'server-only',
      setup(b) {
        b.onResolve({ filter: /^server-only$/ }, () => ({ path: 'server-only', namespace: 'empty' }));
        b.onLoad({ filter: /.*/, namespace: 'empty' }, () => ({ contents: '', loader: 'js' }));
      },
    },
  ],
  banner: { js: "import { createRequire as createBannerRequire } from 'node:module'; const require = createBannerRequire(import.meta.url);" },
});
