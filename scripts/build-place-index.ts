// `npm run build` (and jest's global set-up): builds the offline place index file from the place packages
// when it is missing or out of date (lib/places/place-data.ts), so servers and tests read it instead.
import { placeIndexPath, readPlaceFile } from '../lib/places/place-data';

async function main() {
  const started = Date.now();
  const file = await readPlaceFile();
  console.log(`place index: ${placeIndexPath()} (${(file.byteLength / 2 ** 20).toFixed(1)} MiB, ready in ${Date.now() - started} ms)`);
}

void main();
