import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';

/**
 * An operator's meeting point at one airport (IATA code): where its driver
 * waits, in each of its languages, and an optional photo. Read through
 * lib/airports; no row: the airport has no meeting point set.
 */
export const airportSettings = pgTable(
  'airport_settings',
  {
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    airportCode: text('airport_code').notNull(),
    /** Language code -> the meeting point's text in it. */
    meetingPoint: jsonb('meeting_point').$type<Record<string, string>>().notNull(),
    /** Public path of the uploaded photo (/media/{tenant}/airport/...), or null. */
    photoUrl: text('photo_url'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.airportCode] })],
);

/**
 * An operator's waiting rules (one row per business; none: the defaults of
 * lib/airports/waiting.ts): free waiting per trip kind, counted from the
 * landing (or the pickup time when there is no flight), the block a waiting
 * charge is counted in, and how long after landing an airport pickup is offered.
 */
export const waitingRules = pgTable('waiting_rules', {
  businessId: integer('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  freeLocalMinutes: integer('free_local_minutes').notNull(),
  freeAirportMinutes: integer('free_airport_minutes').notNull(),
  freeOutstationMinutes: integer('free_outstation_minutes').notNull(),
  freeRentalMinutes: integer('free_rental_minutes').notNull(),
  /** Waiting past the free time is charged per started block of this many minutes (the charge is on each rate card). */
  blockMinutes: integer('block_minutes').notNull(),
  /** An arrival pickup is offered this many minutes after the landing (baggage, customs). */
  landingBufferMinutes: integer('landing_buffer_minutes').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type AirportSetting = typeof airportSettings.$inferSelect;
export type WaitingRulesRow = typeof waitingRules.$inferSelect;
