import { foldName, loadGazetteer, searchCities, type GazetteerPlace } from '@/lib/places/gazetteer';
import { AIRPORTS } from './airports';
import { distanceKm, isAirportWord, type PlaceSlot, type ResolveOptions } from './place-slot';

export type { PlaceSlot } from './place-slot';

type Index = Awaited<ReturnType<typeof loadGazetteer>>;
type Entry = { key: string; place: GazetteerPlace };

/** Chat spellings the gazetteer files under another name (search key -> GeoNames name, country). */
const CHAT_ALIASES: [string, string, string][] = [
  ['trichy', 'Tiruchirappalli', 'IN'],
  ['tuticorin', 'Thoothukudi', 'IN'],
  ['kanchi', 'Kanchipuram', 'IN'],
  ['newyork', 'New York City', 'US'],
  ['nyc', 'New York City', 'US'],
];
/** Typo matching only considers towns at least this big (keeps it fast and avoids hamlets). */
const FUZZY_MIN_POPULATION = 15_000;
/** An airport serves towns up to this far away (km). */
const AIRPORT_RADIUS_KM = 80;
const FILLER_WORDS = new Set(['the', 'my', 'a', 'an', 'near', 'city', 'centre', 'center', 'of']);

/** The known airport nearest to a place, if one is within reach. */
function airportNear(point: { lat: number; lng: number }) {
  let best: { airport: (typeof AIRPORTS)[string]; km: number } | undefined;
  for (const airport of Object.values(AIRPORTS)) {
    const km = distanceKm(point, airport);
    if (km <= AIRPORT_RADIUS_KM && (!best || km < best.km)) best = { airport, km };
  }
  return best?.airport;
}

let index: Index | undefined;
let aliases: Map<string, GazetteerPlace[]> | undefined;
let buckets: Map<string, Entry[]> | undefined;

/** Loads the gazetteer and the typo index once; every resolution needs it. */
export async function loadPlaceIndex(): Promise<void> {
  if (buckets) return;
  const loaded = await loadGazetteer();
  const aliasMap = new Map<string, GazetteerPlace[]>();
  for (const [alias, name, country] of CHAT_ALIASES) {
    const place = loaded.places.find((p) => p.name === name && p.country === country);
    if (place) aliasMap.set(alias, [place]);
  }
  const map = new Map<string, Entry[]>();
  const add = (key: string, place: GazetteerPlace) => {
    if (key.length < 3) return;
    const list = map.get(key[0]) ?? [];
    list.push({ key, place });
    map.set(key[0], list);
  };
  loaded.keys.forEach((key, i) => {
    const place = loaded.places[loaded.refs[i]];
    if (place.population >= FUZZY_MIN_POPULATION) add(key, place);
  });
  for (const [key, places] of aliasMap) add(key, places[0]);
  index = loaded;
  aliases = aliasMap;
  buckets = map;
}

function exactMatches(key: string): GazetteerPlace[] {
  if (!index) return [];
  const { keys, refs, places } = index;
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid] < key) lo = mid + 1;
    else hi = mid;
  }
  const found: GazetteerPlace[] = [...(aliases?.get(key) ?? [])];
  for (let i = lo; i < keys.length && keys[i] === key; i++) found.push(places[refs[i]]);
  return found;
}

/** Optimal-string-alignment distance, or max + 1 once it is certainly above max. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, prev2[j - 2] + 1);
      row.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length];
}

const allowedTypos = (key: string) => (key.length >= 8 ? 2 : key.length >= 5 ? 1 : 0);

type Candidate = { place: GazetteerPlace; distance: number };

function better(a: Candidate, b: Candidate | undefined, country: string | undefined): boolean {
  if (!b) return true;
  const home = (c: Candidate) => (country && c.place.country === country ? 1 : 0);
  if (home(a) !== home(b)) return home(a) > home(b);
  if (a.distance !== b.distance) return a.distance < b.distance;
  return a.place.population > b.place.population;
}

function fuzzyMatch(key: string, country: string | undefined): Candidate | undefined {
  const max = allowedTypos(key);
  if (!max || !buckets) return undefined;
  let best: Candidate | undefined;
  for (const entry of buckets.get(key[0]) ?? []) {
    const distance = editDistance(key, entry.key, max);
    if (distance > max) continue;
    const candidate = { place: entry.place, distance };
    if (better(candidate, best, country)) best = candidate;
  }
  return best;
}

function bestOf(places: GazetteerPlace[], country: string | undefined, minPopulation: number): GazetteerPlace | undefined {
  let best: Candidate | undefined;
  for (const place of places) {
    if (place.population < minPopulation) continue;
    const candidate = { place, distance: 0 };
    if (better(candidate, best, country)) best = candidate;
  }
  return best?.place;
}

const titleCase = (words: string[]) => words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');

function toSlot(place: GazetteerPlace, extra: string[], airport: boolean): PlaceSlot {
  const base = { lat: place.lat, lng: place.lng, country: place.country, city: place.name };
  if (airport) return airportOf({ ...base, name: place.name });
  return { ...base, name: extra.length ? `${titleCase(extra)}, ${place.name}` : place.name };
}

/**
 * Resolves a place phrase ("chenai", "T Nagar, Chennai", "Bangalore airport") to a
 * gazetteer locality: the longest exact word run first (the operator's country, then
 * the biggest), then typo matches. Undefined when nothing fits or the index is not loaded.
 */
export function resolvePlace(phrase: string, options: ResolveOptions = {}): PlaceSlot | undefined {
  if (!index) return undefined;
  const words = phrase.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean).slice(0, 6);
  const airport = words.some(isAirportWord);
  const tokens = words.filter((w) => !isAirportWord(w) && !FILLER_WORDS.has(w));
  const minPopulation = options.minPopulation ?? 0;
  for (let size = tokens.length; size >= 1; size--) {
    const hits: { place: GazetteerPlace; start: number }[] = [];
    for (let start = 0; start + size <= tokens.length; start++) {
      const key = foldName(tokens.slice(start, start + size).join(''));
      if (key.length < 3) continue;
      const place = bestOf(exactMatches(key), options.country, minPopulation);
      if (place) hits.push({ place, start });
    }
    const top = hits.reduce<(typeof hits)[number] | undefined>((acc, h) => (!acc || better({ place: h.place, distance: 0 }, { place: acc.place, distance: 0 }, options.country) ? h : acc), undefined);
    if (top) return toSlot(top.place, [...tokens.slice(0, top.start), ...tokens.slice(top.start + size)], airport);
  }
  if (options.fuzzy === false) return undefined;
  const whole = foldName(tokens.join(''));
  const guesses = [tokens.length <= 2 ? fuzzyMatch(whole, options.country) : undefined, ...tokens.map((t) => fuzzyMatch(foldName(t), options.country))];
  const guess = guesses.reduce<Candidate | undefined>((acc, g) => (g && better(g, acc, options.country) ? g : acc), undefined);
  return guess ? toSlot(guess.place, [], airport) : undefined;
}

/** The airport serving a resolved place's city (for "to the airport"). */
export function airportOf(place: PlaceSlot): PlaceSlot {
  const known = AIRPORTS[place.city] ?? airportNear(place);
  const base = { country: place.country, city: place.city, airport: true };
  return known ? { ...base, name: known.name, lat: known.lat, lng: known.lng } : { ...base, name: `${place.city} Airport`, lat: place.lat, lng: place.lng };
}

/** Suggestions for a place word (the search_places tool). */
export function searchPlaces(query: string, country?: string, limit = 5): PlaceSlot[] {
  if (!index) return [];
  const found = searchCities(query, { country, limit }).map((p) => toSlot(p, [], false));
  if (found.length) return found;
  const guess = resolvePlace(query, { country });
  return guess ? [guess] : [];
}
