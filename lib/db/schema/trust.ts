import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { rides } from './rides';
import { users } from './users';
import { SUPPLY_TYPES, type CancellationRule, type FareLine } from '@/lib/booking/vocabulary';

/** An operator's invoice header and tax settings (console "Invoice details"). */
export const invoiceSettings = pgTable('invoice_settings', {
  businessId: integer('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  legalName: text('legal_name'),
  address: text('address'),
  /** GSTIN in India, the VAT/TRN number elsewhere. */
  taxNumber: text('tax_number'),
  /** GST (or VAT) included in fares, in basis points (500 = 5%); 0 = no tax lines. */
  taxRateBps: integer('tax_rate_bps').notNull().default(500),
  /** SAC code printed on Indian invoices (996412: taxi services). */
  sacCode: text('sac_code'),
  /** intra: CGST + SGST; inter: IGST. */
  supplyType: text('supply_type', { enum: SUPPLY_TYPES }).notNull().default('intra'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The last invoice number each operator issued: taken in the same transaction as the invoice, so numbers have no gaps. */
export const invoiceCounters = pgTable('invoice_counters', {
  businessId: integer('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  lastNumber: integer('last_number').notNull().default(0),
});

/** A fare line; `values` fill the invoice's longer label (the waiting line's minutes and blocks). */
export type InvoiceLine = FareLine & { values?: Record<string, number> };
export type InvoiceTax = { code: 'cgst' | 'sgst' | 'igst' | 'vat'; rateBps: number; amount: number };
export type InvoiceSnapshot = {
  seller: { name: string; legalName: string | null; address: string | null; taxNumber: string | null; logoUrl: string | null; sacCode: string | null };
  rideNumber: number;
  customer: { name: string | null; phone: string | null; email: string | null };
  passenger: { name: string; phone: string } | null;
  pickup: string;
  dropoff: string | null;
  pickupTime: string;
  completedAt: string;
  distanceM: number;
  vehicleType: string;
  currency: string;
  /** Fare lines in minor units; they add up to `total`. */
  lines: InvoiceLine[];
  /** Outstation: the minimum billed (km a day x days) where it exceeded the km driven (lib/money/fare-lines.ts billedMinimum). */
  billedMinimum?: { kmPerDay: number; days: number; billedKm: number; tripKm: number } | null;
  /** The promo code whose discount is the `discount` line. */
  promoCode?: string | null;
  total: number;
  /** Cashback (wallet) the rider spent on this ride; `due` = total - walletApplied. */
  walletApplied: number;
  due: number;
  /** Tax included in `total`: taxable value + taxes + untaxed tolls = total. */
  taxableValue: number;
  taxes: InvoiceTax[];
  /** Tolls paid on the rider's behalf at cost, outside the taxable value (absent on invoices issued before). */
  untaxedTolls?: number;
  /** The ride's cancellation rule. */
  cancellation?: CancellationRule;
  paymentMethod: string;
  timeZone: string;
  /** On a re-issue after refunds: the refunds paid so far (each one line), their sum, and the number of the invoice this one replaces. */
  refunds?: InvoiceRefund[];
  refunded?: number;
  replaces?: number;
};

/** A refund paid on a completed ride, as a re-issued invoice itemises it. */
export type InvoiceRefund = { id: number; amount: number; method: 'provider' | 'wallet'; reason: string; paidAt: string };

/** One invoice per completed ride, its content frozen when issued. */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    rideId: integer('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    /** 1 for a ride's first invoice; each re-issue (after a refund) takes the next revision and a number of its own. */
    revision: integer('revision').notNull().default(1),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    data: jsonb('data').$type<InvoiceSnapshot>().notNull(),
  },
  (t) => [uniqueIndex('invoices_ride_revision_key').on(t.rideId, t.revision), uniqueIndex('invoices_business_number_key').on(t.businessId, t.number)],
);

export const COMMENT_STATUSES = ['none', 'pending', 'approved', 'rejected'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

/** A rider's rating of a completed ride: 1-5 stars, an optional comment shown on the site once the operator approves it. */
export const rideRatings = pgTable(
  'ride_ratings',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    rideId: integer('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    riderId: integer('rider_id')
      .notNull()
      .references(() => users.id),
    driverId: integer('driver_id'),
    stars: integer('stars').notNull(),
    comment: text('comment'),
    commentStatus: text('comment_status', { enum: COMMENT_STATUSES }).notNull().default('none'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('ride_ratings_ride_key').on(t.rideId),
    index('ride_ratings_business_idx').on(t.businessId, t.createdAt),
    check('ride_ratings_stars_range', sql`${t.stars} between 1 and 5`),
  ],
);

export const JOB_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * Durable scheduled work (trip messages, pickup reminders, invoices). `key`
 * makes each job unique, so a transition seen twice queues one job; pollers
 * claim due rows with FOR UPDATE SKIP LOCKED, so one instance runs each.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    businessId: integer('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** Due jobs of a higher priority are claimed first (lib/jobs/queue.ts JOB_PRIORITY). */
    priority: smallint('priority').notNull().default(0),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('jobs_key').on(t.key),
    /**
     * The claim's order over the jobs still to run: done and failed jobs stay in the table (their keys keep a
     * job from being queued twice) but not in this index, so a claim reads the open jobs only however many
     * ran before (a scan of every job had cost 4 ms a claim after 5,000 of them, lib/jobs/queue.ts).
     */
    index('jobs_open_idx')
      .on(t.priority.desc().nullsLast(), t.runAt, t.id)
      .where(sql`status in ('pending', 'running')`),
  ],
);

export type InvoiceSettings = typeof invoiceSettings.$inferSelect;
export type Invoice = typeof invoices.$inferSelect;
export type RideRating = typeof rideRatings.$inferSelect;
export type Job = typeof jobs.$inferSelect;
