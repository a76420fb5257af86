/**
 * Many strings as one buffer of UTF-8 and a table of byte offsets: string i is bytes `starts[i]` to
 * `starts[i + 1]`. Two objects for the collector, however many strings, and both can be views into the
 * place index file; a string is decoded when it is asked for.
 */
export type Strings = { bytes: Buffer; starts: Uint32Array };

export function packStrings(list: readonly string[]): { bytes: Uint8Array; starts: Uint32Array } {
  const encoded = list.map((s) => Buffer.from(s, 'utf8'));
  const starts = new Uint32Array(list.length + 1);
  encoded.forEach((b, i) => (starts[i + 1] = starts[i] + b.length));
  return { bytes: Buffer.concat(encoded), starts };
}

export const stringCount = (s: Strings): number => s.starts.length - 1;

export const stringAt = (s: Strings, i: number): string => s.bytes.toString('utf8', s.starts[i], s.starts[i + 1]);

/**
 * The first position in `[from, to)` whose string is not below `value`, for strings sorted as JavaScript
 * compares them (UTF-16 code units, which is not the order of their UTF-8 bytes past U+FFFF).
 */
export function lowerBoundString(s: Strings, value: string, from = 0, to = stringCount(s)): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (stringAt(s, mid) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
