import type { Place } from '@/lib/booking/vocabulary';
import { COUNTRIES, type CountryCode } from '@/lib/i18n/markets';
import type { LatLng } from '@/lib/road-distance/estimate';
import { countriesAt, landmassAt } from './land';

/*
 * Whether a trip can be driven at all, before any fare: both ends in a country the operator serves,
 * and on one landmass (no sea without a road between them). Quotes, the chat and the route pages
 * check with this, so nothing prices a trip across the sea or a border the operator does not cross.
 */

export type TripReachIssue =
  { code: 'other_country'; field: 'pickupLocation' | 'dropoffLocation'; place: string } | { code: 'no_road'; field: 'dropoffLocation'; place: string };

/** The operator's market country and every country its service cities lie in (ISO alpha-2). */
export function servedCountries(marketCountry: string, cities: readonly LatLng[]): Set<string> {
  const served = new Set<string>();
  const market = COUNTRIES[marketCountry as CountryCode]?.region;
  if (market) served.add(market);
  for (const city of cities) for (const code of countriesAt(city)) served.add(code);
  return served;
}

/** A point is in a served country when any country of its cell is served (a border cell counts for both); unknown land passes. */
function inServedCountry(served: ReadonlySet<string>, point: LatLng): boolean {
  const here = countriesAt(point);
  return here.length === 0 || here.some((code) => served.has(code));
}

/** The first reason the trip cannot be driven: an end abroad (pickup first), then a drop-off across the sea. */
/** A trip's end as the reach check reads it (a Place is one). */
type NamedPoint = LatLng & Pick<Place, 'name'>;

export function tripReachIssue(served: ReadonlySet<string>, pickup: NamedPoint, dropoff: NamedPoint | null): TripReachIssue | undefined {
  if (!inServedCountry(served, pickup)) return { code: 'other_country', field: 'pickupLocation', place: pickup.name };
  if (!dropoff) return undefined;
  if (!inServedCountry(served, dropoff)) return { code: 'other_country', field: 'dropoffLocation', place: dropoff.name };
  if (landmassAt(pickup) !== landmassAt(dropoff)) return { code: 'no_road', field: 'dropoffLocation', place: dropoff.name };
  return undefined;
}
