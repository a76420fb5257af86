import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { rides } from './rides';

export const WALLET_KINDS = [
  'cashback_pending',
  'cashback_release',
  'cashback_reversal',
  /** An online (UPI/card) ride's fare, credited to the operator's available balance. */
  'ride_earning',
  /** The platform's commission on an online ride, debited from the available balance. */
  'commission',
  /** A cash ride: the fare stays with the driver (`cash`), nothing moves on the balance. */
  'ride_cash',
  /** The platform's commission on a cash ride, owed by the operator (`owed`). */
  'commission_owed',
  /** The platform pays the operator out (debits available). */
  'payout',
  /** The operator pays the platform what it owes (reduces owed). */
  'settlement',
  'adjustment',
  'wallet_spend',
  'wallet_refund',
  /** The fee kept from a cancelled ride's prepayment, credited to the operator. */
  'cancellation_fee',
  /** A promo code's discount on a completed ride, borne by the operator (negative, on the fare's column). */
  'promo_discount',
  /** Extra km or hours, waiting or tolls at actuals recorded at completion (on the fare's column). */
  'fare_adjustment',
  /** A refund to a rider through the provider: requested (+refund), paid (-refund), failed (a memo, retried). */
  'refund_requested',
  'refund_paid',
  'refund_failed',
  /** A refund paid into the rider's wallet (the rider's row: +available). */
  'refund_to_wallet',
] as const;
export type WalletKind = (typeof WALLET_KINDS)[number];

/**
 * Append-only ledger. A rider's rows have `user_id`; the business's own rows have it null.
 * Pending cashback: +pending on booking; on completion a release moves it to available;
 * on cancellation a reversal removes it. Spending at booking (wallet_spend, -available)
 * is refunded on cancellation (wallet_refund). Amounts in minor units, signed.
 */
export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    userId: integer('user_id'),
    rideId: integer('ride_id').references(() => rides.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: WALLET_KINDS }).notNull(),
    /** Change to the available balance. */
    available: integer('available').notNull().default(0),
    /** Change to the pending balance. */
    pending: integer('pending').notNull().default(0),
    /** Change to what the operator owes the platform (commission on cash rides less settlements). */
    owed: integer('owed').notNull().default(0),
    /** Cash a driver collected for a ride (a memo: it never reaches the balance). */
    cash: integer('cash').notNull().default(0),
    /** Refunds owed to riders through the payment provider: + when requested, - when paid (a memo of money in flight). */
    refund: integer('refund').notNull().default(0),
    /** Payouts and settlements: the platform's key, so a repeated request records one entry. */
    idempotencyKey: text('idempotency_key'),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('wallet_entries_owner_idx').on(t.businessId, t.userId, t.createdAt),
    index('wallet_entries_ride_idx').on(t.rideId),
    uniqueIndex('wallet_entries_idempotency_key').on(t.businessId, t.idempotencyKey),
  ],
);

export type WalletEntry = typeof walletEntries.$inferSelect;
