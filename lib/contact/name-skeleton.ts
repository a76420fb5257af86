/**
 * What a business name looks like, for comparing names the way a reader would
 * (issue 35 §10; docs/requirements/partner.md, signup): two names with
 * the same skeleton are the same name. Pure, so the forms' schema can use the
 * bidirectional-control check too.
 */

/** Bidirectional embedding, override and isolate controls (U+202A-U+202E, U+2066-U+2069): they reorder what a name shows, so names refuse them. */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/u;

/**
 * Letters of other scripts drawn like Latin ones (after Unicode's confusables,
 * UTS #39): Cyrillic, Greek, Armenian and Cherokee look-alikes, dotless i and
 * the like. Upper-case forms map to upper-case Latin before the name is lower-cased,
 * so Greek Η (drawn H) and η (drawn n) each land on the letter they look like.
 */
const LOOK_ALIKE_PAIRS: [script: string, from: string, to: string][] = [
  ['Cyrillic', 'АВЕЗКМНОРСТУХЅІЈԚԜҺӀҮЬавекмнопрстухѕіјһԁԛԝӏүьг', 'ABE3KMHOPCTYXSIJQWHIYbabekmhonpctyxsijhdqwlybr'],
  ['Greek', 'ΑΒΕΖΗΙΚΜΝΟΡΤΥΧαικνορτυχγη', 'ABEZHIKMNOPTYXaikvoptuxyn'],
  ['Armenian', 'օսհոզց', 'ouhnqg'],
  ['Cherokee capitals', 'ᎪᏴᏟᎬᎻᎫᏦᎷᏢᏚᎢᎳᏃ', 'ABCEHJKMPSTWZ'],
  ['Latin and IPA variants', 'ıɩȷɑɡʏɴʀᴄᴏꜱᴠᴡᴢ', 'iijagynrcosvwz'],
  ['digits drawn like letters', '01', 'ol'],
];

/** Each look-alike and the Latin letter it is drawn like (the migration's backfill, 0020_name-skeleton.sql, translates with the same table). */
const CONFUSABLES: Readonly<Record<string, string>> = Object.fromEntries(
  LOOK_ALIKE_PAIRS.flatMap(([, from, to]) => [...from].map((char, i) => [char, [...to][i]])),
);

const LOOK_ALIKE = new RegExp(`[${Object.keys(CONFUSABLES).join('')}]`, 'gu');
/** Everything a reader does not see or does not read as part of the name: format (incl. zero-width) and control characters, default-ignorables, spaces, punctuation and symbols. */
const UNREAD = /[\p{Cf}\p{Cc}\p{Default_Ignorable_Code_Point}\p{Z}\p{P}\p{S}]/gu;

/**
 * The skeleton of a name: NFKC (full-width and other compatibility forms to
 * their plain letters), look-alikes to Latin, lower case, then only letters,
 * marks and digits ("ЅunrіѕeＣabs", "Sun\u200Brise cabs" and "SUNRISE-CABS"
 * are all "sunrisecabs"). Letter pairs read as one ("rn" as "m") fold too.
 */
export function nameSkeleton(name: string): string {
  return name
    .normalize('NFKC')
    .replace(UNREAD, '')
    .replace(LOOK_ALIKE, (char) => CONFUSABLES[char])
    .toLowerCase()
    .normalize('NFKC')
    .replace(UNREAD, '')
    .replace(LOOK_ALIKE, (char) => CONFUSABLES[char])
    .replace(/rn/g, 'm')
    .replace(/vv/g, 'w');
}
