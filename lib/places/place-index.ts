import { endingKey, KINDS, NAME_SEPARATOR } from './index-build';
import type { PlaceFile } from './index-file';
import { eachListed, type KeyedLists, type Ragged } from './packed';
import { readPlaceFile } from './place-data';
import type { Grid } from './place-grid';
import type { PlaceKind, PlaceRecord } from './sources';
import { lowerBoundString, stringAt, stringCount, type Strings } from './strings';

export type { PlaceKind } from './sources';

/** One place as the index hands it out: a fresh object each time (the index keeps columns, not objects). */
export type PlaceEntry = Omit<PlaceRecord, 'geonameId'> & {
  id: number;
  /** `names[0]`, the name shown. */
  name: string;
  /** The city a locality belongs to or an airport serves. */
  parent?: string;
};

/**
 * The offline place index, as columns over entry ids 0 .. size - 1: typed arrays and UTF-8 string tables,
 * all views into the one buffer read from the place index file (lib/places/place-data.ts). The collector
 * sees a few dozen objects, whatever the number of places; strings are decoded when asked for.
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
  /** The text of a key id: a token (below `tokenCount`), or a whole-name key that is no token. */
  key: (k: number) => string;
  /** Its length in UTF-16 units (without decoding it). */
  keyLength: (k: number) => number;
  /** Distinct folded keys of entries and their context words, sorted: ids 0 .. tokenCount - 1. */
  tokenCount: number;
  /** The first token id whose text is not below `text` (tokenCount when none). */
  tokenAtLeast: (text: string) => number;
  /** The token id of exactly this text, or -1. */
  tokenId: (text: string) => number;
  /** The entries having token i, most important first (a view into one packed array). */
  posting: (i: number) => Int32Array;
  /** Calls `visit` with each token id of this length whose last two UTF-16 units are `word`'s, in id order (typos early in a word). */
  eachTokenEnding: (word: string, length: number, visit: (i: number) => void) => void;
  grid: Grid;
  kindOf: (id: number) => PlaceKind;
  country: (id: number) => string;
  /** An airport's IATA code. */
  code: (id: number) => string | undefined;
  /** Every searchable name; the first is shown. */
  names: (id: number) => string[];
  name: (id: number) => string;
  /** The entry as an object (for the few a search returns). */
  entry: (id: number) => PlaceEntry;
  stats: { loadMs: number; entries: number; tokens: number; bytes: number; byKind: Record<PlaceKind, number> };
};

const strings = (file: PlaceFile, name: string): Strings => ({ bytes: file.bytes(`${name}.bytes`), starts: file.column(`${name}.starts`, Uint32Array) });
const ragged = (file: PlaceFile, name: string): Ragged => ({ starts: file.column(`${name}.starts`, Int32Array), ids: file.column(`${name}.ids`, Int32Array) });
const keyed = (file: PlaceFile, name: string): KeyedLists => ({
  keys: file.column(`${name}.keys`, Float64Array),
  starts: file.column(`${name}.starts`, Int32Array),
  ids: file.column(`${name}.ids`, Int32Array),
});

/** The index over a place index file's columns. */
export function placeIndexOf(file: PlaceFile, loadMs = 0): PlaceIndex {
  const meta = file.meta as { size: number; tokenCount: number; byKind: Record<PlaceKind, number> };
  const { size, tokenCount } = meta;
  const [lat, lng, importance, population] = ['lat', 'lng', 'importance', 'population'].map((c) => file.column(c, Float64Array));
  const kind = file.column('kind', Uint8Array);
  const countryOf = file.column('country', Uint16Array);
  const [codeOf, regionOf, postcodeOf, parentIds] = ['code', 'region', 'postcode', 'parent'].map((c) => file.column(c, Int32Array));
  const keyTexts = strings(file, 'keyTexts');
  const keyLengths = file.column('keyLength', Uint16Array);
  const postings = ragged(file, 'postings');
  const endings = keyed(file, 'endings');
  const names = strings(file, 'names');
  const texts = strings(file, 'texts');
  // about 250 country codes: kept as strings, compared on every place a search scores
  const countriesTable = strings(file, 'countries');
  const countries = Array.from({ length: stringCount(countriesTable) }, (_, i) => stringAt(countriesTable, i));

  const text = (at: number) => (at < 0 ? undefined : stringAt(texts, at));
  const namesOf = (id: number) => stringAt(names, id).split(NAME_SEPARATOR);
  const name = (id: number) => {
    const all = stringAt(names, id);
    const end = all.indexOf(NAME_SEPARATOR);
    return end < 0 ? all : all.slice(0, end);
  };
  const tokenAtLeast = (t: string) => lowerBoundString(keyTexts, t, 0, tokenCount);
  return {
    size,
    lat,
    lng,
    importance,
    merged: file.column('merged', Uint8Array),
    keys: ragged(file, 'keys'),
    context: ragged(file, 'context'),
    full: ragged(file, 'full'),
    key: (k) => stringAt(keyTexts, k),
    keyLength: (k) => keyLengths[k],
    tokenCount,
    tokenAtLeast,
    tokenId: (t) => {
      const at = tokenAtLeast(t);
      return at < tokenCount && keyLengths[at] === t.length && stringAt(keyTexts, at) === t ? at : -1;
    },
    posting: (i) => postings.ids.subarray(postings.starts[i], postings.starts[i + 1]),
    eachTokenEnding: (word, length, visit) => eachListed(endings, endingKey(word, length), visit),
    grid: keyed(file, 'grid'),
    kindOf: (id) => KINDS[kind[id]],
    country: (id) => countries[countryOf[id]],
    code: (id) => text(codeOf[id]),
    names: namesOf,
    name,
    entry: (id) => {
      const all = namesOf(id);
      const entry: PlaceEntry = {
        id,
        kind: KINDS[kind[id]],
        names: all,
        name: all[0],
        country: countries[countryOf[id]],
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
    stats: { loadMs, entries: size, tokens: tokenCount, bytes: file.byteLength, byKind: meta.byKind },
  };
}

/** One per process, also when Next's bundles and the server's bundle each hold a copy of this module. */
const shared = globalThis as unknown as { __travelsxPlaceIndex?: { index?: PlaceIndex; loading?: Promise<PlaceIndex>; file?: PlaceFile } };
const state = (shared.__travelsxPlaceIndex ??= {});

/** Reads the place index file once per process (building it first when missing or unusable); later calls share it. */
export function loadPlaceIndex(): Promise<PlaceIndex> {
  state.loading ??= (async () => {
    const started = Date.now();
    const file = await readPlaceFile();
    state.file = file;
    state.index = placeIndexOf(file, Date.now() - started);
    return state.index;
  })();
  state.loading.catch(() => (state.loading = undefined));
  return state.loading;
}

/** The loaded index, or undefined before `loadPlaceIndex` has finished. */
export function placeIndex(): PlaceIndex | undefined {
  return state.index;
}

/** The loaded file, for the other views over it (the settings' city search). */
export async function loadedPlaceFile(): Promise<PlaceFile> {
  await loadPlaceIndex();
  return state.file!;
}
