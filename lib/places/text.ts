/** Text folding and matching shared by every place source and the search. */

const LATIN_ACCENTS = /[\u0300-\u036f]/g;
const ARABIC_MARKS = /[\u064b-\u065f\u0670\u0640]/g;
const ARABIC_LETTERS: Record<string, string> = { أ: 'ا', إ: 'ا', آ: 'ا', ٱ: 'ا', ة: 'ه', ى: 'ي', ئ: 'ي', ؤ: 'و' };
/** Longest query the index reads (characters); the rest is ignored. */
export const MAX_QUERY_CHARS = 100;

/**
 * One word as the index stores it: lower case, Latin accents and Arabic vowel marks
 * removed, Arabic letter variants merged; Indic vowel signs are kept (they are letters there).
 */
export function foldWord(word: string): string {
  if (/^[\x20-\x7e]*$/.test(word)) return word.toLowerCase();
  return word
    .normalize('NFD')
    .replace(LATIN_ACCENTS, '')
    .replace(ARABIC_MARKS, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\u0623\u0625\u0622\u0671\u0629\u0649\u0626\u0624]/g, (c) => ARABIC_LETTERS[c] ?? c)
    .replace(/ß/g, 'ss');
}

/** The words of a name or query, folded; punctuation, control and joiner characters split or vanish. */
export function wordsOf(text: string): string[] {
  return foldWord(text.replace(/[\u200b-\u200d\u2060\ufeff]/g, ''))
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean);
}

/** The whole name as one key: "T. Nagar" -> "tnagar". */
export function foldKey(text: string): string {
  return wordsOf(text).join('');
}

/** Optimal-string-alignment distance, or max + 1 once it is certainly above max. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, prev2[j - 2] + 1);
      row.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length];
}

/** Typos forgiven in a word: one from 5 letters, two from 9. */
export function allowedTypos(word: string): number {
  return word.length >= 9 ? 2 : word.length >= 5 ? 1 : 0;
}

/** "CHENNAI" / "chennai" -> "Chennai"; keeps short all-capital words such as "HSR". */
export function titleCase(text: string): string {
  return text
    .toLowerCase()
    .split(/(\s+|-|\()/)
    .map((w) => (w.length > 0 ? w.charAt(0).toUpperCase() + w.slice(1) : w))
    .join('');
}

/** Great-circle distance in km. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}
