import { tripLimitIssue, type TripLimitIssue, type TripRuleValues } from '@/lib/fares/trip-limits';
import { estimateRoute } from '@/lib/road-distance/estimate';
import type { Place, TripKind } from '@/lib/booking/vocabulary';

/** The operator's trip limits and service cities, as the quote checks them. */
export type FormLimits = { rules: TripRuleValues; cities: { name: string; lat: number; lng: number }[] };

/*
 * The booking form's trip-limit check, loaded once the rider picks a pickup
 * (a first paint does not need it): the same check the quote runs on the
 * server, with the road distance estimated the way the quote estimates it.
 */
export function limitIssueOf(
  limits: FormLimits,
  trip: { tripKind: TripKind; pickupLocation: Place; dropoffLocation: Place | null; pickupAt: string },
): TripLimitIssue | undefined {
  const dropoff = trip.tripKind === 'rental' ? null : trip.dropoffLocation;
  const distanceM = dropoff ? estimateRoute(trip.pickupLocation, dropoff).distanceM : 0;
  return tripLimitIssue(limits.rules, limits.cities, {
    tripKind: trip.tripKind,
    pickup: trip.pickupLocation,
    dropoff,
    pickupTime: new Date(trip.pickupAt),
    distanceM,
  });
}
