/*
 * The value lists of the schema's enum columns, without drizzle: client
 * components import them from here, since importing lib/db/schema would ship
 * drizzle's table builders (~16 kB gzipped) to the browser. The schema files
 * re-export them.
 */

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

export const USER_ROLES = ['travelsx-user', 'travelsx-partner', 'travelsx-driver', 'deliverx-partner'] as const;
export type UserRole = (typeof USER_ROLES)[number];
