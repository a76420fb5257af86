/**
 * Lists of ids by key, packed into one offsets array and one ids array: the collector visits two typed arrays
 * and one hash table, not one array per key (the place index has tens of thousands of such lists, and every
 * object it keeps alive lengthens every full garbage collection of the server).
 */
export type PackedLists<K> = { at: Map<K, number>; starts: Int32Array; ids: Int32Array };

/** Packs lists built as arrays (each list keeps its order). */
export function packLists<K>(lists: Map<K, number[]>): PackedLists<K> {
  const at = new Map<K, number>();
  const starts = new Int32Array(lists.size + 1);
  let n = 0;
  for (const [key, list] of lists) {
    at.set(key, n);
    starts[n + 1] = starts[n] + list.length;
    n++;
  }
  const ids = new Int32Array(starts[n]);
  n = 0;
  for (const list of lists.values()) ids.set(list, starts[n++]);
  return { at, starts, ids };
}

/** Calls `visit` with each id listed under `key`, in order (nothing when the key has no list). */
export function eachListed<K>(lists: PackedLists<K>, key: K, visit: (id: number) => void): void {
  const n = lists.at.get(key);
  if (n === undefined) return;
  for (let i = lists.starts[n]; i < lists.starts[n + 1]; i++) visit(lists.ids[i]);
}

/** Per-entry lists (entry i's ids from `starts[i]` to `starts[i + 1]`), for columns indexed by entry id. */
export type Ragged = { starts: Int32Array; ids: Int32Array };

export function packRagged(lists: readonly (readonly number[])[]): Ragged {
  const starts = new Int32Array(lists.length + 1);
  lists.forEach((list, i) => (starts[i + 1] = starts[i] + list.length));
  const ids = new Int32Array(starts[lists.length]);
  lists.forEach((list, i) => ids.set(list, starts[i]));
  return { starts, ids };
}

/** Interns strings into a table: the id of each distinct string (-1 for undefined). */
export function stringTable() {
  const table: string[] = [];
  const ids = new Map<string, number>();
  const id = (text: string | undefined) => {
    if (text === undefined) return -1;
    let at = ids.get(text);
    if (at === undefined) ids.set(text, (at = table.push(text) - 1));
    return at;
  };
  return { table, id };
}

/** Strings as one string and offsets: one object for the collector instead of one per string. */
export type PackedTexts = { text: string; starts: Int32Array };

export function packTexts(texts: readonly string[]): PackedTexts {
  const starts = new Int32Array(texts.length + 1);
  texts.forEach((t, i) => (starts[i + 1] = starts[i] + t.length));
  return { text: texts.join(''), starts };
}

export const textAt = (packed: PackedTexts, i: number): string => packed.text.slice(packed.starts[i], packed.starts[i + 1]);

/** The first position in a sorted array (strings or numbers) whose value is not below `value`. */
export function lowerBound<T extends string | number>(sorted: ArrayLike<T>, value: T): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
