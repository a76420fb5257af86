import type { RideType, TripKind, VehicleType } from '@/lib/db/schema/rides';
import type { PlaceResolver, PlaceSlot } from './place-slot';

/** Everything a booking needs, as far as the rider has said it (dates and times in the operator's zone). */
export type TripSlots = {
  vehicleType?: VehicleType;
  ac?: boolean;
  rideType?: RideType;
  tripKind?: TripKind;
  packageCode?: string;
  pickup?: PlaceSlot;
  dropoff?: PlaceSlot;
  pickupDate?: string;
  pickupTime?: string;
  returnDate?: string;
  returnTime?: string;
  flightNumber?: string;
};

/** What the agent asked last: a bare answer ("Pune", "8") fills it. */
export type ExpectedSlot = 'pickup' | 'dropoff' | 'when' | 'return' | 'package' | 'flight';
/** `resolvePlace` finds towns (the gazetteer on the server); without it every place phrase is unknown. */
export type ParseContext = { now?: Date; timeZone: string; country?: string; expect?: ExpectedSlot; resolvePlace?: PlaceResolver };
export type PlaceField = 'pickup' | 'dropoff';

export type ParsedMessage = {
  slots: TripSlots;
  /** Place words that matched no town (already cleaned for echoing back). */
  unknownPlaces: { field: PlaceField; text: string }[];
  /** "to the airport": the airport of the other end's city. */
  airportOnly?: PlaceField;
  /** A town named without "from" or "to" (the agent decides which end). */
  bare?: PlaceSlot;
  intent?: 'status' | 'cancelRide' | 'cancelPolicy' | 'restart' | 'help' | 'greeting' | 'book';
  answer?: 'yes' | 'no';
  /** 1-based pick from a list ("the second one", "2"). */
  choice?: number;
  rideId?: number;
  /** A promo code the rider gave ("use code FEST550", "promo os10", "apply coupon X"), upper case. */
  promoCode?: string;
  /** A trip kind named in words ("airport", "local", "for 8 hours"), not inferred from the places. */
  kindSaid?: TripKind;
  correction: boolean;
};
