import { greatCircleMeters, ROAD_FACTOR, CITY_SPEED_KMH, type LatLng } from '@/lib/road-distance/estimate';
import type { OfferReason } from '@/lib/db/schema/dispatch';

/*
 * The dispatch score (README "Dispatch"): lower is better, in kilometres.
 *
 *   score = roadKm + ACCEPTANCE_WEIGHT_KM x (1 - acceptance) - min(idleMinutes, IDLE_CAP_MINUTES) / IDLE_MINUTES_PER_KM
 *
 * - roadKm: the great-circle distance from the driver's last known position
 *   to the pickup times the road factor (1.3);
 * - acceptance: (offers accepted + 1) / (offers answered or let run out + 2)
 *   over the last ACCEPTANCE_DAYS days, so a new driver starts at 0.5;
 * - idleMinutes: since the driver's last trip ended or they went online,
 *   whichever is later.
 * Every 12 idle minutes (up to 2 hours) count as 1 km nearer; a driver who
 * lets every offer pass is 10 km further than one who takes them all.
 * Drivers with no position, or one older than POSITION_FRESH_MINUTES, come
 * after every driver with one, ordered by the same score without distance.
 */

export const ACCEPTANCE_WEIGHT_KM = 10;
export const IDLE_CAP_MINUTES = 120;
export const IDLE_MINUTES_PER_KM = 12;
export const ACCEPTANCE_DAYS = 30;
export const POSITION_FRESH_MINUTES = 15;

export type ScoreInput = {
  position: (LatLng & { at: Date }) | null;
  idleSince: Date | null;
  offers: { accepted: number; total: number };
};

export function acceptanceRate(offers: { accepted: number; total: number }): number {
  return (offers.accepted + 1) / (offers.total + 2);
}

/** Road kilometres from a position to a place (the offline estimate). */
export function roadKm(from: LatLng, to: LatLng): number {
  return (greatCircleMeters(from, to) * ROAD_FACTOR) / 1000;
}

/** Minutes to drive `km` in town (the estimate's city speed). */
export function minutesToDrive(km: number): number {
  return Math.max(1, Math.round((km / CITY_SPEED_KMH) * 60));
}

const round = (n: number, places = 1) => Math.round(n * 10 ** places) / 10 ** places;

/** A driver's score for a pickup at `now`, with its parts (what the console shows as "why"). */
export function scoreDriver(input: ScoreInput, pickup: LatLng, now: Date): OfferReason {
  const fresh = input.position && now.getTime() - input.position.at.getTime() <= POSITION_FRESH_MINUTES * 60_000 ? input.position : null;
  const km = fresh ? roadKm(fresh, pickup) : null;
  const idleMinutes = input.idleSince ? Math.max(0, Math.floor((now.getTime() - input.idleSince.getTime()) / 60_000)) : 0;
  const acceptance = acceptanceRate(input.offers);
  const score = (km ?? 0) + ACCEPTANCE_WEIGHT_KM * (1 - acceptance) - Math.min(idleMinutes, IDLE_CAP_MINUTES) / IDLE_MINUTES_PER_KM;
  return { roadKm: km === null ? null : round(km), idleMinutes, acceptance: round(acceptance, 2), score: round(score, 2) };
}

/** Best first: drivers with a fresh position by score, then the others by score. */
export function compareReasons(a: OfferReason, b: OfferReason): number {
  const known = Number(a.roadKm === null) - Number(b.roadKm === null);
  return known || a.score - b.score;
}
