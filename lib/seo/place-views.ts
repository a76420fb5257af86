import type { FareBlock } from './fares';
import { SEO_PATHS, type PlaceTripType } from './paths';

/**
 * The pages a place has. Each is its own page (self-canonical) with its own
 * heading, title and fares:
 * - place: /place/{place}, the overview; placeType pages: /place/{place}/{type};
 * - city: /city/{place} (city rides and rentals); taxi: /taxi/{place} (taxi and outstation);
 * - cabs: /{place} (outstation and airport cabs).
 */
export const PLACE_VIEWS = {
  place: { blocks: ['local', 'airport'], href: SEO_PATHS.place },
  city: { blocks: ['local', 'rental'], href: SEO_PATHS.city },
  taxi: { blocks: ['local', 'outstation'], href: SEO_PATHS.taxi },
  cabs: { blocks: ['outstation', 'airport'], href: SEO_PATHS.cityRoot },
  localTaxi: { blocks: ['local'], href: (place: string) => SEO_PATHS.placeType(place, 'local-taxi') },
  airportTaxi: { blocks: ['airport'], href: (place: string) => SEO_PATHS.placeType(place, 'airport-taxi') },
  outstationTaxi: { blocks: ['outstation'], href: (place: string) => SEO_PATHS.placeType(place, 'outstation-taxi') },
  carRental: { blocks: ['rental'], href: (place: string) => SEO_PATHS.placeType(place, 'car-rental') },
} as const satisfies Record<string, { blocks: readonly FareBlock[]; href: (place: string) => string }>;

export type PlaceView = keyof typeof PLACE_VIEWS;

export const TRIP_TYPE_VIEWS: Record<PlaceTripType, PlaceView> = {
  'local-taxi': 'localTaxi',
  'airport-taxi': 'airportTaxi',
  'outstation-taxi': 'outstationTaxi',
  'car-rental': 'carRental',
};
