import { idsNear } from './place-grid';
import { fuzzyTokens, prefixEnd, wordEntries, WORD_CANDIDATES } from './place-candidates';
import { ENTRY_BYTES, keyBytes, perIndexCache } from './index-caches';
import { lowerBound, type Ragged } from './packed';
import type { PlaceEntry, PlaceIndex, PlaceKind } from './place-index';
import { distanceKm, foldKey, MAX_QUERY_CHARS, wordsOf } from './text';

type Point = { lat: number; lng: number };
/** `whole`: the whole query as one key, resolved like a word (its typos are the word's when it is one word). */
type ParsedQuery = { words: string[]; whole: QueryWord; parts: QueryWord[] };

export type PlaceQueryOptions = {
  /** The operator's country (ISO 3166 alpha-2): its places rank higher. */
  country?: string;
  /**
   * The countries the operator serves (ISO alpha-2; docs/requirements/rider.md#booking-by-form): when a place
   * in one of them matches, places elsewhere are left out.
   */
  served?: ReadonlySet<string>;
  /** The operator's service cities: places near them rank higher. */
  near?: Point[];
  /** The rider's position, when the browser shared it. */
  rider?: Point;
  /** Prefer one kind, e.g. airports on an airport trip. */
  kind?: PlaceKind;
  limit?: number;
};

const MAX_WORDS = 6;
/** India Post's office suffixes, which riders copy from addresses: "Velacheri S.O". */
const OFFICE_SUFFIX = /\s(?:[SHB]\.\s?O|G\.\s?P\.\s?O)\.?\s*$/i;
/** Service-area places within this distance are always considered, whatever their importance (km). */
const LOCAL_RADIUS_KM = 40;
const PROXIMITY_WEIGHT = 3;
const SECONDARY_POINT_FACTOR = 0.85;
/** Beyond this distance (km) nearness adds nothing; within TOWN_KM it counts in full. */
const PROXIMITY_HORIZON_KM = 500;
const TOWN_KM = 30;
const SCORE = {
  exact: 2,
  prefix: 1,
  typo: 0.8,
  contextFactor: 0.8,
  wholeName: 3,
  wholePrefix: 1.5,
  code: 6,
  country: 1.5,
  kind: 2,
  airportWord: 2,
  airportUnasked: -0.4,
};
const AIRPORT_QUERY_WORDS = new Set(wordsOf('airport airpot aiport terminal விமான हवाई বিমানবন্দর విమానాశ్రయం ವಿಮಾನ വിമാനത്താവളം مطار'));
/** Results of one name closer than this (km) are one place. */
const DUPLICATE_KM = 8;

/**
 * One query word, resolved against the sorted tokens once per query (not per place): the token
 * it is (`exact`, -1 if none), the id range [from, to) of the tokens it is a prefix of (empty
 * when it may not be read as a prefix), and the ids of the tokens it reaches by typo.
 */
type QueryWord = { word: string; typoIds: Set<number>; exact: number; from: number; to: number };

/** The token a key is (`exact`, -1 if none) and the id range [from, to) of the tokens it begins (empty unless `prefix`). */
function tokenRange(index: PlaceIndex, key: string, prefix: boolean): { exact: number; from: number; to: number } {
  const from = index.tokenAtLeast(key);
  const exact = from < index.tokenCount && index.keyLength(from) === key.length && index.key(from) === key ? from : -1;
  return { exact, from, to: prefix ? prefixEnd(index, from, key) : from };
}

function queryWord(index: PlaceIndex, word: string, prefix: boolean, typoIds = new Set(fuzzyTokens(index, word))): QueryWord {
  return { word, typoIds, ...tokenRange(index, word, prefix) };
}

/**
 * The best score of one query word over an entry's keys or context words (one list of its Ragged
 * columns). Every key and context word is a token, judged by id against the word's ranges
 * (integer compares: most places a search looks at match nothing).
 */
function wordScore(index: PlaceIndex, q: QueryWord, list: Ragged, id: number): number {
  let best = 0;
  for (let k = list.starts[id]; k < list.starts[id + 1]; k++) {
    const keyId = list.ids[k];
    if (keyId === q.exact) return SCORE.exact;
    if (keyId >= q.from && keyId < q.to) best = Math.max(best, SCORE.prefix + (0.5 * q.word.length) / index.keyLength(keyId));
    else if (best < SCORE.typo && q.typoIds.has(keyId)) best = SCORE.typo;
  }
  return best;
}

/** What the whole query adds for an entry's whole names: exact, a prefix of one (by how much of it), or a typo of one. */
function wholeNameScore(index: PlaceIndex, query: ParsedQuery, id: number): number {
  const { full, tokenCount } = index;
  const { whole } = query;
  // the length of the first whole name the query begins (-1: none yet)
  let prefixOf = -1;
  let typo = false;
  for (let k = full.starts[id]; k < full.starts[id + 1]; k++) {
    const keyId = full.ids[k];
    if (keyId < tokenCount) {
      if (keyId === whole.exact) return SCORE.wholeName;
      if (prefixOf < 0 && keyId >= whole.from && keyId < whole.to) prefixOf = index.keyLength(keyId);
      else if (whole.typoIds.has(keyId)) typo = true;
      continue;
    }
    // a whole-name key that is no token (a typo is always one) is judged by its text
    const key = index.key(keyId);
    if (key === whole.word) return SCORE.wholeName;
    if (prefixOf < 0 && key.startsWith(whole.word)) prefixOf = key.length;
  }
  if (prefixOf >= 0) return (SCORE.wholePrefix * whole.word.length) / prefixOf;
  return typo ? (SCORE.wholeName * SCORE.typo) / SCORE.exact : 0;
}

/** Equirectangular distance in km: close enough for ranking, and cheap. */
function quickKm(a: Point, b: Point): number {
  const x = (b.lng - a.lng) * Math.cos(((a.lat + b.lat) * Math.PI) / 360) * 111.32;
  const y = (b.lat - a.lat) * 110.57;
  return Math.sqrt(x * x + y * y);
}

const nearness = (km: number) => 1 - Math.log10(1 + Math.max(0, km - TOWN_KM)) / Math.log10(1 + PROXIMITY_HORIZON_KM);

/**
 * Nearness to the closest point; the first point (the rider, else the operator's main city) counts
 * a little more. Nearness falls with distance, so only the first point and the closest of the
 * others are weighed (two logarithms per place, not one per point).
 */
function proximity(entry: Point, points: Point[]): number {
  if (!points.length) return 0;
  let closest = Infinity;
  for (let i = 1; i < points.length; i++) {
    // the north-south part alone is farther than the closest so far: this point cannot be closer
    if (Math.abs(entry.lat - points[i].lat) * 110.57 * (1 - 1e-9) > closest) continue;
    closest = Math.min(closest, quickKm(points[i], entry));
  }
  const first = nearness(quickKm(points[0], entry));
  // beyond the horizon nearness goes below 0: it counts as 0
  return PROXIMITY_WEIGHT * Math.max(0, first, closest === Infinity ? 0 : nearness(closest) * SECONDARY_POINT_FACTOR);
}

/** The query's relevance for one place, or 0 when a word matches none of its names. */
function scoreEntry(index: PlaceIndex, id: number, query: ParsedQuery, options: PlaceQueryOptions, points: Point[]): number {
  const { words } = query;
  let match = 0;
  for (const q of query.parts) {
    const own = wordScore(index, q, index.keys, id);
    const context = own >= SCORE.exact ? 0 : wordScore(index, q, index.context, id) * SCORE.contextFactor;
    const best = Math.max(own, context);
    if (!best) return 0;
    match += best;
  }
  match += wholeNameScore(index, query, id);
  const kind = index.kindOf(id);
  const code = kind === 'airport' ? index.code(id) : undefined;
  if (code && words.length === 1 && code.toLowerCase() === words[0]) match += SCORE.code;
  let score = match + index.importance[id] + proximity({ lat: index.lat[id], lng: index.lng[id] }, points);
  if (options.country && index.country(id) === options.country) score += SCORE.country;
  if (options.kind && kind === options.kind) score += SCORE.kind;
  if (kind === 'airport') score += words.some((w) => AIRPORT_QUERY_WORDS.has(w)) || options.kind === 'airport' ? SCORE.airportWord : SCORE.airportUnasked;
  return score;
}

/** The query's words as the index folds them; empty when there is nothing to search. */
export function queryWords(query: string): string[] {
  const words = wordsOf(query.slice(0, MAX_QUERY_CHARS).replace(OFFICE_SUFFIX, ' ')).slice(0, MAX_WORDS);
  return words.join('').length >= 2 ? words : [];
}

/** Per index: the query number that last took each entry (a reused stamp instead of a Set per query). */
const stamps = new WeakMap<PlaceIndex, { seen: Uint32Array; query: number }>();

/**
 * The entries worth scoring, each once, in the order first met (it breaks ties between equal
 * scores): the query's word entries, and the places around the rider and the operator's cities
 * that match the first word (a place that does not scores 0 whatever else it matches).
 */
function candidates(index: PlaceIndex, words: string[], first: QueryWord, points: Point[]): number[] {
  const perWord = words.map((w, i) => wordEntries(index, w, i === words.length - 1));
  const sizes = perWord.map((lists) => lists.reduce((n, l) => n + l.length, 0));
  const driver = sizes.indexOf(Math.min(...sizes));
  let stamp = stamps.get(index);
  if (!stamp || stamp.query === 0xffffffff) stamps.set(index, (stamp = { seen: new Uint32Array(index.size), query: 0 }));
  const query = ++stamp.query;
  const { seen } = stamp;
  const ids: number[] = [];
  const add = (id: number) => {
    if (seen[id] !== query) {
      seen[id] = query;
      ids.push(id);
    }
  };
  for (const list of perWord[driver]) for (let i = 0; i < list.length && i < WORD_CANDIDATES; i++) add(list[i]);
  if (words.length > 1) for (const list of wordEntries(index, words.join(''), true)) for (const id of list) add(id);
  for (const p of points) {
    const near = placesAround(index, p);
    for (const at of matchingAround(near, first)) add(near.ids[at]);
  }
  return ids;
}

/**
 * The places within LOCAL_RADIUS_KM of a point (`ids`, in the grid's order), and their keys and
 * context words as token ids (every key and context word is a token), sorted, each with the
 * position of its place: a word finds the places it matches by binary search.
 */
type Around = { ids: Int32Array; keyIds: Int32Array; at: Int32Array };

/** Kept per point (8 MiB per index, about 15 KiB a city): an operator's cities are asked about on every search, a rider's position on each keystroke. */
const around = perIndexCache<Around>(8 * 2 ** 20, (a, key) => a.ids.byteLength + a.keyIds.byteLength + a.at.byteLength + keyBytes(key) + ENTRY_BYTES);

function placesAround(index: PlaceIndex, p: Point): Around {
  const kept = around(index);
  const key = `${p.lat},${p.lng}`;
  let found = kept.get(key);
  if (!found) {
    const ids: number[] = [];
    idsNear(index.grid, p, LOCAL_RADIUS_KM, (id) => ids.push(id));
    const pairs: [number, number][] = [];
    ids.forEach((id, at) => {
      for (const list of [index.keys, index.context]) for (let k = list.starts[id]; k < list.starts[id + 1]; k++) pairs.push([list.ids[k], at]);
    });
    pairs.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    found = { ids: Int32Array.from(ids), keyIds: Int32Array.from(pairs, (pair) => pair[0]), at: Int32Array.from(pairs, (pair) => pair[1]) };
    kept.set(key, found);
  }
  return found;
}

/** Positions (in `near.ids`, ascending) of the places with a key or context word the query word reaches: itself, a token it begins, a typo. */
function matchingAround(near: Around, q: QueryWord): number[] {
  const positions: number[] = [];
  const take = (from: number, to: number) => {
    for (let k = lowerBound(near.keyIds, from); k < near.keyIds.length && near.keyIds[k] < to; k++) positions.push(near.at[k]);
  };
  take(q.from, q.to);
  if (q.exact >= 0 && !(q.exact >= q.from && q.exact < q.to)) take(q.exact, q.exact + 1);
  for (const typo of q.typoIds) if (!(typo >= q.from && typo < q.to) && typo !== q.exact) take(typo, typo + 1);
  return positions.sort((a, b) => a - b);
}

/** Places for a typed query, best first: names, codes, spellings and typos, near the operator first. */
export function searchPlaceIndex(index: PlaceIndex, text: string, options: PlaceQueryOptions = {}): PlaceEntry[] {
  const words = queryWords(text);
  if (!words.length) return [];
  const parts = words.map((word, i) => queryWord(index, word, i === words.length - 1 || word.length >= 4));
  const wholeKey = foldKey(words.join(' '));
  const whole = queryWord(index, wholeKey, true, words.length === 1 ? parts[0].typoIds : undefined);
  const query: ParsedQuery = { words, whole, parts };
  const points = [...(options.rider ? [options.rider] : []), ...(options.near ?? [])].slice(0, 20);
  const ids: number[] = [];
  const scores: number[] = [];
  for (const id of candidates(index, words, parts[0], points)) {
    if (index.merged[id]) continue;
    const score = scoreEntry(index, id, query, options, points);
    if (score > 0) {
      ids.push(id);
      scores.push(score);
    }
  }
  if (options.served) keepServed(index, options.served, ids, scores);
  const limit = options.limit ?? 8;
  const chosen: PlaceEntry[] = [];
  const chosenKeys: string[] = [];
  const choose = (order: Iterable<number>) => {
    for (const i of order) {
      if (chosen.length >= limit) return;
      const entry = index.entry(ids[i]);
      // Each name folded once (not once per pair of results).
      const key = foldKey(entry.name);
      const same = chosen.some((c, j) => chosenKeys[j] === key && distanceKm(c, entry) < DUPLICATE_KM);
      if (!same) {
        chosen.push(entry);
        chosenKeys.push(key);
      }
    }
  };
  // Best first, equal scores in the order met. A few times the limit is enough unless many are
  // duplicates of one another; then the rest, sorted.
  const head = bestPositions(scores, limit * 4);
  choose(head);
  if (chosen.length < limit && head.length < scores.length) {
    const taken = new Set(head);
    const rest = scores.map((_, i) => i).filter((i) => !taken.has(i));
    choose(rest.sort((a, b) => scores[b] - scores[a] || a - b));
  }
  return chosen;
}

/** Leaves only the places in a served country, unless none is (then every place stays). */
function keepServed(index: PlaceIndex, served: ReadonlySet<string>, ids: number[], scores: number[]): void {
  if (!ids.some((id) => served.has(index.country(id)))) return;
  let kept = 0;
  for (let i = 0; i < ids.length; i++) {
    if (!served.has(index.country(ids[i]))) continue;
    ids[kept] = ids[i];
    scores[kept++] = scores[i];
  }
  ids.length = kept;
  scores.length = kept;
}

/** The positions of the `m` highest scores, highest first, equal scores in position order (as a stable sort would give them). */
export function bestPositions(scores: number[], m: number): number[] {
  const top: number[] = [];
  for (let i = 0; i < scores.length; i++) {
    const score = scores[i];
    if (top.length === m && score <= scores[top[m - 1]]) continue;
    // after every kept position with a score at least this one (they came first)
    let at = top.length;
    while (at > 0 && scores[top[at - 1]] < score) at--;
    top.splice(at, 0, i);
    if (top.length > m) top.pop();
  }
  return top;
}
