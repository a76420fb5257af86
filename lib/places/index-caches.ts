import { LRUCache } from 'lru-cache';

/**
 * A bounded cache per place index (a test's own index never sees another index's entries): at most
 * `maxBytes` by `sizeOf`, least recently used out first. The search keeps what it computes again and again
 * (what a typed prefix reaches, a word's typo neighbours, the places around a point) here.
 */
export function perIndexCache<V extends object>(maxBytes: number, sizeOf: (value: V, key: string) => number): (index: object) => LRUCache<string, V> {
  const caches = new WeakMap<object, LRUCache<string, V>>();
  return (index) => {
    let cache = caches.get(index);
    if (!cache) caches.set(index, (cache = new LRUCache<string, V>({ maxSize: maxBytes, sizeCalculation: (value, key) => Math.max(1, sizeOf(value, key)) })));
    return cache;
  };
}

/** Bytes of a cached value's typed arrays or number array, its key and the entry's own overhead (about). */
export const ENTRY_BYTES = 100;
export const keyBytes = (key: string) => 2 * key.length;
