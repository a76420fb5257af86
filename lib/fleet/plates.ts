/*
 * Number plates as operators type them ("tn-38 ab-1234", "TN38AB1234",
 * "tn.38.ab.1234") brought to the required form: 2-4 letters or digits, a space,
 * 3-6 letters or digits ("TN38 AB1234"), docs/requirements/partner.md#vehicles. Only what cannot be a
 * plate is refused: characters no plate is written with, no digit, or too
 * few or too many letters and digits.
 */

/** The required pattern (docs/requirements/partner.md#vehicles), after normalisation. */
export const PLATE_PATTERN = /^[A-Z0-9]{2,4} ?[A-Z0-9]{3,6}$/;

/** What an operator may type between the letters and digits: spaces, hyphens, dots, slashes, underscores. */
const SEPARATORS = /[\s\-._/·]+/g;
const TYPED = /^[A-Za-z0-9\s\-._/·]*$/;

/**
 * Where a plate without spaces splits, tried in order: Bharat series (year +
 * BH, number + letters), Indian state + 2-digit district, state + 1-digit
 * district with an optional letter ("DL1C"), each followed by the series
 * letters and the number.
 */
const SPLITS = [/^(\d{2}BH)(\d{4}[A-Z]{1,2})$/, /^([A-Z]{2}\d{2})([A-Z]{0,3}\d{1,4})$/, /^([A-Z]{2}\d[A-Z]?)([A-Z]{0,3}\d{1,4})$/];

export type PlateResult = { ok: true; plate: string } | { ok: false; reason: 'required' | 'invalid' };

/** The required form of a typed plate, or why it cannot be one. */
export function normalisePlate(raw: string): PlateResult {
  const trimmed = raw.trim();
  if (!trimmed.replace(SEPARATORS, '')) return { ok: false, reason: 'required' };
  if (!TYPED.test(trimmed)) return { ok: false, reason: 'invalid' };
  const groups = trimmed.toUpperCase().split(SEPARATORS).filter(Boolean);
  // The operator's own grouping when it already is the required form ("X001 AB1234").
  if (groups.length === 2 && PLATE_PATTERN.test(groups.join(' '))) return { ok: true, plate: groups.join(' ') };
  const compact = groups.join('');
  // Every plate has a digit, and at least 6 and at most 10 letters and digits in all ("MDU 1234" to "TN38 AB1234").
  if (compact.length < 6 || compact.length > 10 || !/\d/.test(compact)) return { ok: false, reason: 'invalid' };
  for (const split of SPLITS) {
    const known = split.exec(compact);
    if (known && known[2].length >= 3) return { ok: true, plate: `${known[1]} ${known[2]}` };
  }
  // Otherwise the longest first group the pattern allows (at most 4, leaving at least 3).
  const split = Math.min(4, compact.length - 3);
  return { ok: true, plate: `${compact.slice(0, split)} ${compact.slice(split)}` };
}
