/**
 * Minor units (paise, cents) and the major units the API and forms carry.
 * The one home of these conversions: other copies are to move here.
 */

/** 123.45 -> 12345 (rounded to the nearest minor unit). */
export const toMinor = (major: number): number => Math.round(major * 100);

/** True for an amount in major units with at most two decimals (123.45, not 123.456): what a form or the API may send. */
export const hasTwoDecimals = (major: number): boolean => Math.abs(major * 100 - Math.round(major * 100)) < 1e-6;

/** 12345 -> 123.45 */
export const toMajor = (minor: number): number => minor / 100;

/** A share of an amount in basis points, rounded to the minor unit (1000 bps of 12345 = 1235). */
export const shareOf = (amount: number, bps: number): number => Math.round((amount * bps) / 10_000);

/** The most of a total (minor units) the wallet may pay: the operator's share in basis points, rounded down (the booking and the summary's preview). */
export const walletShare = (total: number, walletSpendBps: number): number => Math.max(0, Math.floor((total * walletSpendBps) / 10_000));
