import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { rides } from './rides';

export const FLIGHT_STATES = ['scheduled', 'enroute', 'landed', 'cancelled', 'diverted', 'unknown'] as const;
/** Who last told us the landing time: the provider's poll, the operator (console) or the driver (driver app). */
export const FLIGHT_SOURCES = ['booking', 'provider', 'operator', 'driver'] as const;
/** Why a ride waits for a person to decide: its flight was diverted or cancelled, or the provider keeps failing. */
export const FLIGHT_FLAGS = ['diverted', 'cancelled', 'unverified'] as const;

/**
 * The flight an airport ride meets (arrival) or catches (departure), one row
 * per ride: what the flight is doing, the landing time the pickup follows and
 * when to ask the provider next (lib/flights).
 */
export const rideFlights = pgTable(
  'ride_flights',
  {
    rideId: integer('ride_id')
      .primaryKey()
      .references(() => rides.id, { onDelete: 'cascade' }),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** Normalised IATA flight number ("AI302"). */
    flightNumber: text('flight_number').notNull(),
    direction: text('direction', { enum: ['arrival', 'departure'] }).notNull(),
    /** IATA code of the airport the ride starts (arrival) or ends (departure) at. */
    airportCode: text('airport_code').notNull(),
    state: text('state', { enum: FLIGHT_STATES }).notNull().default('scheduled'),
    scheduledArrival: timestamp('scheduled_arrival', { withTimezone: true }),
    estimatedArrival: timestamp('estimated_arrival', { withTimezone: true }),
    landedAt: timestamp('landed_at', { withTimezone: true }),
    divertedTo: text('diverted_to'),
    source: text('source', { enum: FLIGHT_SOURCES }).notNull().default('booking'),
    /** The pickup moves with the landing (the operator can turn it off per ride). */
    followFlight: boolean('follow_flight').notNull().default(true),
    /** The pickup time booked, before any move, and the landing known then: the pickup keeps its distance from the landing. */
    bookedPickupTime: timestamp('booked_pickup_time', { withTimezone: true }).notNull(),
    bookedLanding: timestamp('booked_landing', { withTimezone: true }),
    /** Minutes after landing the pickup is set to (the operator's buffer at booking). */
    bufferMinutes: integer('buffer_minutes').notNull(),
    flag: text('flag', { enum: FLIGHT_FLAGS }),
    /** The provider's last failure (timeout, unreachable, refused, garbage, http, not_found) or `implausible` news, for the board; null after a good answer. */
    lastError: text('last_error'),
    /** Provider failures in a row (three flag the ride `unverified`). */
    failures: integer('failures').notNull().default(0),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ride_flights_flag_idx')
      .on(t.businessId)
      .where(sql`flag is not null`),
  ],
);

export type RideFlight = typeof rideFlights.$inferSelect;
export type FlightSource = (typeof FLIGHT_SOURCES)[number];
