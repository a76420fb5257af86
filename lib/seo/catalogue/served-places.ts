import { idsNear } from '@/lib/places/place-grid';
import type { PlaceIndex, PlaceKind } from '@/lib/places/place-index';
import { normalisePlaceName } from '@/lib/places/normalise';
import { DEFAULT_TRIP_RULES, type TripRuleValues } from '@/lib/fares/trip-limits';
import { ROAD_FACTOR, greatCircleMeters, type LatLng } from '@/lib/road-distance/estimate';

/*
 * Which places of the offline index get pages for an operator (pure: the index, the operator's cities and
 * limits in, ids out). The rules, and how they bound the number of pages, are in the README ("Pages that
 * bring riders").
 */

export type ServiceCityRef = LatLng & { slug: string; name: string; region: string | null };

/** A place of the index chosen for a page, with its distance from what it was chosen around. */
export type ChosenPlace = LatLng & { id: number; kind: PlaceKind; slug: string; roadKm: number; importance: number };

export type PageCaps = { transfersPerAirport: number; localitiesPerCity: number };

/** What an operator gets until it sets its own caps. */
export const DEFAULT_PAGE_CAPS: PageCaps = { transfersPerAirport: 20, localitiesPerCity: 16 };

/** Towns of at least this many people (GeoNames) are transfer destinations besides localities. */
export const TOWN_MIN_POPULATION = 50_000;
/** A transfer is at most this long by road (km): a half day's drive from the airport. */
export const TRANSFER_MAX_KM = 300;
/** Nor shorter (km): closer places are the airport's own surroundings, all at the rate cards' minimum fare. */
export const TRANSFER_MIN_KM = 5;
/** Chosen places lie at least this far apart (km), or SPACING_SHARE of their distance from the anchor if more. */
export const MIN_SPACING_KM = 2;
export const SPACING_SHARE = 0.2;
/** Localities riders name (the alias table lifts them by 0.6) and towns of 300,000 people or more rank first. */
const NAMED_LOCALITY_IMPORTANCE = 2.6;
const BIG_TOWN_IMPORTANCE = 0.5 * Math.log10(300_000);
const TOWN_MIN_IMPORTANCE = 0.5 * Math.log10(TOWN_MIN_POPULATION);
/** A service city is the index's town within this distance (km). */
const CITY_MATCH_KM = 15;

const km = (a: LatLng, b: LatLng) => greatCircleMeters(a, b) / 1000;
/** The offline road estimate (lib/road-distance), which the quote uses without a routing key. */
const roadKm = (a: LatLng, b: LatLng) => (greatCircleMeters(a, b) * ROAD_FACTOR) / 1000;
const pointOf = (index: PlaceIndex, id: number): LatLng => ({ lat: index.lat[id], lng: index.lng[id] });

/** The limits pages are chosen within: the operator's, or the defaults where it set none (0 = no limit). */
export function pageLimits(rules: TripRuleValues): { serviceKm: number; localKm: number; outstationKm: number } {
  return {
    serviceKm: rules.serviceRadiusKm > 0 ? rules.serviceRadiusKm : DEFAULT_TRIP_RULES.serviceRadiusKm,
    localKm: rules.localMaxKm > 0 ? rules.localMaxKm : DEFAULT_TRIP_RULES.localMaxKm,
    outstationKm: rules.outstationMaxKm > 0 ? rules.outstationMaxKm : DEFAULT_TRIP_RULES.outstationMaxKm,
  };
}

/** The service city nearest a point, and how far it is (km). */
export function nearestCity<C extends LatLng>(cities: readonly C[], point: LatLng): { city: C; km: number } | undefined {
  let best: { city: C; km: number } | undefined;
  for (const city of cities) {
    const d = km(city, point);
    if (!best || d < best.km) best = { city, km: d };
  }
  return best;
}

/** The index's town for a service city: the most important town within CITY_MATCH_KM, if any. */
export function cityEntryId(index: PlaceIndex, city: LatLng): number | undefined {
  let best: number | undefined;
  idsNear(index.grid, city, CITY_MATCH_KM, (id) => {
    if (index.kindOf(id) !== 'city' || km(city, pointOf(index, id)) > CITY_MATCH_KM) return;
    if (best === undefined || index.importance[id] > index.importance[best]) best = id;
  });
  return best;
}

function tier(index: PlaceIndex, id: number, serviceIds: ReadonlySet<number>): number {
  if (serviceIds.has(id)) return 0;
  const kind = index.kindOf(id);
  if (kind === 'locality' && index.importance[id] >= NAMED_LOCALITY_IMPORTANCE) return 1;
  if (kind === 'city' && index.importance[id] >= BIG_TOWN_IMPORTANCE) return 1;
  return 2;
}

/**
 * The pages' choice among candidates: the operator's cities, then the localities riders name and big towns,
 * then the rest by importance (population, head post offices) and nearness; each at least MIN_SPACING_KM (or
 * SPACING_SHARE of its distance) from every place already chosen, so no two pages are about the same spot;
 * at most `cap`. Returned nearest first.
 */
export function spacedChoice(index: PlaceIndex, candidates: ChosenPlace[], cap: number, serviceIds: ReadonlySet<number> = new Set()): ChosenPlace[] {
  const ranked = candidates
    .map((place) => ({ place, tier: tier(index, place.id, serviceIds) }))
    .sort((a, b) => a.tier - b.tier || b.place.importance - a.place.importance || a.place.roadKm - b.place.roadKm || a.place.id - b.place.id);
  const chosen: ChosenPlace[] = [];
  const slugs = new Set<string>();
  for (const { place } of ranked) {
    if (chosen.length >= cap) break;
    if (!place.slug || slugs.has(place.slug)) continue;
    const spacing = Math.max(MIN_SPACING_KM, SPACING_SHARE * place.roadKm);
    if (chosen.some((other) => km(other, place) < spacing)) continue;
    chosen.push(place);
    slugs.add(place.slug);
  }
  return chosen.sort((a, b) => a.roadKm - b.roadKm || a.id - b.id);
}

function chosenPlace(index: PlaceIndex, id: number, from: LatLng): ChosenPlace {
  const point = pointOf(index, id);
  return { id, kind: index.kindOf(id), slug: normalisePlaceName(index.name(id)), roadKm: roadKm(from, point), importance: index.importance[id], ...point };
}

/** Airports further than this from every service city get no page, whatever the pickup radius (km). */
export const AIRPORT_REACH_KM = 150;

/** Airports with scheduled service within the operator's service radius (at most AIRPORT_REACH_KM) of one of its cities; most important first. */
export function servedAirports(index: PlaceIndex, scheduled: ReadonlySet<string>, cities: readonly LatLng[], rules: TripRuleValues): ChosenPlace[] {
  const reach = rules.serviceRadiusKm > 0 ? Math.min(rules.serviceRadiusKm, AIRPORT_REACH_KM) : AIRPORT_REACH_KM;
  const found = new Map<number, ChosenPlace>();
  for (const city of cities) {
    idsNear(index.grid, city, reach, (id) => {
      if (found.has(id) || index.kindOf(id) !== 'airport' || !scheduled.has(index.code(id) ?? '')) return;
      const nearest = nearestCity(cities, pointOf(index, id))!;
      if (nearest.km <= reach) found.set(id, { ...chosenPlace(index, id, nearest.city), slug: (index.code(id) ?? '').toLowerCase() });
    });
  }
  return [...found.values()].sort((a, b) => b.importance - a.importance || a.id - b.id);
}

/** Whether a pickup at a point is inside the service area (within the radius of some city). */
function served(cities: readonly LatLng[], point: LatLng, serviceKm: number): boolean {
  return (nearestCity(cities, point)?.km ?? Infinity) <= serviceKm;
}

/** Localities (India Post offices, not merged into a town) within `maxRoadKm` of a point. */
function localitiesNear(index: PlaceIndex, from: LatLng, maxRoadKm: number, keep: (id: number) => boolean): ChosenPlace[] {
  const found: ChosenPlace[] = [];
  idsNear(index.grid, from, maxRoadKm / ROAD_FACTOR, (id) => {
    if (index.kindOf(id) !== 'locality' || index.merged[id] || !keep(id)) return;
    const place = chosenPlace(index, id, from);
    if (place.roadKm <= maxRoadKm) found.push(place);
  });
  return found;
}

/**
 * A city's locality pages: localities within the local trip limit of its centre, nearer to it than to the
 * operator's other cities, spaced and capped (`spacedChoice`).
 */
export function cityLocalities(index: PlaceIndex, city: ServiceCityRef, cities: readonly ServiceCityRef[], rules: TripRuleValues, cap: number): ChosenPlace[] {
  const { localKm } = pageLimits(rules);
  const candidates = localitiesNear(index, city, localKm, (id) => nearestCity(cities, pointOf(index, id))?.city.slug === city.slug);
  return spacedChoice(index, candidates, cap);
}

/**
 * An airport's transfer destinations: localities within the local trip limit, towns of TOWN_MIN_POPULATION
 * and the operator's cities within TRANSFER_MAX_KM and the outstation limit, none nearer than TRANSFER_MIN_KM,
 * every one a pickup inside the service area (a transfer page covers both directions); spaced and capped
 * (`spacedChoice`).
 */
export function airportDestinations(index: PlaceIndex, airport: LatLng, cities: readonly ServiceCityRef[], rules: TripRuleValues, cap: number): ChosenPlace[] {
  const { serviceKm, localKm, outstationKm } = pageLimits(rules);
  const inArea = (id: number) => served(cities, pointOf(index, id), serviceKm);
  const candidates = localitiesNear(index, airport, localKm, inArea).filter((place) => place.roadKm >= TRANSFER_MIN_KM);
  const townKm = Math.min(TRANSFER_MAX_KM, outstationKm);
  const serviceIds = new Set<number>();
  for (const city of cities) {
    const id = cityEntryId(index, city);
    if (id !== undefined && roadKm(airport, city) <= townKm) serviceIds.add(id);
  }
  idsNear(index.grid, airport, townKm / ROAD_FACTOR, (id) => {
    if (index.kindOf(id) !== 'city' || (!serviceIds.has(id) && index.importance[id] < TOWN_MIN_IMPORTANCE) || !inArea(id)) return;
    const place = chosenPlace(index, id, airport);
    if (place.roadKm <= townKm && place.roadKm >= TRANSFER_MIN_KM) candidates.push(place);
  });
  return spacedChoice(index, candidates, cap, serviceIds);
}

/** India Post offices named after a railway station or a bus stand (the index has no stations as such). */
export const STATION_NAME = /\b(?:railway station|rly station|r\.?s\.?|stn|junction|jn)(?:\b|$)/i;
export const BUS_STAND_NAME = /\b(?:bus stand|bus station|bus terminus|mofussil|cmbt)\b/i;

/** A city's station and bus-stand localities within its local trip limit (targets of its locality pages). */
export function cityStations(index: PlaceIndex, city: ServiceCityRef, rules: TripRuleValues): ChosenPlace[] {
  const { localKm } = pageLimits(rules);
  return localitiesNear(index, city, localKm, (id) => index.names(id).some((name) => STATION_NAME.test(name) || BUS_STAND_NAME.test(name)));
}

/** Towns listed on the way: at least this many people (importance scale), within this distance of the straight line (km). */
const ON_THE_WAY_IMPORTANCE = TOWN_MIN_IMPORTANCE;
const ON_THE_WAY_KM = 12;
const ON_THE_WAY_STEP_KM = 20;
/** Towns this close to either end are the end itself. */
const END_KM = 20;

/**
 * Towns of TOWN_MIN_POPULATION near the straight line between two cities (a route's likely towns on the way;
 * the index has no roads), in the order met, each with its straight-line distance from the start (km).
 */
export function townsOnTheWay(index: PlaceIndex, from: LatLng, to: LatLng, limit = 6): { id: number; km: number }[] {
  const total = km(from, to);
  const steps = Math.max(1, Math.ceil(total / ON_THE_WAY_STEP_KM));
  const found = new Map<number, number>();
  for (let i = 0; i <= steps; i += 1) {
    const f = i / steps;
    const point = { lat: from.lat + (to.lat - from.lat) * f, lng: from.lng + (to.lng - from.lng) * f };
    idsNear(index.grid, point, ON_THE_WAY_KM, (id) => {
      if (found.has(id) || index.kindOf(id) !== 'city' || index.importance[id] < ON_THE_WAY_IMPORTANCE) return;
      const at = pointOf(index, id);
      if (km(point, at) > ON_THE_WAY_KM || km(from, at) < END_KM || km(to, at) < END_KM) return;
      found.set(id, km(from, at));
    });
  }
  const byImportance = [...found].sort((a, b) => index.importance[b[0]] - index.importance[a[0]]).slice(0, limit);
  return byImportance.map(([id, d]) => ({ id, km: d })).sort((a, b) => a.km - b.km);
}
