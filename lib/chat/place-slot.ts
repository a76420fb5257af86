/** A resolved pickup or drop-off: `city` is the gazetteer locality, `name` what the ride shows. */
export type PlaceSlot = { name: string; lat: number; lng: number; country: string; city: string; airport?: boolean };

/** `near`: the operator's service cities; of places with the same name, one within NEAR_SERVICE_KM of them wins. */
export type ResolveOptions = { country?: string; minPopulation?: number; fuzzy?: boolean; near?: readonly { lat: number; lng: number }[] };

/** A place this close to a service city counts as in the operator's area when names tie. */
export const NEAR_SERVICE_KM = 300;
/** Turns a place phrase into a place (the gazetteer on the server: `resolvePlace` in ./places). */
export type PlaceResolver = (phrase: string, options: ResolveOptions) => PlaceSlot | undefined;

const AIRPORT_WORDS = new Set(['airport', 'airpot', 'aiport', 'terminal', 'international', 'intl', 'domestic', 't1', 't2', 't3', 't4']);

export function isAirportWord(word: string): boolean {
  return AIRPORT_WORDS.has(word);
}

/** Words of a place phrase that name an airport (e.g. "the airport", "T2"). */
export function hasAirportWord(phrase: string): boolean {
  return phrase
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .some(isAirportWord);
}

/** Great-circle distance in km. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}
