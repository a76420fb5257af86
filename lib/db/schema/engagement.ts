import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { users } from './users';
import { rides } from './rides';

/** A card payment through PayU hosted checkout; `txnid` is ours (at most 25 characters). */
export const payments = pgTable(
  'payments',
  {
    txnid: text('txnid').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    rideId: integer('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Minor units; sent to the gateway as major units with 2 decimals. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['created', 'success', 'failure'] })
      .notNull()
      .default('created'),
    gatewayId: text('gateway_id'),
    response: jsonb('response').$type<Record<string, string>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('payments_ride_idx').on(t.rideId)],
);

/** A browser's Web Push subscription, per user and device. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    /** A 429 from the push service sets when sending may resume. */
    retryAfter: timestamp('retry_after', { withTimezone: true }),
    /** Sends in a row that failed; the endpoint is dropped at MAX_FAILURES (lib/push/send.ts). */
    failures: integer('failures').notNull().default(0),
    /** When the device last subscribed (subscribing again renews it): a user keeps the newest (lib/push/subscriptions.ts). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

/** Per-user notification switch (profile). */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  pushEnabled: boolean('push_enabled').notNull().default(true),
});

/** The visitor tracking record (docs/requirements/rider.md#visitor-tracking), with device details parsed on the server. */
export const visits = pgTable(
  'visits',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').notNull(),
    pageUrl: text('page_url').notNull(),
    userId: integer('user_id'),
    userType: text('user_type'),
    countryCode: text('country_code'),
    place: text('place'),
    /** A signed-in rider's phone as E.164 ("+919840012345"), when known (docs/requirements/rider.md#visitor-tracking). */
    phone: text('phone'),
    /** A signed-in rider's last pickup address, when known. */
    address: text('address'),
    /** At most 500 characters (docs/requirements/rider.md#visitor-tracking). */
    userAgent: text('user_agent'),
    device: jsonb('device').$type<Record<string, string | null>>().notNull().default({}),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    fbclid: text('fbclid'),
    referrer: text('referrer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('visits_business_idx').on(t.businessId, t.createdAt)],
);

export const LEAD_SOURCES = ['contact', 'campaign', 'lead'] as const;

/** Business enquiries: the contact-us form, campaign pages and the lead call. */
export const leads = pgTable(
  'leads',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    source: text('source', { enum: LEAD_SOURCES }).notNull(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    company: text('company'),
    lookingFor: text('looking_for'),
    message: text('message'),
    campaign: text('campaign'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('leads_business_idx').on(t.businessId, t.createdAt)],
);

/** Read-only ride tracking links a rider can share; dead once the ride ends. The token is stored hashed. */
export const rideShareLinks = pgTable(
  'ride_share_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    rideId: integer('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ride_share_links_ride_idx').on(t.rideId)],
);

export type Payment = typeof payments.$inferSelect;
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type Visit = typeof visits.$inferSelect;
export type Lead = typeof leads.$inferSelect;
