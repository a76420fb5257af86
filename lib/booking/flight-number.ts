/*
 * Flight numbers as riders type them ("ai302", "AI 302", "AI-302", "6E 2134"):
 * one rule for the booking form, the API, the chat agent and the console
 * (isomorphic and without zod, so the booking form checks with it too). A
 * flight number is an airline designator (IATA: two letters or a letter and a
 * digit; ICAO: three letters) and 1 to 4 digits, with an optional letter
 * suffix ("AI302A"). Messages are keys of the `Validation` namespace.
 */

const SEPARATORS = /[\s\-._]+/g;
/** IATA designator (AI, 6E, G8) or ICAO designator (AIC, IGO), 1-4 digits, an optional operational suffix letter. */
const SHAPE = /^([A-Z][A-Z0-9]|[0-9][A-Z]|[A-Z]{3})(\d{1,4})([A-Z]?)$/;

/** Upper case without spaces, hyphens or dots ("ai-302" -> "AI302"). */
export function normaliseFlightNumber(raw: string): string {
  return raw.normalize('NFKC').replace(SEPARATORS, '').toUpperCase();
}

/** The parts of a well-formed flight number, undefined otherwise. */
export function flightParts(normalised: string): { airline: string; number: string; suffix: string } | undefined {
  const match = SHAPE.exec(normalised);
  return match ? { airline: match[1], number: match[2], suffix: match[3] } : undefined;
}

/** Why a typed flight number is not one (the `Validation` key), undefined when it is. */
export function flightNumberIssue(raw: string): 'flightInvalid' | 'flightDigits' | 'flightTooLong' | undefined {
  const value = normaliseFlightNumber(raw);
  if (flightParts(value)) return undefined;
  const rest = /^(?:[A-Z]{3}|[A-Z][A-Z0-9]|[0-9][A-Z])(\d.*)$/.exec(value)?.[1];
  if (!rest) return 'flightInvalid';
  if (/^\d{5,}[A-Z]?$/.test(rest)) return 'flightTooLong';
  return /^[\dA-Z]+$/.test(rest) ? 'flightDigits' : 'flightInvalid';
}

/** "AI302" -> "AI 302", as riders and airlines write it. */
export function displayFlightNumber(normalised: string): string {
  const parts = flightParts(normalised);
  return parts ? `${parts.airline} ${parts.number}${parts.suffix}` : normalised;
}
