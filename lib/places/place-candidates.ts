import { ENTRY_BYTES, keyBytes, perIndexCache } from './index-caches';
import type { PlaceIndex } from './place-index';
import { allowedTypos, editDistance } from './text';

/** Most entries one query word contributes (its postings are ordered most important first). */
export const WORD_CANDIDATES = 1500;

/** The end of the sorted tokens that begin with `prefix`, from its lower bound `start`. */
export function prefixEnd(index: PlaceIndex, start: number, prefix: string): number {
  return Math.max(start, index.tokenAtLeast(prefix + '\uffff'));
}

/** What a typed prefix reaches, as the prefix is typed again and again (8 MiB per index: most prefixes reach few places). */
const prefixCache = perIndexCache<Int32Array>(8 * 2 ** 20, (ids, key) => ids.byteLength + keyBytes(key) + ENTRY_BYTES);

/** The most important entries having a token that starts with `prefix`. */
function prefixEntries(index: PlaceIndex, prefix: string): Int32Array {
  const cache = prefixCache(index);
  const cached = cache.get(prefix);
  if (cached) return cached;
  const start = index.tokenAtLeast(prefix);
  const end = prefixEnd(index, start, prefix);
  const ids = new Set<number>();
  for (let i = start; i < end; i++) for (const id of index.posting(i)) ids.add(id);
  const sorted = Int32Array.from(ids).sort((a, b) => index.importance[b] - index.importance[a]);
  const top = sorted.length > WORD_CANDIDATES ? sorted.slice(0, WORD_CANDIDATES) : sorted;
  cache.set(prefix, top);
  return top;
}

/** Words riders type again and again ("airport", "international", "nagar") keep their typo neighbours (4 MiB per index). */
const fuzzyCache = perIndexCache<number[]>(4 * 2 ** 20, (ids, key) => 8 * ids.length + keyBytes(key) + ENTRY_BYTES);

/** Token ids within the allowed typos of a word: those sharing its first half, or its last two letters (pigeonhole). */
export function fuzzyTokens(index: PlaceIndex, word: string): number[] {
  const cache = fuzzyCache(index);
  let found = cache.get(word);
  if (!found) {
    found = typoNeighbours(index, word);
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
