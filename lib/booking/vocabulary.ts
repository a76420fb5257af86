/** Booking's words: vehicle classes, ride types, trip kinds, statuses, payment methods and places, shared by the database, the API and the screens. */
export const VEHICLE_TYPES = ['hatchback', 'sedan', 'suv', 'electric', 'luxury'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];
export const RIDE_TYPES = ['oneway', 'return'] as const;
export type RideType = (typeof RIDE_TYPES)[number];
export const TRIP_KINDS = ['local', 'airport', 'outstation', 'rental'] as const;
export type TripKind = (typeof TRIP_KINDS)[number];
export const RIDE_STATUSES = ['booked', 'accepted', 'ontrip', 'completed', 'cancelled'] as const;
export type RideStatus = (typeof RIDE_STATUSES)[number];
export const PAYMENT_METHODS = ['cash', 'upi', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export type RentalPackage = { code: string; hours: number; km: number; price: number };

/** A point riders pick: coordinates and the name shown for it. */
export type Place = { lat: number; lng: number; name: string };
