import { integer, pgTable } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';

/**
 * An operator's trip limits and wallet spending, set beside the fares (console
 * Fares page). One row per business; a business without a row uses
 * `DEFAULT_TRIP_RULES` (lib/fares/trip-rules.ts).
 */
export const tripRules = pgTable('trip_rules', {
  businessId: integer('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  /** Local and airport trips: longest trip (km, straight line x road factor as quoted). */
  localMaxKm: integer('local_max_km').notNull(),
  /** Outstation trips: longest one-way trip (km). */
  outstationMaxKm: integer('outstation_max_km').notNull(),
  /** Pickups within this many km of one of the operator's service cities (0: anywhere). */
  serviceRadiusKm: integer('service_radius_km').notNull(),
  /** Pickups within the next hour ("Now") only for trips up to this many km. */
  nowMaxKm: integer('now_max_km').notNull(),
  /** Share of a ride's total a rider may pay from the wallet, in basis points (2000 = 20 %; 0: none). */
  walletSpendBps: integer('wallet_spend_bps').notNull(),
});

export type TripRules = typeof tripRules.$inferSelect;
