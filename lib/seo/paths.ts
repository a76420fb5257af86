import type { TripKind } from '@/lib/db/schema/rides';

/** URL slug of each place trip type: /{country}/{lang}/place/{place}/{type}. */
export const PLACE_TRIP_TYPES = {
  'local-taxi': 'local',
  'airport-taxi': 'airport',
  'outstation-taxi': 'outstation',
  'car-rental': 'rental',
} as const satisfies Record<string, TripKind>;

export type PlaceTripType = keyof typeof PLACE_TRIP_TYPES;

export const PLACE_TRIP_TYPE_SLUGS = Object.keys(PLACE_TRIP_TYPES) as PlaceTripType[];

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
  placeType: (place: string, type: PlaceTripType) => `/place/${seg(place)}/${type}`,
  city: (place: string) => `/city/${seg(place)}`,
  taxi: (place: string) => `/taxi/${seg(place)}`,
  cityRoot: (place: string) => `/${seg(place)}`,
  route: (from: string, to: string) => `/taxi/${seg(`${from}${ROUTE_JOINER}${to}`)}`,
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
