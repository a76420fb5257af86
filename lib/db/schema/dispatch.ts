import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { drivers, vehicles } from './fleet';
import { rides } from './rides';

export const DISPATCH_MODES = ['manual', 'assisted', 'automatic'] as const;
export type DispatchMode = (typeof DISPATCH_MODES)[number];

/** How an operator dispatches (docs in README "Dispatch"); a business without a row uses the defaults of lib/dispatch/settings. */
export const dispatchSettings = pgTable('dispatch_settings', {
  businessId: integer('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  mode: text('mode', { enum: DISPATCH_MODES }).notNull().default('manual'),
  /** How long a driver has to answer an offer. */
  offerSeconds: integer('offer_seconds').notNull().default(30),
  /** Offers per ride before it goes to the console as "Needs a driver". */
  maxOffers: integer('max_offers').notNull().default(5),
  /** Offers may go to drivers whose vehicle is of a larger class than booked (at the booked fare). */
  allowUpgrades: boolean('allow_upgrades').notNull().default(false),
  /** Scheduled rides are offered this long before pickup. */
  offerLeadMinutes: integer('offer_lead_minutes').notNull().default(60),
  /** Added after a ride's expected end before its driver and vehicle are free again. */
  bufferMinutes: integer('buffer_minutes').notNull().default(30),
  /** The rider sees the driver's live position from this long before pickup (or from when the driver sets off). */
  shareLeadMinutes: integer('share_lead_minutes').notNull().default(30),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const OFFER_STATUSES = ['pending', 'accepted', 'declined', 'expired', 'withdrawn'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** Why a driver was chosen for an offer (shown to the console as "what was tried"). */
export type OfferReason = { roadKm: number | null; idleMinutes: number; acceptance: number; score: number };

/**
 * One ride offered to one driver. A ride is offered to a driver at most once
 * (a decline is never re-offered), a ride has at most one pending offer and a
 * driver holds at most one pending offer at a time.
 */
export const rideOffers = pgTable(
  'ride_offers',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    rideId: integer('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    driverId: integer('driver_id')
      .notNull()
      .references(() => drivers.id, { onDelete: 'cascade' }),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    status: text('status', { enum: OFFER_STATUSES }).notNull().default('pending'),
    reason: jsonb('reason').$type<OfferReason>().notNull(),
    offeredAt: timestamp('offered_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('ride_offers_ride_driver_key').on(t.rideId, t.driverId),
    uniqueIndex('ride_offers_pending_ride_key')
      .on(t.rideId)
      .where(sql`status = 'pending'`),
    uniqueIndex('ride_offers_pending_driver_key')
      .on(t.driverId)
      .where(sql`status = 'pending'`),
    /** Acceptance rates: a driver's recent offers, counted by status from the index alone (docs/architecture/jobs.md#dispatch-jobs). */
    index('ride_offers_driver_status_idx').on(t.driverId, t.offeredAt, t.status),
  ],
);

export type DispatchSettings = typeof dispatchSettings.$inferSelect;
export type RideOffer = typeof rideOffers.$inferSelect;
