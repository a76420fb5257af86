// Prints the place digest (./place-digest) as JSON. Run by place-digest.test.ts in a process of its own:
// inside jest's VM context every global look-up (Math, Set, typed arrays) is slow, and 20,000 searches
// took ten times as long as in plain Node.
// PLACE_DIGEST=dump:<file> also writes every look-up and its answer there, one per line, to diff two versions.
import { writeFileSync } from 'node:fs';
import { loadGazetteer } from '@/lib/places/gazetteer';
import { loadPlaceIndex } from '@/lib/places/place-index';
import { digestLines, digestOf } from './place-digest';

async function main() {
  const index = await loadPlaceIndex();
  await loadGazetteer();
  const lines = digestLines(index);
  const mode = process.env.PLACE_DIGEST ?? '';
  if (mode.startsWith('dump:')) writeFileSync(mode.slice('dump:'.length), Object.values(lines).flat().join('\n') + '\n');
  process.stdout.write(`${JSON.stringify({ queries: lines['search:demo'].length, digest: digestOf(lines) })}\n`);
}

void main();
