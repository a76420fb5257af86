import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadPlaceIndex } from '@/lib/places/place-index';
import { loadGazetteer } from '@/lib/places/gazetteer';
import { digestLines, digestOf } from './place-digest';

/**
 * The place look-ups of ./place-digest answer as they did when place-digest.json was written: a change of
 * layout or speed must not change a result. A change of ranking that is meant rewrites the file on purpose
 * (`PLACE_DIGEST=write`), and its commit says why; `PLACE_DIGEST=dump:<file>` writes every answer, to diff two
 * versions of the code.
 */
const DIGEST_FILE = path.join(__dirname, 'place-digest.json');

test('20,000 searches, reverse geocodes, the chat resolver and the city search answer as recorded', async () => {
  const index = await loadPlaceIndex();
  await loadGazetteer();
  const lines = digestLines(index);
  const digest = digestOf(lines);
  const mode = process.env.PLACE_DIGEST ?? '';
  if (mode === 'write') writeFileSync(DIGEST_FILE, `${JSON.stringify(digest, null, 2)}\n`);
  if (mode.startsWith('dump:')) writeFileSync(mode.slice('dump:'.length), Object.values(lines).flat().join('\n') + '\n');
  expect(lines['search:demo']).toHaveLength(4000);
  expect(digest).toEqual(JSON.parse(readFileSync(DIGEST_FILE, 'utf8')));
}, 300_000);
