/**
 * Lists of ids by numeric key, packed into three typed arrays: the keys sorted, each key's list from
 * `starts[n]` to `starts[n + 1]` in `ids`. No hash table and no array per key: nothing for the
 * collector to walk, and the arrays can be views into the place index file.
 */
export type KeyedLists = { keys: Float64Array; starts: Int32Array; ids: Int32Array };

/** Packs lists built as arrays (each list keeps its order). */
export function packKeyedLists(lists: Map<number, number[]>): KeyedLists {
  const keys = Float64Array.from(lists.keys()).sort();
  const starts = new Int32Array(keys.length + 1);
  keys.forEach((key, n) => (starts[n + 1] = starts[n] + lists.get(key)!.length));
  const ids = new Int32Array(starts[keys.length]);
  keys.forEach((key, n) => ids.set(lists.get(key)!, starts[n]));
  return { keys, starts, ids };
}

/** Calls `visit` with each id listed under `key`, in order (nothing when the key has no list). */
export function eachListed(lists: KeyedLists, key: number, visit: (id: number) => void): void {
  const n = lowerBound(lists.keys, key);
  if (lists.keys[n] !== key) return;
  for (let i = lists.starts[n]; i < lists.starts[n + 1]; i++) visit(lists.ids[i]);
}

/** Calls `visit` with each id listed under the keys from `from` to `to` (both included), by key, each list in order. */
export function eachListedBetween(lists: KeyedLists, from: number, to: number, visit: (id: number) => void): void {
  for (let n = lowerBound(lists.keys, from); n < lists.keys.length && lists.keys[n] <= to; n++) {
    for (let i = lists.starts[n]; i < lists.starts[n + 1]; i++) visit(lists.ids[i]);
  }
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
