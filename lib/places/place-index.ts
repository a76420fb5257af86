import { CITY_ALIASES } from './gazetteer';
import { NATIVE_CITY_NAMES } from './native-names';
import { addToGrid, idsNear, type Grid } from './place-grid';
import { loadAirports, loadCities, loadLocalities, type PlaceKind, type PlaceRecord } from './sources';
import { distanceKm, editDistance, foldKey, wordsOf } from './text';

export type { PlaceKind } from './sources';

/** One searchable place; `parent` is the city a locality belongs to or an airport serves. */
export type PlaceEntry = PlaceRecord & {
  id: number;
  name: string;
  parent?: string;
  /** Folded words and whole-name keys of its own names (primary) and of its parent (context). */
  keys: string[];
  context: string[];
  /** Each own name folded whole ("T Nagar" -> "tnagar"). */
  full: string[];
  /** A locality that is a gazetteer town under another spelling: its names were added to the town. */
  merged?: boolean;
};

export type PlaceIndex = {
  entries: PlaceEntry[];
  /** Distinct folded keys, sorted; `posting(i)` lists the entries having `tokens[i]`, most important first. */
  tokens: string[];
  /**
   * A view into one packed array (`postingIds` from `postingStarts[i]` to `postingStarts[i + 1]`): one buffer
   * for 187,767 lists rather than as many typed arrays, so a garbage collection has 2 objects to visit, not
   * about half a million (each typed array is an object and an ArrayBuffer).
   */
  posting: (i: number) => Int32Array;
  /** Token ids by last two letters and length, for typos early in a word. */
  endings: Map<string, number[]>;
  grid: Grid;
  /** Entries per exact key (for the chat resolver's word runs). */
  byToken: Map<string, number>;
  stats: { buildMs: number; entries: number; tokens: number; byKind: Record<PlaceKind, number> };
};

/** Spellings the chat and riders use for cities GeoNames files under another name. */
const EXTRA_CITY_ALIASES: [string, string, string][] = [
  ['trichy', 'Tiruchirappalli', 'IN'],
  ['tuticorin', 'Thoothukudi', 'IN'],
  ['kanchi', 'Kanchipuram', 'IN'],
  ['new york', 'New York City', 'US'],
  ['nyc', 'New York City', 'US'],
  ['chennai city', 'Chennai', 'IN'],
];
/** Words that find every airport, in the scripts of the native-name table. */
const AIRPORT_WORDS = ['airport', 'விமான நிலையம்', 'हवाई अड्डा', 'विमानतल', 'বিমানবন্দর', 'విమానాశ్రయం', 'ವಿಮಾನ ನಿಲ್ದಾಣ', 'വിമാനത്താവളം', 'مطار'];
const PARENT_RADIUS_KM: Record<PlaceKind, number> = { city: 0, airport: 45, locality: 25 };

const GENERIC_AIRPORT_WORDS = new Set(['airport', 'international', 'intl', 'regional', 'domestic', 'municipal', 'county', 'airfield', 'aerodrome', 'airstrip']);

/** An airport's name without the generic words and its city: "London Heathrow Airport" -> "londonheathrow", "heathrow". */
function distinctiveNames(name: string, parent: PlaceEntry | undefined): string[] {
  const words = wordsOf(name).filter((w) => !GENERIC_AIRPORT_WORDS.has(w));
  const city = parent ? new Set(parent.keys) : new Set<string>();
  const own = words.filter((w) => !city.has(w));
  return [words.join(''), own.join('')].filter((k) => k && !city.has(k));
}

function keysOf(names: string[]): string[] {
  const keys = new Set<string>();
  for (const name of names) {
    const words = wordsOf(name);
    for (const w of words) keys.add(w);
    if (words.length > 1) keys.add(words.join(''));
  }
  return [...keys];
}

/** Adds former names, spellings and native-script names to the biggest city of each listed name. */
function withCityAliases(cities: PlaceRecord[]): PlaceRecord[] {
  const extra = new Map<string, string[]>();
  const add = (name: string, country: string, more: string[]) => extra.set(`${name}|${country}`, [...(extra.get(`${name}|${country}`) ?? []), ...more]);
  for (const [alias, name, country] of [...CITY_ALIASES, ...EXTRA_CITY_ALIASES]) add(name, country, [alias]);
  for (const [name, country, natives] of NATIVE_CITY_NAMES) add(name, country, natives);
  const biggest = new Map<string, PlaceRecord>();
  for (const c of cities) {
    const key = `${c.names[0]}|${c.country}`;
    const best = biggest.get(key);
    if (extra.has(key) && (!best || (best.population ?? 0) < (c.population ?? 0))) biggest.set(key, c);
  }
  for (const [key, city] of biggest) city.names.push(...extra.get(key)!);
  return cities;
}

/** Cities big enough to name the area around them. */
const PARENT_MIN_POPULATION = 100_000;
/** A place with no big city in reach takes the nearest town within this distance (km). */
const NEAREST_TOWN_KM = 15;
/** Closer than this (km), a small town is the place itself under another name. */
const SAME_PLACE_KM = 8;
const PULL_OFFSET_KM = 10;
/** A locality this close (km) to a town of nearly its name is that town. */
const SAME_TOWN_KM = 6;

/** The city whose area a place lies in: the strongest pull, population over distance plus PULL_OFFSET_KM. */
function parentOf(entry: PlaceEntry, entries: PlaceEntry[], bigGrid: Grid, grid: Grid): PlaceEntry | undefined {
  const radius = PARENT_RADIUS_KM[entry.kind];
  let best: { city: PlaceEntry; pull: number } | undefined;
  idsNear(bigGrid, entry, radius, (id) => {
    const city = entries[id];
    const km = distanceKm(entry, city);
    const pull = (city.population ?? 0) / (km + PULL_OFFSET_KM);
    if (km <= radius && (!best || pull > best.pull)) best = { city, pull };
  });
  if (best) return best.city;
  let nearest: { city: PlaceEntry; km: number } | undefined;
  idsNear(grid, entry, NEAREST_TOWN_KM, (id) => {
    const city = entries[id];
    if (city.kind !== 'city') return;
    const km = distanceKm(entry, city);
    if (km <= NEAREST_TOWN_KM && (!nearest || km < nearest.km)) nearest = { city, km };
  });
  return nearest && nearest.km > SAME_PLACE_KM ? nearest.city : undefined;
}

/** The town a locality is, under another spelling ("Lonavala" post office, "Lonavla" town), if any. */
function sameTown(entry: PlaceEntry, entries: PlaceEntry[], grid: Grid): PlaceEntry | undefined {
  const names = entry.names.map(foldKey);
  let found: PlaceEntry | undefined;
  idsNear(grid, entry, SAME_TOWN_KM, (id) => {
    const city = entries[id];
    if (found || city.kind !== 'city' || distanceKm(entry, city) > SAME_TOWN_KM) return;
    const key = foldKey(city.name);
    if (names.some((n) => editDistance(n, key, 2) <= (n.length >= 6 ? 2 : 0))) found = city;
  });
  return found;
}

const NO_CONTEXT: string[] = [];

function build(records: PlaceRecord[], started: number): PlaceIndex {
  const intern = new Map<string, string>();
  const interned = (keys: string[]) => keys.map((k) => intern.get(k) ?? (intern.set(k, k), k));
  const entries = records as PlaceEntry[];
  const grid: Grid = new Map();
  const bigGrid: Grid = new Map();
  entries.forEach((e, id) => {
    const keys = interned(keysOf(e.names));
    const full = interned([...new Set(e.names.map(foldKey))]);
    // A one-word name's whole-name key is its only key: one array for both, and one empty context for every
    // city (arrays are never changed in place, only replaced), so the collector has fewer objects to walk.
    Object.assign(e, { id, name: e.names[0], keys, full: full.length === keys.length && full.every((k, i) => k === keys[i]) ? keys : full, context: NO_CONTEXT });
    addToGrid(grid, id, e.lat, e.lng);
    if ((e.population ?? 0) >= PARENT_MIN_POPULATION) addToGrid(bigGrid, id, e.lat, e.lng);
  });
  const airportWords = interned(keysOf(AIRPORT_WORDS));
  for (const e of entries) {
    if (e.kind !== 'locality') continue;
    const town = sameTown(e, entries, grid);
    if (!town) continue;
    e.merged = true;
    town.keys = [...new Set([...town.keys, ...e.keys])];
    town.full = [...new Set([...town.full, ...e.full])];
  }
  for (const e of entries) {
    if (e.kind === 'city' || e.merged) continue;
    const parent = parentOf(e, entries, bigGrid, grid);
    if (parent && foldKey(parent.name) !== foldKey(e.name)) e.parent = parent.name;
    const parentNames = parent ? parent.keys : [];
    if (e.kind === 'airport') e.full = interned([...new Set([...e.full, ...distinctiveNames(e.name, parent)])]);
    e.context = e.kind === 'airport' ? [...parentNames, ...airportWords, e.code!.toLowerCase()] : parentNames;
  }
  const lists = new Map<string, number[]>();
  const post = (key: string, id: number) => {
    const list = lists.get(key);
    if (!list) lists.set(key, [id]);
    else if (list[list.length - 1] !== id) list.push(id);
  };
  for (const e of entries) {
    if (e.merged) continue;
    for (const key of e.keys) post(key, e.id);
    for (const key of e.context) post(key, e.id);
  }
  const tokens = [...lists.keys()].sort();
  const postingStarts = new Int32Array(tokens.length + 1);
  tokens.forEach((t, i) => (postingStarts[i + 1] = postingStarts[i] + lists.get(t)!.length));
  const postingIds = new Int32Array(postingStarts[tokens.length]);
  tokens.forEach((t, i) => postingIds.set(lists.get(t)!.sort((a, b) => entries[b].importance - entries[a].importance), postingStarts[i]));
  const posting = (i: number) => postingIds.subarray(postingStarts[i], postingStarts[i + 1]);
  const endings = new Map<string, number[]>();
  const byToken = new Map<string, number>();
  tokens.forEach((t, i) => {
    byToken.set(t, i);
    if (t.length < 4) return;
    const key = `${t.slice(-2)}|${t.length}`;
    const list = endings.get(key);
    if (list) list.push(i);
    else endings.set(key, [i]);
  });
  const byKind = { city: 0, airport: 0, locality: 0 };
  for (const e of entries) if (!e.merged) byKind[e.kind]++;
  return { entries, tokens, posting, endings, grid, byToken, stats: { buildMs: Date.now() - started, entries: entries.length, tokens: tokens.length, byKind } };
}

let index: PlaceIndex | undefined;
let loading: Promise<PlaceIndex> | undefined;

/** Builds the one place index (cities, airports, Indian localities) once per process; later calls share it. */
export function loadPlaceIndex(): Promise<PlaceIndex> {
  loading ??= (async () => {
    const started = Date.now();
    const airports = await loadAirports();
    index = build([...withCityAliases(loadCities()), ...airports, ...loadLocalities()], started);
    return index;
  })();
  loading.catch(() => (loading = undefined));
  return loading;
}

/** The loaded index, or undefined before `loadPlaceIndex` has finished. */
export function placeIndex(): PlaceIndex | undefined {
  return index;
}
