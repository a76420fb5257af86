import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The place look-ups of ./place-digest answer as they did when place-digest.json was written: a change of
 * layout or speed must not change a result. A change of ranking that is meant rewrites the file on purpose
 * (`PLACE_DIGEST=write`), and its commit says why; `PLACE_DIGEST=dump:<file>` writes every answer, to diff two
 * versions of the code.
 */
const DIGEST_FILE = path.join(__dirname, 'place-digest.json');

test('20,000 searches, reverse geocodes, the chat resolver and the city search answer as recorded', () => {
  const out = execFileSync('npx', ['tsx', path.join(__dirname, 'place-digest-run.ts')], {
    encoding: 'utf8',
    env: { ...process.env, LOG_LEVEL: 'warn' },
    maxBuffer: 1 << 20,
  });
  const { queries, digest } = JSON.parse(out.trim().split('\n').at(-1)!) as { queries: number; digest: Record<string, string> };
  if (process.env.PLACE_DIGEST === 'write') writeFileSync(DIGEST_FILE, `${JSON.stringify(digest, null, 2)}\n`);
  expect(queries).toBe(4000);
  expect(digest).toEqual(JSON.parse(readFileSync(DIGEST_FILE, 'utf8')));
}, 900_000);
