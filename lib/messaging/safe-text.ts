/*
 * Text an operator (or a customer on the phone) chose, put into messages: a
 * business, driver, customer or place name, a car model or plate. Phones and
 * mail clients turn anything that looks like an address into a link, so
 * names are cut to a length and nothing in a message becomes a link but the
 * product's own (tracking and rating links).
 */

/** Longest operator-chosen value a message carries, in characters. */
export const MESSAGE_VALUE_MAX = { businessName: 40, personName: 40, place: 60, vehicle: 30, plate: 16, reason: 120, meetingPoint: 200 } as const;

/** Longest message per channel, in characters (an SMS of 4 parts; WhatsApp's own limit is 4096). */
export const MESSAGE_TEXT_MAX = { sms: 612, whatsapp: 1600, email: 20_000 } as const;

const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/** Cuts to `max` characters (code points) with an ellipsis. */
export function cut(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max
    ? text
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

/** One line of operator-chosen text: compatibility forms folded (full-width letters), invisible and control characters dropped, cut to `max`. */
export function operatorText(value: string | null | undefined, max: number): string {
  const plain = (value ?? '').normalize('NFKC').replace(INVISIBLE, ' ').replace(/\s+/g, ' ').trim();
  return cut(plain, max);
}

const DOT = '[.\\u3002\\uFF0E\\uFF61]';
const LABEL = '[\\p{L}\\p{N}_-]+';
/** A scheme, "www.", a dotted name ending in letters (a domain or e-mail), or a dotted IPv4 address. */
const LINKISH = new RegExp(
  `[\\p{L}][\\p{L}\\p{N}+.-]*:\\/\\/\\S*|www${DOT}\\S*|(?:${LABEL}@)?${LABEL}(?:${DOT}${LABEL})*${DOT}\\p{L}[\\p{L}\\p{N}-]+(?:[/:?#]\\S*)?|\\d{1,3}(?:${DOT}\\d{1,3}){3}(?:[/:?#]\\S*)?`,
  'giu',
);
const BREAKERS = new RegExp(`:\\/\\/|${DOT}|[@/]`, 'gu');

function unlinkPart(text: string): string {
  return text.replace(LINKISH, (match) => match.replace(BREAKERS, ' ').replace(/\s+/g, ' ').trim());
}

/** The text with every address-like word broken up (dots, "://", "@" and "/" become spaces), except the links in `allowed`, kept as they are. */
export function unlinkText(text: string, allowed: readonly string[] = []): string {
  const links = allowed.filter(Boolean);
  if (!links.length) return unlinkPart(text);
  const pattern = new RegExp(links.map((link) => link.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  let out = '';
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    out += unlinkPart(text.slice(last, match.index)) + match[0];
    last = match.index + match[0].length;
  }
  return out + unlinkPart(text.slice(last));
}
