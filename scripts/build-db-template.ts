// `npm run build` (and jest's global set-up): makes the embedded database's template, a migrated PGlite cluster
// that a new data directory is loaded from instead of running initdb (lib/db/template.ts), unless a current one is there.
import { buildTemplate, templatePath } from '../lib/db/template';

async function main() {
  const started = Date.now();
  const { built, bytes } = await buildTemplate();
  console.log(`database template: ${templatePath()} (${(bytes / 2 ** 20).toFixed(1)} MiB, ${built ? 'built' : 'current'} in ${Date.now() - started} ms)`);
}

void main();
