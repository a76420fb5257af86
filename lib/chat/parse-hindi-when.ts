/*
 * Hindi time phrases, in Latin letters as riders type them on phones ("kal
 * subah 8 baje") and in Devanagari ("आज शाम 6 बजे"), turned into the English
 * words the date and time reader (./parse-when) understands: "tomorrow morning
 * 8 o'clock", "today evening 6 o'clock". Only whole words are replaced, so
 * places such as "Kalyan" or "Rathinapuri" keep their names.
 */

const DEVANAGARI_DIGITS = '०१२३४५६७८९';

/** Word (Latin spellings or Devanagari) -> the English the reader knows; longer phrases first. */
const WORDS: [string[], string][] = [
  [['parson', 'parso', 'parsoon', 'परसों', 'परसो'], 'day after tomorrow'],
  [['kal', 'kl', 'कल'], 'tomorrow'],
  [['aaj', 'aj', 'आज'], 'today'],
  [['abhi', 'abi', 'अभी', 'turant', 'तुरंत'], 'now'],
  [['subah', 'subha', 'suba', 'savere', 'sawere', 'सुबह', 'सवेरे'], 'morning'],
  [['dopahar', 'dopehar', 'dopahr', 'दोपहर'], 'afternoon'],
  [['shaam', 'sham', 'shyam', 'शाम'], 'evening'],
  [['raat', 'rat', 'रात'], 'night'],
  [['baje', 'bje', 'bajey', 'bajay', 'बजे'], "o'clock"],
];

/** A quarter past, half past, a quarter to (sava 8 = 8:15, saadhe 8 = 8:30, paune 8 = 7:45); dedh and dhai alone. */
const FRACTIONS: [string[], (hour: number) => string][] = [
  [['sava', 'sawa', 'सवा'], (h) => `${h}:15`],
  [['saadhe', 'sadhe', 'saade', 'sade', 'साढ़े', 'साढे'], (h) => `${h}:30`],
  [['paune', 'pone', 'paune', 'पौने'], (h) => `${h === 1 ? 12 : h - 1}:45`],
];

const FIXED: [string[], string][] = [
  [['dedh', 'derh', 'डेढ़', 'डेढ'], '1:30'],
  [['dhai', 'dhaai', 'ढाई'], '2:30'],
];

/** Word edges that work for Devanagari too (\b is ASCII-only in JavaScript). */
const before = '(?<=^|[\\s,.!?;:()])';
const after = '(?=$|[\\s,.!?;:()])';
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const words = (list: string[]) => `(?:${list.map(escape).join('|')})`;

/** The Hindi time words of a (lower-cased) message in English; anything else is left as it was. */
export function hindiWhenToEnglish(text: string): string {
  let out = text.replace(/[\u0966-\u096F]/g, (d) => String(DEVANAGARI_DIGITS.indexOf(d)));
  if (
    !/[\u0900-\u097f]|\b(?:kal|kl|aaj|aj|parso|parson|parsoon|abhi|abi|turant|subah|subha|suba|savere|sawere|dopahar|dopehar|dopahr|shaam|sham|shyam|raat|rat|baje|bje|bajey|bajay|sava|sawa|saadhe|sadhe|saade|sade|paune|pone|paune|dedh|derh|dhai|dhaai)\b/.test(
      out,
    )
  )
    return out;
  for (const [list, time] of FRACTIONS) {
    out = out.replace(new RegExp(`${before}${words(list)}\\s+(\\d{1,2})${after}`, 'g'), (_, hour: string) => time(Number(hour)));
  }
  for (const [list, time] of FIXED) out = out.replace(new RegExp(`${before}${words(list)}${after}`, 'g'), time);
  // "8:30 baje": the time already says it
  out = out.replace(new RegExp(`(\\d{1,2}:\\d{2})\\s*${words(WORDS.at(-1)![0])}${after}`, 'g'), '$1');
  for (const [list, english] of WORDS) out = out.replace(new RegExp(`${before}${words(list)}${after}`, 'g'), english);
  // "8 o'clock" read as an hour; the Hindi postposition "ko" ("kal ko") adds nothing
  return out.replace(new RegExp(`${before}(?:ko|को)${after}`, 'g'), ' ');
}
