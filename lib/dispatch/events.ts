import type { Place, RideType, TripKind, VehicleType } from '@/lib/booking/vocabulary';

/** socket.io events of automatic dispatch, shared by the server and the driver app. */

/** Server → the driver's room: a ride is offered to them until `expiresAt`. */
export const OFFER_EVENT = 'rideOffer';
/** Server → the driver's room: the offer of ride `rideId` ended (answered, run out, or the ride was assigned otherwise). */
export const OFFER_CLOSED_EVENT = 'offerClosed';

/** An offer as the driver app shows it: the trip, the fare, how far the pickup is, and the countdown. */
export type DriverOffer = {
  /** The ride's number within the operator. */
  rideId: number;
  tripKind: TripKind;
  rideType: RideType;
  vehicleType: VehicleType;
  pickup: Place;
  dropoff: Place | null;
  pickupTime: string;
  /** What the driver collects (the total less what the rider paid from the wallet), minor units. */
  fare: number;
  currency: string;
  /** Road estimate from the driver's last position to the pickup, and the minutes to drive it; null without a position. */
  roadKm: number | null;
  minutesToPickup: number | null;
  offeredAt: string;
  expiresAt: string;
  /** Seconds left when this was sent: the app counts down from its own clock (phones' clocks differ from the server's). */
  secondsLeft: number;
};

export type OfferClosedEvent = { rideId: number; status: 'accepted' | 'declined' | 'expired' | 'withdrawn' };
