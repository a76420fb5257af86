/*
 * Text similarity of sibling pages, as near-duplicate detectors measure it: the words of a page's main
 * content, every run of SHINGLE_WORDS consecutive words as one shingle, and the Jaccard index of two pages'
 * shingle sets (shared shingles over all shingles). The threshold and why it is where it is: README, "Pages
 * that bring riders".
 */

/** Words per shingle. */
export const SHINGLE_WORDS = 8;
/** Highest Jaccard index two pages of one kind may share. */
export const MAX_SIBLING_SIMILARITY = 0.5;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') return String.fromCodePoint(code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : Number(code.slice(1)));
    return ENTITIES[code.toLowerCase()] ?? whole;
  });
}

/** The visible text of a page's <main> (the whole body when there is none): no scripts, styles or tags. */
export function mainText(html: string): string {
  const main = /<main\b[^>]*>([\s\S]*?)<\/main>/i.exec(html)?.[1] ?? /<body\b[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
  return decodeEntities(
    main
      .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' '),
  ).trim();
}

/** The words of a text, lower case: letters, marks and digits (so "₹1,234" is "1,234" and "T. Nagar" is "t nagar"). */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N},.]*/gu) ?? [];
}

/** Every run of `size` consecutive words; a text shorter than that is one shingle. */
export function shingles(text: string, size = SHINGLE_WORDS): Set<string> {
  const list = words(text);
  const found = new Set<string>();
  if (list.length && list.length < size) found.add(list.join(' '));
  for (let i = 0; i + size <= list.length; i += 1) found.add(list.slice(i, i + size).join(' '));
  return found;
}

/** Shared shingles over all shingles of the two sets (1 for two empty sets). */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (!a.size && !b.size) return 1;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const shingle of small) if (large.has(shingle)) shared += 1;
  return shared / (a.size + b.size - shared);
}

export type PairScore = { a: string; b: string; similarity: number };

/** Every pair of pages scored; the pages are keyed by URL with their shingle sets. */
export function pairScores(pages: ReadonlyMap<string, ReadonlySet<string>>): PairScore[] {
  const entries = [...pages];
  const scores: PairScore[] = [];
  for (let i = 0; i < entries.length; i += 1) {
    for (let j = i + 1; j < entries.length; j += 1) scores.push({ a: entries[i][0], b: entries[j][0], similarity: jaccard(entries[i][1], entries[j][1]) });
  }
  return scores;
}

/** Median, highest and the pairs above a threshold. */
export function summarise(scores: readonly PairScore[], threshold = MAX_SIBLING_SIMILARITY) {
  const sorted = [...scores].sort((x, y) => x.similarity - y.similarity);
  const median = sorted.length ? sorted[Math.floor(sorted.length / 2)].similarity : 0;
  return { pairs: sorted.length, median, max: sorted.at(-1)?.similarity ?? 0, above: sorted.filter((s) => s.similarity > threshold).reverse() };
}
