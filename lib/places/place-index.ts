import { CITY_ALIASES } from './gazetteer';
import { NATIVE_CITY_NAMES } from './native-names';
import { packLists, packRagged, packTexts, stringTable, textAt, type PackedLists, type Ragged } from './packed';
import { addToGrid, idsNear, packGrid, type Grid, type GridBuilder } from './place-grid';
import { loadAirports, loadCities, loadLocalities, type PlaceKind, type PlaceRecord } from './sources';
import { distanceKm, editDistance, foldKey, wordsOf } from './text';

export type { PlaceKind } from './sources';

/** One place as the index hands it out: a fresh object each time (the index keeps columns, not objects). */
export type PlaceEntry = PlaceRecord & {
  id: number;
  /** `names[0]`, the name shown. */
  name: string;
  /** The city a locality belongs to or an airport serves. */
  parent?: string;
};

const KINDS: readonly PlaceKind[] = ['city', 'airport', 'locality'];

/**
 * The offline place index, as columns: one typed array per field over entry ids 0 .. size - 1, strings in a
 * few shared tables, every list packed. A server keeps it alive for good, and a full garbage collection visits
 * every object alive: as 164,074 entry objects with their arrays (about a million objects) it held the thread
 * for ~100 ms per collection; as columns it is a few dozen objects besides the distinct key strings.
 */
export type PlaceIndex = {
  size: number;
  lat: Float64Array;
  lng: Float64Array;
  /** Rough log10 of how many riders go there (see PlaceRecord). */
  importance: Float64Array;
  /** 1 for a locality that is a gazetteer town under another spelling (its names were added to the town): skip it. */
  merged: Uint8Array;
  /** Key ids (`key(k)`) of an entry's own names: folded words and whole-name keys (primary). */
  keys: Ragged;
  /** Key ids of its parent's names, and for an airport the airport words and its code (context). */
  context: Ragged;
  /** Key ids of each own name folded whole ("T Nagar" -> "tnagar"), and an airport's distinctive names. */
  full: Ragged;
  /** The text of a key id: the token `tokens[k]`, or a whole-name key that is no token. */
  key: (k: number) => string;
  /** Distinct folded keys, sorted; `posting(i)` lists the entries having `tokens[i]`, most important first. */
  tokens: string[];
  /** A view into one packed array: one buffer for 187,767 lists rather than as many typed arrays. */
  posting: (i: number) => Int32Array;
  /** Token ids by last two letters and length, for typos early in a word. */
  endings: PackedLists<string>;
  grid: Grid;
  /** Token id per exact key (for the chat resolver's word runs). */
  byToken: Map<string, number>;
  kindOf: (id: number) => PlaceKind;
  country: (id: number) => string;
  /** An airport's IATA code. */
  code: (id: number) => string | undefined;
  /** Every searchable name; the first is shown. */
  names: (id: number) => string[];
  name: (id: number) => string;
  /** The entry as an object (for the few a search returns). */
  entry: (id: number) => PlaceEntry;
  stats: { buildMs: number; entries: number; tokens: number; byKind: Record<PlaceKind, number> };
};

/** An entry while the index is built (objects, dropped once packed into columns). */
type Draft = PlaceRecord & { id: number; name: string; parent?: number; keys: string[]; context: string[]; full: string[]; merged?: boolean };

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
function distinctiveNames(name: string, parent: Draft | undefined): string[] {
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

const NAME_SEPARATOR = '\u0001';

function build(records: PlaceRecord[], started: number): PlaceIndex {
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
  const postings = packRagged(tokens.map((t) => lists.get(t)!.sort((a, b) => entries[b].importance - entries[a].importance)));
  lists.clear();
  const posting = (i: number) => postings.ids.subarray(postings.starts[i], postings.starts[i + 1]);
  const endingLists = new Map<string, number[]>();
  const byToken = new Map<string, number>();
  tokens.forEach((t, i) => {
    byToken.set(t, i);
    if (t.length < 4) return;
    const key = `${t.slice(-2)}|${t.length}`;
    const list = endingLists.get(key);
    if (list) list.push(i);
    else endingLists.set(key, [i]);
  });

  // Columns. Key ids: tokens first (their own order), then whole-name keys that are no token (airports'
  // distinctive names). A merged entry is never searched: it keeps no keys.
  const extraKeys: string[] = [];
  const extraIds = new Map<string, number>();
  const keyId = (key: string) =>
    byToken.get(key) ?? extraIds.get(key) ?? (extraIds.set(key, tokens.length + extraKeys.length), extraKeys.push(key) + tokens.length - 1);
  const size = entries.length;
  const texts = stringTable();
  const column = () => new Int32Array(size).fill(-1);
  const [countryOf, codeOf, regionOf, postcodeOf, parentIds] = [column(), column(), column(), column(), column()];
  const kind = new Uint8Array(size);
  const lat = new Float64Array(size);
  const lng = new Float64Array(size);
  const importance = new Float64Array(size);
  const population = new Float64Array(size).fill(NaN);
  const merged = new Uint8Array(size);
  for (const e of entries) {
    const id = e.id;
    kind[id] = KINDS.indexOf(e.kind);
    lat[id] = e.lat;
    lng[id] = e.lng;
    importance[id] = e.importance;
    if (e.population !== undefined) population[id] = e.population;
    merged[id] = e.merged ? 1 : 0;
    countryOf[id] = texts.id(e.country);
    codeOf[id] = texts.id(e.code);
    regionOf[id] = texts.id(e.region);
    postcodeOf[id] = texts.id(e.postcode);
    if (e.parent !== undefined) parentIds[id] = e.parent;
  }
  const keys = packRagged(entries.map((e) => (e.merged ? [] : e.keys.map(keyId))));
  const context = packRagged(entries.map((e) => (e.merged ? [] : e.context.map(keyId))));
  const full = packRagged(entries.map((e) => (e.merged ? [] : e.full.map(keyId))));
  const nameTexts = packTexts(entries.map((e) => e.names.join(NAME_SEPARATOR)));
  const byKind = { city: 0, airport: 0, locality: 0 };
  for (const e of entries) if (!e.merged) byKind[e.kind]++;
  entries.length = 0;

  const text = (at: number) => (at < 0 ? undefined : texts.table[at]);
  const names = (id: number) => textAt(nameTexts, id).split(NAME_SEPARATOR);
  const name = (id: number) => {
    const all = textAt(nameTexts, id);
    const end = all.indexOf(NAME_SEPARATOR);
    return end < 0 ? all : all.slice(0, end);
  };
  const index: PlaceIndex = {
    size,
    lat,
    lng,
    importance,
    merged,
    keys,
    context,
    full,
    key: (k) => (k < tokens.length ? tokens[k] : extraKeys[k - tokens.length]),
    tokens,
    posting,
    endings: packLists(endingLists),
    grid,
    byToken,
    kindOf: (id) => KINDS[kind[id]],
    country: (id) => texts.table[countryOf[id]],
    code: (id) => text(codeOf[id]),
    names,
    name,
    entry: (id) => {
      const all = names(id);
      const entry: PlaceEntry = {
        id,
        kind: KINDS[kind[id]],
        names: all,
        name: all[0],
        country: texts.table[countryOf[id]],
        lat: lat[id],
        lng: lng[id],
        importance: importance[id],
      };
      if (!Number.isNaN(population[id])) entry.population = population[id];
      const [code, region, postcode] = [text(codeOf[id]), text(regionOf[id]), text(postcodeOf[id])];
      if (code !== undefined) entry.code = code;
      if (region !== undefined) entry.region = region;
      if (postcode !== undefined) entry.postcode = postcode;
      if (parentIds[id] >= 0) entry.parent = name(parentIds[id]);
      return entry;
    },
    stats: { buildMs: Date.now() - started, entries: size, tokens: tokens.length, byKind },
  };
  return index;
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
