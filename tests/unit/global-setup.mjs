import { execFileSync } from 'node:child_process';
import { readdirSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';

const mtime = (file) => {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return -1;
  }
};

/**
 * Makes the embedded database's template (lib/db/template.ts) unless a current one is there: each test file's
 * memory:// database is loaded from it instead of running initdb and every migration again.
 */
function databaseTemplate() {
  execFileSync('npx', ['tsx', 'scripts/build-db-template.ts'], { stdio: 'inherit', env: { ...process.env, LOG_LEVEL: 'warn' } });
}

/**
 * Builds the place index file once before the workers start, when it is missing or older than the code and
 * packages it is built from (the script rebuilds it only if its fingerprint differs); otherwise each worker
 * needing it would build it at the same time.
 */
export default function globalSetup() {
  databaseTemplate();
  placeIndexFile();
}

function placeIndexFile() {
  const file = path.resolve(process.env.PLACE_INDEX_FILE || '.next/cache/place-index.bin');
  const sources = ['package-lock.json', ...readdirSync('lib/places').map((f) => path.join('lib/places', f))];
  const built = mtime(file);
  if (built >= 0 && sources.every((f) => mtime(f) <= built)) return;
  execFileSync('npx', ['tsx', '--conditions=react-server', 'scripts/build-place-index.ts'], { stdio: 'inherit', env: { ...process.env, LOG_LEVEL: 'warn' } });
  // checked against its fingerprint: current until the sources change again
  const now = new Date();
  utimesSync(file, now, now);
}
