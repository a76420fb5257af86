import { CITY_ALIASES, foldName } from './city-aliases';
import { encodePlaceFile, type Column } from './index-file';
import { NATIVE_CITY_NAMES } from './native-names';
import { packKeyedLists, packRagged, stringTable } from './packed';
import { addToGrid, idsNear, packGrid, type Grid, type GridBuilder } from './place-grid';
import { loadAirports, loadCities, loadLocalities, type PlaceKind, type PlaceRecord } from './sources';
import { packStrings } from './strings';
import { distanceKm, editDistance, foldKey, wordsOf } from './text';

/** Kinds by their number in the `kind` column. */
export const KINDS: readonly PlaceKind[] = ['city', 'airport', 'locality'];
/** Separates an entry's names in the `names` strings. */
export const NAME_SEPARATOR = '\u0001';

/** An entry while the index is built (objects, dropped once packed into columns). */
type Draft = PlaceRecord & { id: number; name: string; parent?: number; keys: string[]; context: string[]; full: string[]; merged?: boolean };

/** Spellings the chat and riders use for cities GeoNames files under another name. */
export const EXTRA_CITY_ALIASES: [string, string, string][] = [
  ['trichy', 'Tiruchirappalli', 'IN'],
  ['tuticorin', 'Thoothukudi', 'IN'],
  ['kanchi', 'Kanchipuram', 'IN'],
  ['new york', 'New York City', 'US'],
  ['nyc', 'New York City', 'US'],
  ['chennai city', 'Chennai', 'IN'],
];
/** Words that find every airport, in the scripts of the native-name table. */
export const AIRPORT_WORDS = ['airport', 'விமான நிலையம்', 'हवाई अड्डा', 'विमानतल', 'বিমানবন্দর', 'విమానాశ్రయం', 'ವಿಮಾನ ನಿಲ್ದಾಣ', 'വിമാനത്താവളം', 'مطار'];
const PARENT_RADIUS_KM: Record<PlaceKind, number> = { city: 0, airport: 45, locality: 25 };

export const GENERIC_AIRPORT_WORDS = ['airport', 'international', 'intl', 'regional', 'domestic', 'municipal', 'county', 'airfield', 'aerodrome', 'airstrip'];
const GENERIC_AIRPORT_WORD_SET = new Set(GENERIC_AIRPORT_WORDS);

/** An airport's name without the generic words and its city: "London Heathrow Airport" -> "londonheathrow", "heathrow". */
function distinctiveNames(name: string, parent: Draft | undefined): string[] {
  const words = wordsOf(name).filter((w) => !GENERIC_AIRPORT_WORD_SET.has(w));
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

/** The figures that decide what the builder makes, for the file's fingerprint. */
export const BUILD_CONSTANTS = { PARENT_RADIUS_KM, PARENT_MIN_POPULATION, NEAREST_TOWN_KM, SAME_PLACE_KM, PULL_OFFSET_KM, SAME_TOWN_KM };

/** The city whose area a place lies in: the strongest pull, population over distance plus PULL_OFFSET_KM. */
function parentOf(entry: Draft, entries: Draft[], bigGrid: Grid, grid: Grid): Draft | undefined {
  const radius = PARENT_RADIUS_KM[entry.kind];
  let best: { city: Draft; pull: number } | undefined;
  idsNear(bigGrid, entry, radius, (id) => {
    const city = entries[id];
    const km = distanceKm(entry, city);
    const pull = (city.population ?? 0) / (km + PULL_OFFSET_KM);
    if (km <= radius && (!best || pull > best.pull)) best = { city, pull };
  });
  if (best) return best.city;
  let nearest: { city: Draft; km: number } | undefined;
  idsNear(grid, entry, NEAREST_TOWN_KM, (id) => {
    const city = entries[id];
    if (city.kind !== 'city') return;
    const km = distanceKm(entry, city);
    if (km <= NEAREST_TOWN_KM && (!nearest || km < nearest.km)) nearest = { city, km };
  });
  return nearest && nearest.km > SAME_PLACE_KM ? nearest.city : undefined;
}

/** The town a locality is, under another spelling ("Lonavala" post office, "Lonavla" town), if any. */
function sameTown(entry: Draft, entries: Draft[], grid: Grid): Draft | undefined {
  const names = entry.names.map(foldKey);
  let found: Draft | undefined;
  idsNear(grid, entry, SAME_TOWN_KM, (id) => {
    const city = entries[id];
    if (found || city.kind !== 'city' || distanceKm(entry, city) > SAME_TOWN_KM) return;
    const key = foldKey(city.name);
    if (names.some((n) => editDistance(n, key, 2) <= (n.length >= 6 ? 2 : 0))) found = city;
  });
  return found;
}

/** Entries with ids, grids, merged localities, parents, and keys, context words and whole-name keys. */
function draftsOf(records: PlaceRecord[]): { entries: Draft[]; grid: Grid } {
  const entries = records as Draft[];
  const gridBuilder: GridBuilder = new Map();
  const bigGridBuilder: GridBuilder = new Map();
  entries.forEach((e, id) => {
    Object.assign(e, { id, name: e.names[0], keys: keysOf(e.names), full: [...new Set(e.names.map(foldKey))], context: [] });
    addToGrid(gridBuilder, id, e.lat, e.lng);
    if ((e.population ?? 0) >= PARENT_MIN_POPULATION) addToGrid(bigGridBuilder, id, e.lat, e.lng);
  });
  const grid = packGrid(gridBuilder);
  const bigGrid = packGrid(bigGridBuilder);
  const airportWords = keysOf(AIRPORT_WORDS);
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
    if (parent && foldKey(parent.name) !== foldKey(e.name)) e.parent = parent.id;
    const parentNames = parent ? parent.keys : [];
    if (e.kind === 'airport') e.full = [...new Set([...e.full, ...distinctiveNames(e.name, parent)])];
    e.context = e.kind === 'airport' ? [...parentNames, ...airportWords, e.code!.toLowerCase()] : parentNames;
  }
  return { entries, grid };
}

/** Distinct keys sorted, each with the entries having it as a key or context word, most important first. */
function postingsOf(entries: Draft[]): { tokens: string[]; lists: number[][] } {
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
  return { tokens, lists: tokens.map((t) => lists.get(t)!.sort((a, b) => entries[b].importance - entries[a].importance)) };
}

/** Token ids by last two UTF-16 units and length (see `endingKey`), for typos early in a word. */
function endingsOf(tokens: string[]) {
  const lists = new Map<number, number[]>();
  tokens.forEach((t, i) => {
    if (t.length < 4) return;
    const key = endingKey(t, t.length);
    const list = lists.get(key);
    if (list) list.push(i);
    else lists.set(key, [i]);
  });
  return packKeyedLists(lists);
}

/** One number for a word's last two UTF-16 units and a length (exact in a double: below 2^48). */
export function endingKey(word: string, length: number): number {
  return (word.charCodeAt(word.length - 2) * 65_536 + word.charCodeAt(word.length - 1)) * 65_536 + Math.min(length, 65_535);
}

/** The settings' city search: GeoNames cities by folded name and alias, sorted, each with its city. */
function cityKeysOf(cities: PlaceRecord[]): { keys: string[]; refs: Int32Array } {
  const entries: [string, number][] = cities.map((c, i) => [foldName(c.names[0]), i]);
  for (const [alias, name, country] of CITY_ALIASES) {
    const i = cities.findIndex((c) => c.names[0] === name && c.country === country);
    if (i >= 0) entries.push([alias, i]);
  }
  entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return { keys: entries.map((e) => e[0]), refs: Int32Array.from(entries.map((e) => e[1])) };
}

function strings(prefix: string, list: readonly string[]): Record<string, Column> {
  const { bytes, starts } = packStrings(list);
  return { [`${prefix}.bytes`]: bytes, [`${prefix}.starts`]: starts };
}

/** Reads the source packages and builds the place index file's bytes (a few seconds and a few hundred MiB, once). */
export async function buildPlaceFile(fingerprint: string): Promise<Buffer> {
  const airports = await loadAirports();
  const cities = loadCities();
  // the city search's keys are the GeoNames names, before aliases are added to them
  const cityKeys = cityKeysOf(cities);
  const geonameIds = Int32Array.from(cities, (c) => c.geonameId!);
  const { entries, grid } = draftsOf([...withCityAliases(cities), ...airports, ...loadLocalities()]);
  const { tokens, lists } = postingsOf(entries);
  const postings = packRagged(lists);

  // Key ids: tokens first (their own order), then whole-name keys that are no token (airports' distinctive
  // names). A merged entry is never searched: it keeps no keys.
  const tokenIds = new Map(tokens.map((t, i) => [t, i]));
  const keyTexts = [...tokens];
  const keyId = (key: string) => tokenIds.get(key) ?? (tokenIds.set(key, keyTexts.length), keyTexts.push(key) - 1);
  const size = entries.length;
  const countries = stringTable();
  const texts = stringTable();
  const column = () => new Int32Array(size).fill(-1);
  const [codeOf, regionOf, postcodeOf, parentIds] = [column(), column(), column(), column()];
  const countryOf = new Uint16Array(size);
  const kind = new Uint8Array(size);
  const merged = new Uint8Array(size);
  const [lat, lng, importance] = [new Float64Array(size), new Float64Array(size), new Float64Array(size)];
  const population = new Float64Array(size).fill(NaN);
  const byKind = { city: 0, airport: 0, locality: 0 };
  for (const e of entries) {
    const id = e.id;
    kind[id] = KINDS.indexOf(e.kind);
    [lat[id], lng[id], importance[id]] = [e.lat, e.lng, e.importance];
    if (e.population !== undefined) population[id] = e.population;
    merged[id] = e.merged ? 1 : 0;
    countryOf[id] = countries.id(e.country);
    [codeOf[id], regionOf[id], postcodeOf[id]] = [texts.id(e.code), texts.id(e.region), texts.id(e.postcode)];
    if (e.parent !== undefined) parentIds[id] = e.parent;
    if (!e.merged) byKind[e.kind]++;
  }
  const ragged = (name: string, of: (e: Draft) => string[]) => {
    const { starts, ids } = packRagged(entries.map((e) => (e.merged ? [] : of(e).map(keyId))));
    return { [`${name}.starts`]: starts, [`${name}.ids`]: ids };
  };
  const keyColumns = { ...ragged('keys', (e) => e.keys), ...ragged('context', (e) => e.context), ...ragged('full', (e) => e.full) };
  const endings = endingsOf(tokens);
  const meta = { size, tokenCount: tokens.length, cityCount: cities.length, byKind };
  return encodePlaceFile(fingerprint, meta, {
    lat,
    lng,
    importance,
    population,
    kind,
    merged,
    country: countryOf,
    code: codeOf,
    region: regionOf,
    postcode: postcodeOf,
    parent: parentIds,
    ...keyColumns,
    ...strings('keyTexts', keyTexts),
    keyLength: Uint16Array.from(keyTexts, (k) => Math.min(k.length, 65_535)),
    'postings.starts': postings.starts,
    'postings.ids': postings.ids,
    'endings.keys': endings.keys,
    'endings.starts': endings.starts,
    'endings.ids': endings.ids,
    'grid.keys': grid.keys,
    'grid.starts': grid.starts,
    'grid.ids': grid.ids,
    ...strings(
      'names',
      entries.map((e) => e.names.join(NAME_SEPARATOR)),
    ),
    ...strings('countries', countries.table),
    ...strings('texts', texts.table),
    geonameId: geonameIds,
    ...strings('cityKeys', cityKeys.keys),
    cityRefs: cityKeys.refs,
  });
}
