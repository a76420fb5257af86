/** Booking's words: vehicle classes, ride types, trip kinds, statuses, payment methods, places and the fare's money words, shared by the database, the API and the screens. */
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

/** A cancellation fee: a fixed amount (minor units) or a share of the fare (basis points), never more than the fare. */
export const CANCEL_FEE_TYPES = ['fixed', 'percent'] as const;
export type CancelFeeType = (typeof CANCEL_FEE_TYPES)[number];

export const PROMO_KINDS = ['percent', 'fixed'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

/** Where a refund goes: back through the payment provider, or to the rider's wallet. */
export const REFUND_METHODS = ['provider', 'wallet'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

/** An invoice's place of supply: intra-state (CGST + SGST) or inter-state (IGST). */
export const SUPPLY_TYPES = ['intra', 'inter'] as const;
export type SupplyType = (typeof SUPPLY_TYPES)[number];

export const REFUND_STATUSES = ['requested', 'refunded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** What may change a booked fare at completion: extra km or hours on a rental, waiting past the free time, tolls at actuals. */
export const ADJUSTMENT_KINDS = ['extra_km', 'extra_hours', 'waiting', 'tolls'] as const;
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];

/** A ride's cancellation rule: free until `freeMinutes` before pickup, then a fee (minor units, or basis points of the fare). */
export type CancellationRule = { freeMinutes: number; feeType: CancelFeeType; feeValue: number };

/** The lines of an itemised fare (lib/money/fare-lines.ts), in minor units. */
export const FARE_LINE_CODES = [
  'rideAmount',
  'nightCharge',
  'airportFee',
  'driverAllowance',
  'tolls',
  'discount',
  'extraKm',
  'extraHours',
  'waiting',
  'tollsActual',
  'extras',
] as const;
export type FareLineCode = (typeof FARE_LINE_CODES)[number];
export type FareLine = { code: FareLineCode; amount: number };
