import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { rides } from './rides';

export const WALLET_KINDS = ['cashback_pending', 'cashback_release', 'cashback_reversal', 'ride_earning', 'commission', 'payout', 'adjustment', 'wallet_spend', 'wallet_refund'] as const;
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
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('wallet_entries_owner_idx').on(t.businessId, t.userId, t.createdAt)],
);

export type WalletEntry = typeof walletEntries.$inferSelect;
