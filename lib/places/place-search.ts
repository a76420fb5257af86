import { idsNear } from './place-grid';
import { wordEntries, WORD_CANDIDATES } from './place-candidates';
import type { PlaceEntry, PlaceIndex, PlaceKind } from './place-index';
import { allowedTypos, distanceKm, editDistance, foldKey, MAX_QUERY_CHARS, wordsOf } from './text';

type Point = { lat: number; lng: number };

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

function wordScore(word: string, keys: string[], asPrefix: boolean): number {
  let best = 0;
  for (const key of keys) {
    if (key === word) return SCORE.exact;
    if (key.startsWith(word) && (asPrefix || word.length >= 4)) best = Math.max(best, SCORE.prefix + (0.5 * word.length) / key.length);
    else if (best < SCORE.typo) {
      const max = allowedTypos(word);
      if (max && Math.abs(key.length - word.length) <= max && editDistance(word, key, max) <= max) best = SCORE.typo;
      else if (max && asPrefix && key.length > word.length && editDistance(word, key.slice(0, word.length), max) <= max) best = SCORE.typo;
    }
  }
  return best;
}

/** Whether a word is within the allowed typos of one of the keys. */
function isTypoOf(word: string, keys: string[]): boolean {
  const max = allowedTypos(word);
  return max > 0 && keys.some((k) => Math.abs(k.length - word.length) <= max && editDistance(word, k, max) <= max);
}

/** Nearness to the closest point; the first point (the rider, else the operator's main city) counts a little more. */
function proximity(entry: PlaceEntry, points: Point[]): number {
  let best = 0;
  points.forEach((p, i) => {
    const km = Math.max(0, distanceKm(p, entry) - TOWN_KM);
    const near = 1 - Math.log10(1 + km) / Math.log10(1 + PROXIMITY_HORIZON_KM);
    best = Math.max(best, near * (i === 0 ? 1 : SECONDARY_POINT_FACTOR));
  });
  return PROXIMITY_WEIGHT * best;
}

/** The query's relevance for one place, or 0 when a word matches none of its names. */
function scoreEntry(entry: PlaceEntry, words: string[], whole: string, options: PlaceQueryOptions, points: Point[]): number {
  let match = 0;
  for (let i = 0; i < words.length; i++) {
    const asPrefix = i === words.length - 1;
    const own = wordScore(words[i], entry.keys, asPrefix);
    const context = own >= SCORE.exact ? 0 : wordScore(words[i], entry.context, asPrefix) * SCORE.contextFactor;
    const best = Math.max(own, context);
    if (!best) return 0;
    match += best;
  }
  if (entry.full.includes(whole)) match += SCORE.wholeName;
  else {
    const prefixOf = entry.full.find((k) => k.startsWith(whole));
    if (prefixOf) match += (SCORE.wholePrefix * whole.length) / prefixOf.length;
    else if (isTypoOf(whole, entry.full)) match += SCORE.wholeName * SCORE.typo / SCORE.exact;
  }
  if (entry.code && words.length === 1 && entry.code.toLowerCase() === words[0]) match += SCORE.code;
  let score = match + entry.importance + proximity(entry, points);
  if (options.country && entry.country === options.country) score += SCORE.country;
  if (options.kind && entry.kind === options.kind) score += SCORE.kind;
  if (entry.kind === 'airport') score += words.some((w) => AIRPORT_QUERY_WORDS.has(w)) || options.kind === 'airport' ? SCORE.airportWord : SCORE.airportUnasked;
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
export function searchPlaceIndex(index: PlaceIndex, query: string, options: PlaceQueryOptions = {}): PlaceEntry[] {
  const words = queryWords(query);
  if (!words.length) return [];
  const whole = foldKey(words.join(' '));
  const points = [...(options.rider ? [options.rider] : []), ...(options.near ?? [])].slice(0, 20);
  const scored: { entry: PlaceEntry; score: number }[] = [];
  for (const id of candidates(index, words, points)) {
    const entry = index.entries[id];
    if (entry.merged) continue;
    const score = scoreEntry(entry, words, whole, options, points);
    if (score > 0) scored.push({ entry, score });
  }
  scored.sort((a, b) => b.score - a.score);
  const chosen: PlaceEntry[] = [];
  for (const { entry } of scored) {
    if (chosen.length >= (options.limit ?? 8)) break;
    const same = chosen.some((c) => foldKey(c.name) === foldKey(entry.name) && distanceKm(c, entry) < DUPLICATE_KM);
    if (!same) chosen.push(entry);
  }
  return chosen;
}
