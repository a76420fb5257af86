// `npm run build` (and jest's global set-up): builds the offline place index file from the place packages
// when it is missing or out of date (lib/places/place-data.ts), and the airport catalogue beside it
// (lib/airports/catalogue.ts), so servers and tests read them instead.
import { airportCatalogueFile, loadAirportData } from '../lib/airports/catalogue';
import { placeIndexPath } from '../lib/places/package-data';
import { readPlaceFile } from '../lib/places/place-data';

async function main() {
  let started = Date.now();
  const file = await readPlaceFile();
  console.log(`place index: ${placeIndexPath()} (${(file.byteLength / 2 ** 20).toFixed(1)} MiB, ready in ${Date.now() - started} ms)`);
  started = Date.now();
  const airports = await loadAirportData();
  console.log(`airport catalogue: ${airportCatalogueFile()} (${airports.byCode.size} airports, ready in ${Date.now() - started} ms)`);
}

void main();
