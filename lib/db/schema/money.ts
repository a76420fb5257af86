import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { rides } from './rides';
import { users } from './users';
import {
  ADJUSTMENT_KINDS,
  CANCEL_FEE_TYPES,
  PROMO_KINDS,
  REFUND_METHODS,
  REFUND_STATUSES,
  TRIP_KINDS,
  type TripKind,
  type VehicleType,
} from '@/lib/booking/vocabulary';

/**
 * An operator's cancellation rule for one trip kind; a kind without a row
 * uses the default of lib/money/cancellation.ts. `feeValue` is minor units
 * (fixed) or basis points of the fare (percent).
 */
export const cancellationPolicies = pgTable(
  'cancellation_policies',
  {
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    tripKind: text('trip_kind', { enum: TRIP_KINDS }).notNull(),
    /** Free until this many minutes before pickup. */
    freeMinutes: integer('free_minutes').notNull(),
    feeType: text('fee_type', { enum: CANCEL_FEE_TYPES }).notNull(),
    feeValue: integer('fee_value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.tripKind] }), check('cancellation_policies_fee', sql`${t.feeValue} >= 0 and ${t.freeMinutes} >= 0`)],
);

/**
 * An operator's promo code. `code` is stored upper-case (codes are compared
 * without case); `value` is basis points (percent) or minor units (fixed).
 * `uses` and `discounted` count the redemptions held by live rides: a
 * cancelled ride gives its use back.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    kind: text('kind', { enum: PROMO_KINDS }).notNull(),
    value: integer('value').notNull(),
    /** Largest discount per ride (minor units); null: no cap. */
    maxDiscount: integer('max_discount'),
    /** Smallest fare (minor units) the code applies to. */
    minFare: integer('min_fare').notNull().default(0),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    /** Empty: every trip kind / vehicle class. */
    tripKinds: jsonb('trip_kinds').$type<TripKind[]>().notNull().default([]),
    vehicleTypes: jsonb('vehicle_types').$type<VehicleType[]>().notNull().default([]),
    firstRideOnly: boolean('first_ride_only').notNull().default(false),
    perRiderLimit: integer('per_rider_limit'),
    /** Total uses allowed; null: unlimited. */
    maxUses: integer('max_uses'),
    /** Total discount allowed (minor units); null: unlimited. */
    budget: integer('budget'),
    active: boolean('active').notNull().default(true),
    uses: integer('uses').notNull().default(0),
    discounted: integer('discounted').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('promo_codes_business_code_key').on(t.businessId, t.code)],
);

/** A promo code used by a ride; `releasedAt` is set when the ride is cancelled (the use is given back). */
export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    promoId: integer('promo_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    rideId: integer('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    riderId: integer('rider_id')
      .notNull()
      .references(() => users.id),
    amount: integer('amount').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('promo_redemptions_ride_key').on(t.rideId), index('promo_redemptions_rider_idx').on(t.promoId, t.riderId)],
);

/**
 * Money going back to a rider: through the payment provider (PayU's refund
 * API, `token` is the request's unique id there) or to the rider's wallet.
 * One row per refund, unique by its idempotency key, so retries, restarts and
 * double clicks pay it once; every step is also a ledger entry.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    rideId: integer('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    /** The card payment refunded (provider refunds). */
    paymentTxnid: text('payment_txnid'),
    method: text('method', { enum: REFUND_METHODS }).notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('requested'),
    idempotencyKey: text('idempotency_key').notNull(),
    token: text('token').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The provider answered that it will never take this refund (so paying it to the wallet instead cannot pay twice). */
    providerRefused: boolean('provider_refused').notNull().default(false),
    providerRequestId: text('provider_request_id'),
    requestedBy: integer('requested_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refunds_business_key').on(t.businessId, t.idempotencyKey),
    uniqueIndex('refunds_token_key').on(t.token),
    index('refunds_ride_idx').on(t.rideId),
    check('refunds_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** What the rider changed or waited for, recorded by the operator at completion with a reason (signed minor units). */
export const fareAdjustments = pgTable(
  'fare_adjustments',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    rideId: integer('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ADJUSTMENT_KINDS }).notNull(),
    /** Extra km, extra or waiting minutes; null for tolls. */
    quantity: integer('quantity'),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    actorUserId: integer('actor_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('fare_adjustments_ride_idx').on(t.rideId)],
);

export type CancellationPolicyRow = typeof cancellationPolicies.$inferSelect;
export type PromoCode = typeof promoCodes.$inferSelect;
export type Refund = typeof refunds.$inferSelect;
export type FareAdjustment = typeof fareAdjustments.$inferSelect;
