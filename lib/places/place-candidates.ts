import type { PlaceIndex } from './place-index';
import { allowedTypos, editDistance } from './text';

/** Most entries one query word contributes (its postings are ordered most important first). */
export const WORD_CANDIDATES = 1500;
/** Prefixes whose entries are kept per index, oldest dropped first (a few MB: most prefixes reach few places). */
const PREFIX_CACHE_MAX = 5_000;

/** The end of the sorted tokens that begin with `prefix`, from its lower bound `start`. */
export function prefixEnd(index: PlaceIndex, start: number, prefix: string): number {
  return Math.max(start, index.tokenAtLeast(prefix + '\uffff'));
}

/** Per index (a test's own index never sees the live one's entries): what a typed prefix reaches, as the prefix is typed again and again. */
const prefixCache = new WeakMap<PlaceIndex, Map<string, Int32Array>>();

/** The most important entries having a token that starts with `prefix`. */
function prefixEntries(index: PlaceIndex, prefix: string): Int32Array {
  let cache = prefixCache.get(index);
  if (!cache) prefixCache.set(index, (cache = new Map()));
  const cached = cache.get(prefix);
  if (cached) return cached;
  const start = index.tokenAtLeast(prefix);
  const end = prefixEnd(index, start, prefix);
  const ids = new Set<number>();
  for (let i = start; i < end; i++) for (const id of index.posting(i)) ids.add(id);
  const sorted = Int32Array.from(ids).sort((a, b) => index.importance[b] - index.importance[a]);
  const top = sorted.length > WORD_CANDIDATES ? sorted.slice(0, WORD_CANDIDATES) : sorted;
  if (cache.size >= PREFIX_CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(prefix, top);
  return top;
}

/** Words riders type again and again ("airport", "international", "nagar") keep their typo neighbours (bounded). */
const FUZZY_CACHE_MAX = 20_000;
const fuzzyCache = new WeakMap<PlaceIndex, Map<string, number[]>>();

/** Token ids within the allowed typos of a word: those sharing its first half, or its last two letters (pigeonhole). */
export function fuzzyTokens(index: PlaceIndex, word: string): number[] {
  let cache = fuzzyCache.get(index);
  if (!cache) fuzzyCache.set(index, (cache = new Map()));
  let found = cache.get(word);
  if (!found) {
    found = typoNeighbours(index, word);
    if (cache.size >= FUZZY_CACHE_MAX) cache.delete(cache.keys().next().value!);
    cache.set(word, found);
  }
  return found;
}

function typoNeighbours(index: PlaceIndex, word: string): number[] {
  const max = allowedTypos(word);
  if (!max) return [];
  const found = new Set<number>();
  const check = (i: number) => {
    if (Math.abs(index.keyLength(i) - word.length) <= max && editDistance(word, index.key(i), max) <= max) found.add(i);
  };
  const head = word.slice(0, Math.floor(word.length / (max + 1)));
  const start = index.tokenAtLeast(head);
  const end = prefixEnd(index, start, head);
  for (let i = start; i < end; i++) check(i);
  for (let len = word.length - max; len <= word.length + max; len++) index.eachTokenEnding(word, len, check);
  return [...found];
}

/** Entries one query word can match: exact (or as a prefix, for the word being typed) and within typos. */
export function wordEntries(index: PlaceIndex, word: string, asPrefix: boolean): Int32Array[] {
  const lists: Int32Array[] = [];
  const at = index.tokenId(word);
  if (asPrefix) lists.push(prefixEntries(index, word));
  else if (at >= 0) lists.push(index.posting(at));
  if (at >= 0 && !asPrefix) return lists;
  for (const i of fuzzyTokens(index, word)) lists.push(index.posting(i));
  return lists;
}
