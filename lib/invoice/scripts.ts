/**
 * Which shipped font draws which characters, and the runs a line splits into.
 * pdfkit shapes each run with fontkit (Arabic joining, Indic reordering and
 * conjuncts through the fonts' OpenType tables); it has no font fallback and no
 * bidi, so lines are cut here into runs of one font and, for right-to-left
 * text, ordered right to left (digits and Latin stay left to right inside).
 */

export const FONT_FILES = {
  latin: 'NotoSans-Regular.ttf',
  arabic: 'NotoSansArabic-Regular.ttf',
  tamil: 'NotoSansTamil-Regular.ttf',
  devanagari: 'NotoSansDevanagari-Regular.ttf',
  bengali: 'NotoSansBengali-Regular.ttf',
  gurmukhi: 'NotoSansGurmukhi-Regular.ttf',
  gujarati: 'NotoSansGujarati-Regular.ttf',
  oriya: 'NotoSansOriya-Regular.ttf',
  telugu: 'NotoSansTelugu-Regular.ttf',
  kannada: 'NotoSansKannada-Regular.ttf',
  malayalam: 'NotoSansMalayalam-Regular.ttf',
  sinhala: 'NotoSansSinhala-Regular.ttf',
} as const;

export type FontKey = keyof typeof FONT_FILES;

const RANGES: [number, number, FontKey][] = [
  [0x0600, 0x06ff, 'arabic'],
  [0x0750, 0x077f, 'arabic'],
  [0x08a0, 0x08ff, 'arabic'],
  [0xfb50, 0xfdff, 'arabic'],
  [0xfe70, 0xfeff, 'arabic'],
  [0x0900, 0x097f, 'devanagari'],
  [0xa8e0, 0xa8ff, 'devanagari'],
  [0x0980, 0x09ff, 'bengali'],
  [0x0a00, 0x0a7f, 'gurmukhi'],
  [0x0a80, 0x0aff, 'gujarati'],
  [0x0b00, 0x0b7f, 'oriya'],
  [0x0b80, 0x0bff, 'tamil'],
  [0x0c00, 0x0c7f, 'telugu'],
  [0x0c80, 0x0cff, 'kannada'],
  [0x0d00, 0x0d7f, 'malayalam'],
  [0x0d80, 0x0dff, 'sinhala'],
];

/** Languages whose script no shipped font covers (CJK): their invoices are printed in English. */
export const UNSUPPORTED_INVOICE_LANGUAGES: readonly string[] = ['ja', 'zh'];

/** The font of a character, or null for neutrals (spaces, punctuation) that take their neighbour's. */
export function fontOf(char: string): FontKey | null {
  const code = char.codePointAt(0) ?? 0;
  for (const [from, to, key] of RANGES) if (code >= from && code <= to) return key;
  // zero-width joiners and Indic danda belong to their neighbours
  if (code === 0x200c || code === 0x200d || code === 0x0964 || code === 0x0965) return null;
  if (/[\p{L}\p{N}\p{Sc}]/u.test(char)) return 'latin';
  return null;
}

/** `gapAfter` (right-to-left lines): a space follows the run in reading order. */
export type Run = { font: FontKey; text: string; rtl: boolean; gapAfter?: boolean };

const isRtlFont = (key: FontKey) => key === 'arabic';
const NUMBER_SIGNS = /^[+\-%#$\u00B0\u2030]$/;
const DIGIT = /^[0-9]$/;

/**
 * Splits text into runs of one font and direction. Neutrals (spaces,
 * punctuation) between two characters of the same direction join them; in a
 * right-to-left line, neutrals between directions or at either end take the
 * line's direction (the bidi algorithm's rule), so the full stop after a Latin
 * name ends the Arabic sentence on its left, not the name on its right.
 */
export function runsOf(text: string, rtlLine = false): Run[] {
  const chars = Array.from(text);
  // a sign before or after digits (+91, 10%) belongs to the number
  const keys = chars.map((char, i) => (NUMBER_SIGNS.test(char) && (DIGIT.test(chars[i - 1] ?? '') || DIGIT.test(chars[i + 1] ?? '')) ? 'latin' : fontOf(char)));
  const placed: { font: FontKey; rtl: boolean }[] = [];
  for (let i = 0; i < chars.length;) {
    const key = keys[i];
    if (key !== null) {
      placed.push({ font: key, rtl: isRtlFont(key) });
      i++;
      continue;
    }
    let end = i;
    while (end < chars.length && keys[end] === null) end++;
    const before = [...keys.slice(0, i)].reverse().find((k) => k !== null) ?? null;
    const after = keys.slice(end).find((k) => k !== null) ?? null;
    const sameSide = before !== null && after !== null && isRtlFont(before) === isRtlFont(after);
    const fill =
      sameSide || !rtlLine
        ? { font: before ?? after ?? 'latin', rtl: isRtlFont(before ?? after ?? 'latin') }
        : { font: before && isRtlFont(before) ? before : after && isRtlFont(after) ? after : ('latin' as FontKey), rtl: true };
    for (let j = i; j < end; j++) placed.push(fill);
    i = end;
  }
  const runs: Run[] = [];
  chars.forEach((char, i) => {
    const { font, rtl } = placed[i];
    const previous = runs[runs.length - 1];
    if (previous && previous.font === font && previous.rtl === rtl) previous.text += char;
    else runs.push({ font, text: char, rtl });
  });
  return runs;
}

/**
 * Runs in the order they are drawn from left to right: for a right-to-left
 * line, the run order reversed, each run trimmed, with `gapAfter` when a space
 * separated it from the next run in reading order.
 */
export function visualRuns(text: string, rtl: boolean): Run[] {
  const runs = runsOf(text, rtl);
  if (!rtl) return runs;
  const out: Run[] = [];
  for (const run of runs) {
    const trimmed = run.text.trim();
    const previous = out[out.length - 1];
    if (previous && /^\s/.test(run.text)) previous.gapAfter = true;
    if (!trimmed) continue;
    out.push({ ...run, text: trimmed, gapAfter: /\s$/.test(run.text) });
  }
  return out.reverse();
}
