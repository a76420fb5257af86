const COMBINING_MARKS = /[\u0300-\u036f]/g;

/** Latin letters without their accents ("Kodaikānāl" -> "Kodaikanal"); other scripts untouched. */
function foldLatinAccents(text: string): string {
  return text.normalize('NFD').replace(COMBINING_MARKS, '').normalize('NFC');
}

/**
 * docs/requirements/crawler.md#place-names-in-urls: lower-case, every run of non-letter/non-digit characters becomes one hyphen; Latin accents
 * are dropped, so a URL is the name as riders type it ("kodaikanal", never "kodaik%C4%81n%C4%81l").
 */
export function normalisePlaceName(name: string): string {
  return foldLatinAccents(name.normalize('NFC'))
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/** Countries whose GeoNames names carry transliteration marks (IAST: "Tiruvannāmalai") that local spelling never uses. */
const TRANSLITERATED = new Set(['IN', 'PK', 'BD', 'NP', 'LK', 'BT']);

/** A place's name as riders write it: without transliteration marks where the gazetteer adds them ("Kodaikānāl" -> "Kodaikanal"). */
export function everydayName(name: string, country: string): string {
  return TRANSLITERATED.has(country.toUpperCase()) ? foldLatinAccents(name) : name;
}
