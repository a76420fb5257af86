import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { rides } from './rides';

export const OUTBOX_CHANNELS = ['email', 'sms', 'whatsapp'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

/**
 * Every message the product sends. `queued` until a provider takes it; `sent`
 * or `failed` after; `held` when no provider is configured (kept here and
 * logged); `refused` when the message budget (lib/messaging/budget.ts) said
 * no, with the reason in `error`.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: OUTBOX_CHANNELS }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    /** Why it was sent (lib/messaging/purposes.ts); null on rows older than the budget. */
    purpose: text('purpose'),
    rideId: integer('ride_id').references(() => rides.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['queued', 'sent', 'failed', 'held', 'refused'] })
      .notNull()
      .default('queued'),
    provider: text('provider'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_business_idx').on(t.businessId, t.createdAt), index('outbox_ride_idx').on(t.rideId, t.purpose, t.createdAt)],
);

export type OutboxMessage = typeof outbox.$inferSelect;
