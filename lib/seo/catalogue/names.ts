/*
 * Place names in the script of the page's language: the index keeps native-script names of major cities and
 * of the localities riders name (lib/places/native-names.ts, locality-aliases.ts) beside the Latin ones.
 */

const SCRIPT_OF: Record<string, RegExp> = {
  ta: /\p{Script=Tamil}/u,
  hi: /\p{Script=Devanagari}/u,
  mr: /\p{Script=Devanagari}/u,
  ne: /\p{Script=Devanagari}/u,
  bn: /\p{Script=Bengali}/u,
  as: /\p{Script=Bengali}/u,
  te: /\p{Script=Telugu}/u,
  kn: /\p{Script=Kannada}/u,
  ml: /\p{Script=Malayalam}/u,
  gu: /\p{Script=Gujarati}/u,
  pa: /\p{Script=Gurmukhi}/u,
  or: /\p{Script=Oriya}/u,
  si: /\p{Script=Sinhala}/u,
  ar: /\p{Script=Arabic}/u,
  ur: /\p{Script=Arabic}/u,
  ru: /\p{Script=Cyrillic}/u,
  kk: /\p{Script=Cyrillic}/u,
  zh: /\p{Script=Han}/u,
  ja: /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u,
};

/** Letters Urdu writes and Arabic does not: an Urdu spelling is preferred on Urdu pages. */
const URDU_LETTERS = /[یےٹڈڑںہھگپچ]/;

/** Whether a language is written in Latin letters (its pages show the Latin name). */
export function writesLatin(lang: string): boolean {
  return !(lang in SCRIPT_OF);
}

/** The name in the language's script among a place's names, if it has one. */
export function nativeName(names: readonly string[], lang: string): string | undefined {
  const script = SCRIPT_OF[lang];
  if (!script) return undefined;
  const written = names.filter((name) => script.test(name));
  return (lang === 'ur' ? written.find((name) => URDU_LETTERS.test(name)) : undefined) ?? written[0];
}

/** The name a page in `lang` shows: the native one when the index has it, else the Latin one. */
export function nameIn(place: { name: string; names: readonly string[] }, lang: string): string {
  return nativeName(place.names, lang) ?? place.name;
}
