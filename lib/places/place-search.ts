import { idsNear } from './place-grid';
import { fuzzyTokens, wordEntries, WORD_CANDIDATES } from './place-candidates';
import type { Ragged } from './packed';
import type { PlaceEntry, PlaceIndex, PlaceKind } from './place-index';
import { distanceKm, foldKey, MAX_QUERY_CHARS, wordsOf } from './text';

type Point = { lat: number; lng: number };
type ParsedQuery = { words: string[]; whole: string; parts: QueryWord[]; wholeTypos: Set<string> };

export type PlaceQueryOptions = {
  /** The operator's country (ISO 3166 alpha-2): its places rank higher. */
  country?: string;
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
const SCORE = { exact: 2, prefix: 1, typo: 0.8, contextFactor: 0.8, wholeName: 3, wholePrefix: 1.5, code: 6, country: 1.5, kind: 2, airportWord: 2, airportUnasked: -0.4 };
const AIRPORT_QUERY_WORDS = new Set(wordsOf('airport airpot aiport terminal விமான हवाई বিমানবন্দর విమానాశ్రయం ವಿಮಾನ വിമാനത്താവളം مطار'));
/** Results of one name closer than this (km) are one place. */
const DUPLICATE_KM = 8;

/** One query word with the index tokens it reaches by typo (computed once per query, not per place). */
type QueryWord = { word: string; asPrefix: boolean; typos: Set<string> };

/** The best score of one query word over an entry's keys (one list of its Ragged columns). */
function wordScore(index: PlaceIndex, q: QueryWord, list: Ragged, id: number): number {
  let best = 0;
  for (let k = list.starts[id]; k < list.starts[id + 1]; k++) {
    const key = index.key(list.ids[k]);
    if (key === q.word) return SCORE.exact;
    if (key.startsWith(q.word) && (q.asPrefix || q.word.length >= 4)) best = Math.max(best, SCORE.prefix + (0.5 * q.word.length) / key.length);
    else if (best < SCORE.typo && q.typos.has(key)) best = SCORE.typo;
  }
  return best;
}

/** What the whole query adds for an entry's whole names: exact, a prefix of one (by how much of it), or a typo of one. */
function wholeNameScore(index: PlaceIndex, query: ParsedQuery, id: number): number {
  const { full } = index;
  const { whole } = query;
  let prefixOf: string | undefined;
  let typo = false;
  for (let k = full.starts[id]; k < full.starts[id + 1]; k++) {
    const key = index.key(full.ids[k]);
    if (key === whole) return SCORE.wholeName;
    if (prefixOf === undefined && key.startsWith(whole)) prefixOf = key;
    else if (query.wholeTypos.has(key)) typo = true;
  }
  if (prefixOf !== undefined) return (SCORE.wholePrefix * whole.length) / prefixOf.length;
  return typo ? (SCORE.wholeName * SCORE.typo) / SCORE.exact : 0;
}

/** Equirectangular distance in km: close enough for ranking, and cheap. */
function quickKm(a: Point, b: Point): number {
  const x = ((b.lng - a.lng) * Math.cos(((a.lat + b.lat) * Math.PI) / 360)) * 111.32;
  const y = (b.lat - a.lat) * 110.57;
  return Math.sqrt(x * x + y * y);
}

/** Nearness to the closest point; the first point (the rider, else the operator's main city) counts a little more. */
function proximity(entry: Point, points: Point[]): number {
  let best = 0;
  points.forEach((p, i) => {
    const km = Math.max(0, quickKm(p, entry) - TOWN_KM);
    const near = 1 - Math.log10(1 + km) / Math.log10(1 + PROXIMITY_HORIZON_KM);
    best = Math.max(best, near * (i === 0 ? 1 : SECONDARY_POINT_FACTOR));
  });
  return PROXIMITY_WEIGHT * best;
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

function candidates(index: PlaceIndex, words: string[], points: Point[]): Set<number> {
  const perWord = words.map((w, i) => wordEntries(index, w, i === words.length - 1));
  const sizes = perWord.map((lists) => lists.reduce((n, l) => n + l.length, 0));
  const driver = sizes.indexOf(Math.min(...sizes));
  const ids = new Set<number>();
  for (const list of perWord[driver]) for (let i = 0; i < list.length && i < WORD_CANDIDATES; i++) ids.add(list[i]);
  if (words.length > 1) for (const list of wordEntries(index, words.join(''), true)) for (const id of list) ids.add(id);
  for (const p of points) idsNear(index.grid, p, LOCAL_RADIUS_KM, (id) => ids.add(id));
  return ids;
}

/** Places for a typed query, best first: names, codes, spellings and typos, near the operator first. */
export function searchPlaceIndex(index: PlaceIndex, text: string, options: PlaceQueryOptions = {}): PlaceEntry[] {
  const words = queryWords(text);
  if (!words.length) return [];
  const whole = foldKey(words.join(' '));
  const typosOf = (word: string) => new Set(fuzzyTokens(index, word).map((i) => index.tokens[i]));
  const parts = words.map((word, i) => ({ word, asPrefix: i === words.length - 1, typos: typosOf(word) }));
  const query: ParsedQuery = { words, whole, parts, wholeTypos: words.length === 1 ? parts[0].typos : typosOf(whole) };
  const points = [...(options.rider ? [options.rider] : []), ...(options.near ?? [])].slice(0, 20);
  const scored: { id: number; score: number }[] = [];
  for (const id of candidates(index, words, points)) {
    if (index.merged[id]) continue;
    const score = scoreEntry(index, id, query, options, points);
    if (score > 0) scored.push({ id, score });
  }
  scored.sort((a, b) => b.score - a.score);
  const chosen: PlaceEntry[] = [];
  for (const { id } of scored) {
    if (chosen.length >= (options.limit ?? 8)) break;
    const entry = index.entry(id);
    const same = chosen.some((c) => foldKey(c.name) === foldKey(entry.name) && distanceKm(c, entry) < DUPLICATE_KM);
    if (!same) chosen.push(entry);
  }
  return chosen;
}
