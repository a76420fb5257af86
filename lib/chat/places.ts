import { loadPlaceIndex as loadSharedIndex, placeIndex, type PlaceEntry } from '@/lib/places/place-index';
import { fuzzyTokens } from '@/lib/places/place-candidates';
import { idsNear } from '@/lib/places/place-grid';
import { searchPlaceIndex } from '@/lib/places/place-search';
import { everydayName } from '@/lib/places/normalise';
import { allowedTypos, distanceKm, editDistance, foldKey } from '@/lib/places/text';
import { isAirportWord, NEAR_SERVICE_KM, type PlaceSlot, type ResolveOptions } from './place-slot';

export type { PlaceSlot } from './place-slot';
export { editDistance } from '@/lib/places/text';

/** Typo matching only considers towns at least this big (keeps hamlets out). */
const FUZZY_MIN_POPULATION = 15_000;
/** An airport serves towns up to this far away (km). */
const AIRPORT_RADIUS_KM = 80;
const FILLER_WORDS = new Set(['the', 'my', 'a', 'an', 'near', 'city', 'centre', 'center', 'of']);

/** Loads the shared place index (lib/places) once; every resolution needs it. */
export async function loadPlaceIndex(): Promise<void> {
  await loadSharedIndex();
}

/** A population for any entry: cities have one; airports and localities count by importance (0.5 * log10). */
const sizeOf = (e: PlaceEntry) => e.population ?? 10 ** (2 * e.importance);

/** Entries named exactly `key` (a name, alias or IATA code, folded). */
function exactMatches(key: string): PlaceEntry[] {
  const index = placeIndex();
  const at = index ? index.tokenId(key) : -1;
  if (!index || at < 0) return [];
  const found: PlaceEntry[] = [];
  for (const id of index.posting(at)) {
    if (index.names(id).some((n) => foldKey(n) === key) || index.code(id)?.toLowerCase() === key) found.push(index.entry(id));
  }
  return found;
}

type Candidate = { place: PlaceEntry; distance: number };

type Near = readonly { lat: number; lng: number }[] | undefined;

/** 1 when the place is within NEAR_SERVICE_KM of a service city (0 without service cities). */
const nearService = (place: PlaceEntry, near: Near) => (near?.some((c) => distanceKm(place, c) <= NEAR_SERVICE_KM) ? 1 : 0);

/** A weak match (a typo guess, or a town named by only part of the phrase) this far from every service city is asked about, not taken. */
const WEAK_MATCH_FAR_KM = 1000;
const farFromService = (place: PlaceEntry, near: Near) => Boolean(near?.length) && !near!.some((c) => distanceKm(place, c) <= WEAK_MATCH_FAR_KM);

function better(a: Candidate, b: Candidate | undefined, country: string | undefined, near?: Near): boolean {
  if (!b) return true;
  const home = (c: Candidate) => (country && c.place.country === country ? 1 : 0);
  if (home(a) !== home(b)) return home(a) > home(b);
  // "T Nagar" in the operator's city, not a namesake 2,000 km away
  if (near?.length && a.distance === b.distance) {
    const [na, nb] = [nearService(a.place, near), nearService(b.place, near)];
    if (na !== nb) return na > nb;
  }
  if (a.distance !== b.distance) return a.distance < b.distance;
  return sizeOf(a.place) > sizeOf(b.place);
}

function fuzzyMatch(key: string, country: string | undefined, near?: Near): Candidate | undefined {
  const index = placeIndex();
  const max = allowedTypos(key);
  if (!max || !index) return undefined;
  let best: Candidate | undefined;
  for (const t of fuzzyTokens(index, key)) {
    const token = index.key(t);
    const distance = editDistance(key, token, max);
    for (const place of exactMatches(token)) {
      if (sizeOf(place) < FUZZY_MIN_POPULATION) continue;
      if (better({ place, distance }, best, country, near)) best = { place, distance };
    }
  }
  return best;
}

function bestOf(places: PlaceEntry[], country: string | undefined, minPopulation: number, near?: Near): PlaceEntry | undefined {
  let best: Candidate | undefined;
  for (const place of places) {
    if (sizeOf(place) < minPopulation) continue;
    if (better({ place, distance: 0 }, best, country, near)) best = { place, distance: 0 };
  }
  return best?.place;
}

const titleCase = (words: string[]) => words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
const cityOf = (e: PlaceEntry) => everydayName(e.parent ?? e.name, e.country);

/** A place as a ride stores it, named as riders write it (docs/requirements/rider.md#booking-by-form). */
function slotOf(place: PlaceEntry): PlaceSlot {
  const base = { lat: place.lat, lng: place.lng, country: place.country, city: cityOf(place) };
  if (place.kind === 'airport') return { ...base, name: `${cityOf(place)} Airport (${place.code})`, airport: true };
  const name = everydayName(place.name, place.country);
  return { ...base, name: place.kind === 'locality' && place.parent ? `${name}, ${cityOf(place)}` : name };
}

/** "Adyar, Chennai": a locality of that city named by the extra words, when the index has one. */
function localityIn(city: PlaceEntry, extra: string[]): PlaceEntry | undefined {
  if (!extra.length || city.kind !== 'city') return undefined;
  return exactMatches(foldKey(extra.join(' '))).find((e) => e.kind === 'locality' && e.parent === city.name);
}

function toSlot(place: PlaceEntry, extra: string[], airport: boolean): PlaceSlot {
  if (airport) return place.kind === 'airport' ? slotOf(place) : airportOf(slotOf(place));
  const locality = localityIn(place, extra);
  if (locality) return slotOf(locality);
  const slot = slotOf(place);
  return extra.length ? { ...slot, name: `${titleCase(extra)}, ${slot.name}` } : slot;
}

/**
 * Resolves a place phrase ("chenai", "T Nagar", "Adyar, Chennai", "Bangalore airport", "MAA") with the
 * shared place index: the longest exact word run first (the operator's country, then the biggest),
 * then typo matches. Undefined when nothing fits or the index is not loaded.
 */
export function resolvePlace(phrase: string, options: ResolveOptions = {}): PlaceSlot | undefined {
  if (!placeIndex()) return undefined;
  const words = phrase
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 6);
  const airport = words.some(isAirportWord);
  const tokens = words.filter((w) => !isAirportWord(w) && !FILLER_WORDS.has(w));
  const minPopulation = options.minPopulation ?? 0;
  for (let size = tokens.length; size >= 1; size--) {
    const hits: { place: PlaceEntry; start: number }[] = [];
    for (let start = 0; start + size <= tokens.length; start++) {
      const key = foldKey(tokens.slice(start, start + size).join(' '));
      if (key.length < 3 && !(size > 1 && key.length >= 2)) continue;
      const place = bestOf(exactMatches(key), options.country, minPopulation, options.near);
      if (place) hits.push({ place, start });
    }
    const top = hits.reduce<(typeof hits)[number] | undefined>(
      (acc, h) => (!acc || better({ place: h.place, distance: 0 }, { place: acc.place, distance: 0 }, options.country, options.near) ? h : acc),
      undefined,
    );
    if (top) {
      const extra = [...tokens.slice(0, top.start), ...tokens.slice(top.start + size)];
      // "T Nagar" must not become a town called Nagar 2,000 km away: ask instead (the chat says it could not find it)
      if (extra.length && farFromService(top.place, options.near)) return undefined;
      return toSlot(top.place, extra, airport);
    }
  }
  if (options.fuzzy === false) return undefined;
  const whole = foldKey(tokens.join(' '));
  const guesses = [
    tokens.length <= 2 ? fuzzyMatch(whole, options.country, options.near) : undefined,
    ...tokens.map((t) => fuzzyMatch(foldKey(t), options.country, options.near)),
  ];
  const guess = guesses.reduce<Candidate | undefined>((acc, g) => (g && better(g, acc, options.country, options.near) ? g : acc), undefined);
  if (guess && farFromService(guess.place, options.near)) return undefined;
  return guess ? toSlot(guess.place, [], airport) : undefined;
}

/** The airport serving a resolved place: the most important one within reach, nearer ones winning ties. */
export function airportOf(place: PlaceSlot): PlaceSlot {
  const index = placeIndex();
  let best: { id: number; score: number } | undefined;
  if (index) {
    idsNear(index.grid, place, AIRPORT_RADIUS_KM, (id) => {
      if (index.kindOf(id) !== 'airport') return;
      const km = distanceKm(place, { lat: index.lat[id], lng: index.lng[id] });
      const score = index.importance[id] - km / 100;
      if (km <= AIRPORT_RADIUS_KM && (!best || score > best.score)) best = { id, score };
    });
  }
  const base = { country: place.country, city: place.city, airport: true };
  if (!best) return { ...base, name: `${place.city} Airport`, lat: place.lat, lng: place.lng };
  const airport = index!.entry(best.id);
  return { ...slotOf(airport), ...base, city: cityOf(airport) };
}

/** Suggestions for a place word (the search_places tool), from the same index as the booking form. */
export function searchPlaces(query: string, country?: string, limit = 5): PlaceSlot[] {
  const index = placeIndex();
  if (!index) return [];
  const found = searchPlaceIndex(index, query, { country, limit }).map(slotOf);
  if (found.length) return found;
  const guess = resolvePlace(query, { country });
  return guess ? [guess] : [];
}
