import type { Place, TripKind } from '@/lib/booking/vocabulary';
import { greatCircleMeters, type LatLng } from '@/lib/road-distance/estimate';

/*
 * An operator's limits on a trip, without the database: the quote (server) and
 * the booking form (browser) check with the same function, so the form says
 * what the server would refuse before the rider continues.
 */

/** The operator's trip limits and wallet share (the console edits these; stored in `trip_rules`). */
export type TripRuleValues = { localMaxKm: number; outstationMaxKm: number; serviceRadiusKm: number; nowMaxKm: number; walletSpendBps: number };

/** What an operator gets until it sets its own (console > Fares > Trip limits and wallet). */
export const DEFAULT_TRIP_RULES: TripRuleValues = {
  localMaxKm: 80,
  outstationMaxKm: 2500,
  serviceRadiusKm: 150,
  nowMaxKm: 600,
  walletSpendBps: 2000,
};

/** A pickup this close to the moment of booking is a "Now" pickup. */
export const NOW_WINDOW_MS = 60 * 60 * 1000;

/** Why a trip is refused, with what the rider needs to know to fix it. */
export type TripLimitIssue =
  | { code: 'outside_service_area'; field: 'pickupLocation'; limitKm: number; nearest?: string }
  | { code: 'local_too_far'; field: 'dropoffLocation'; limitKm: number; km: number }
  | { code: 'trip_too_far'; field: 'dropoffLocation'; limitKm: number; km: number }
  | { code: 'now_too_far'; field: 'pickupTime'; limitKm: number; km: number };

export type TripToCheck = { tripKind: TripKind; pickup: Place; dropoff: Place | null; pickupTime: Date; distanceM: number };

/**
 * The operator's limits on a trip, first failure only: a pickup outside the
 * service area, a local or airport trip past the local limit, an outstation
 * trip past the outstation limit, and a "Now" pickup (within the hour) for a
 * trip longer than `nowMaxKm`. `distanceM` is the road distance the quote uses.
 * The booking form runs the same check with the rules the page hands it.
 */
export function tripLimitIssue(
  rules: TripRuleValues,
  cities: readonly (LatLng & { name: string })[],
  trip: TripToCheck,
  now = Date.now(),
): TripLimitIssue | undefined {
  if (rules.serviceRadiusKm > 0 && cities.length) {
    let nearest: { name: string; km: number } | undefined;
    for (const city of cities) {
      const km = greatCircleMeters(trip.pickup, city) / 1000;
      if (!nearest || km < nearest.km) nearest = { name: city.name, km };
    }
    if (nearest && nearest.km > rules.serviceRadiusKm)
      return { code: 'outside_service_area', field: 'pickupLocation', limitKm: rules.serviceRadiusKm, nearest: nearest.name };
  }
  if (!trip.dropoff) return undefined;
  const km = Math.round(trip.distanceM / 1000);
  if ((trip.tripKind === 'local' || trip.tripKind === 'airport') && rules.localMaxKm > 0 && km > rules.localMaxKm)
    return { code: 'local_too_far', field: 'dropoffLocation', limitKm: rules.localMaxKm, km };
  if (trip.tripKind === 'outstation' && rules.outstationMaxKm > 0 && km > rules.outstationMaxKm)
    return { code: 'trip_too_far', field: 'dropoffLocation', limitKm: rules.outstationMaxKm, km };
  if (rules.nowMaxKm > 0 && km > rules.nowMaxKm && trip.pickupTime.getTime() < now + NOW_WINDOW_MS)
    return { code: 'now_too_far', field: 'pickupTime', limitKm: rules.nowMaxKm, km };
  return undefined;
}
