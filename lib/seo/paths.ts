import type { TripKind } from '@/lib/db/schema/rides';

/** The trip-type pages places had (/{country}/{lang}/place/{place}/{type}): they lead to the place or airport page now. */
export const PLACE_TRIP_TYPES = {
  'local-taxi': 'local',
  'airport-taxi': 'airport',
  'outstation-taxi': 'outstation',
  'car-rental': 'rental',
} as const satisfies Record<string, TripKind>;

export type PlaceTripType = keyof typeof PLACE_TRIP_TYPES;

export function isPlaceTripType(value: string): value is PlaceTripType {
  return Object.prototype.hasOwnProperty.call(PLACE_TRIP_TYPES, value);
}

/** Joins "{from}-to-{to}", the last segment of a route page. */
export const ROUTE_JOINER = '-to-';

const seg = (slug: string) => encodeURIComponent(slug);

/**
 * App paths (without the market prefix) of the SEO pages. Links add the
 * prefix through next-intl; absolute URLs through `pageUrl`.
 */
export const SEO_PATHS = {
  home: () => '/user/home',
  places: () => '/service/places',
  booking: () => '/user/form/taxi/booking',
  place: (place: string) => `/place/${seg(place)}`,
  route: (from: string, to: string) => `/taxi/${seg(`${from}${ROUTE_JOINER}${to}`)}`,
  airport: (code: string) => `/airport/${seg(code.toLowerCase())}`,
  /** One page per airport and destination, covering both directions. */
  transfer: (code: string, place: string) => `/airport/${seg(code.toLowerCase())}/${seg(place)}`,
  locality: (city: string, locality: string) => `/place/${seg(city)}/${seg(locality)}`,
  blogPost: (slug: string) => `/blog/${seg(slug)}`,
  /** The booking form with the trip filled in (read by the form: `from`, `fromLat`, `fromLng`, `to`, `toLat`, `toLng`, `kind`). */
  bookingWith: (trip: { from: BookPlace; to?: BookPlace; kind?: 'local' | 'airport' | 'outstation' | 'rental' }) => {
    const query = new URLSearchParams({ from: trip.from.name, fromLat: String(trip.from.lat), fromLng: String(trip.from.lng) });
    if (trip.to) for (const [key, value] of Object.entries({ to: trip.to.name, toLat: String(trip.to.lat), toLng: String(trip.to.lng) })) query.set(key, value);
    if (trip.kind) query.set('kind', trip.kind);
    return `/user/form/taxi/booking?${query.toString()}`;
  },
};

/** A place as a Book link hands it to the form: the same coordinates the page priced. */
type BookPlace = { name: string; lat: number; lng: number };

/**
 * First path segments that belong to other routes (docs/requirements/partner.md#route-table):
 * a service city with one of these slugs gets no /{city} page, because the
 * static route answers there.
 */
export const RESERVED_ROOT_SEGMENTS: ReadonlySet<string> = new Set([
  'ai',
  'airport',
  'appstores',
  'blog',
  'blogs',
  'business',
  'campaign',
  'city',
  'contact-us',
  'deliverx',
  'delivery',
  'drivers',
  'events',
  'map',
  'pay',
  'place',
  'privacy',
  'ride',
  'rides',
  'service',
  'signup',
  'taxi',
  'terms',
  'track',
  'travel',
  'travelx',
  'user',
  'verify',
  'page-not-found',
]);
