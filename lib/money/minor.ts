/**
 * Minor units (paise, cents) and the major units the API and forms carry.
 * The one home of these conversions: other copies are to move here.
 */

/** 123.45 -> 12345 (rounded to the nearest minor unit). */
export const toMinor = (major: number): number => Math.round(major * 100);

/** 12345 -> 123.45 */
export const toMajor = (minor: number): number => minor / 100;

/** A share of an amount in basis points, rounded to the minor unit (1000 bps of 12345 = 1235). */
export const shareOf = (amount: number, bps: number): number => Math.round((amount * bps) / 10_000);
