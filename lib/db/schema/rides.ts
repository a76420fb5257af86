import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { users } from './users';
import {
  PAYMENT_METHODS,
  RIDE_STATUSES,
  RIDE_TYPES,
  TRIP_KINDS,
  VEHICLE_TYPES,
  type Place,
  type RentalPackage,
  type CancellationRule,
  type VehicleType,
} from '@/lib/booking/vocabulary';

export * from '@/lib/booking/vocabulary';

/** A business's fares for one vehicle type; every amount in minor units (paise, fils, cents). */
export const rateCards = pgTable(
  'rate_cards',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    vehicleType: text('vehicle_type', { enum: VEHICLE_TYPES }).notNull(),
    active: boolean('active').notNull().default(true),
    baseFare: integer('base_fare').notNull(),
    perKm: integer('per_km').notNull(),
    minKm: integer('min_km').notNull(),
    outstationPerKm: integer('outstation_per_km').notNull(),
    minKmPerDay: integer('min_km_per_day').notNull(),
    driverBataPerDay: integer('driver_bata_per_day').notNull(),
    /** Night surcharge on local and airport rides, in basis points of the ride amount. */
    nightChargeBps: integer('night_charge_bps').notNull(),
    nightStartHour: integer('night_start_hour').notNull(),
    nightEndHour: integer('night_end_hour').notNull(),
    airportFee: integer('airport_fee').notNull(),
    tollPerKm: integer('toll_per_km').notNull(),
    rentalPackages: jsonb('rental_packages').$type<RentalPackage[]>().notNull(),
    extraKmRate: integer('extra_km_rate').notNull(),
    extraHourRate: integer('extra_hour_rate').notNull(),
    /** Charged per started block of waiting past the free time (block length in `waiting_rules`). */
    waitingCharge: integer('waiting_charge').notNull().default(0),
    /** Tolls are charged as the route really paid them (recorded at completion); false: the quoted estimate is the price. */
    tollsAtActuals: boolean('tolls_at_actuals').notNull().default(false),
    /** The type is also offered without AC, its per-km rates and packages this many basis points lower; null: AC only. */
    nonAcDiscountBps: integer('non_ac_discount_bps'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('rate_cards_business_vehicle_key').on(t.businessId, t.vehicleType)],
);

export type QuoteItem = {
  vehicleType: VehicleType;
  rideAmount: number;
  driverBata: number;
  tolls: number;
  total: number;
  billedKm: number;
  days: number;
  breakdown: Record<string, number>;
};

/** A priced search; bookings take their amounts from here, never from the browser. */
export const quotes = pgTable(
  'quotes',
  {
    id: uuid('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    rideType: text('ride_type', { enum: RIDE_TYPES }).notNull(),
    tripKind: text('trip_kind', { enum: TRIP_KINDS }).notNull(),
    packageCode: text('package_code'),
    pickup: jsonb('pickup').$type<Place>().notNull(),
    dropoff: jsonb('dropoff').$type<Place | null>(),
    pickupTime: timestamp('pickup_time', { withTimezone: true }).notNull(),
    returnTime: timestamp('return_time', { withTimezone: true }),
    distanceM: integer('distance_m').notNull(),
    durationS: integer('duration_s').notNull(),
    routeSource: text('route_source').notNull(),
    currency: text('currency').notNull(),
    items: jsonb('items').$type<QuoteItem[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('quotes_business_idx').on(t.businessId, t.createdAt)],
);

export const rides = pgTable(
  'rides',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /**
     * The ride's number within its operator (1, 2, 3, ...), drawn from
     * `ride_counters` in the booking statement. This, never `id`, is what
     * riders, partners, drivers, URLs, CSVs and messages see.
     */
    number: integer('number').notNull(),
    riderId: integer('rider_id')
      .notNull()
      .references(() => users.id),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status', { enum: RIDE_STATUSES }).notNull().default('booked'),
    vehicleType: text('vehicle_type', { enum: VEHICLE_TYPES }).notNull(),
    rideType: text('ride_type', { enum: RIDE_TYPES }).notNull(),
    tripKind: text('trip_kind', { enum: TRIP_KINDS }).notNull(),
    packageCode: text('package_code'),
    pickup: jsonb('pickup').$type<Place>().notNull(),
    dropoff: jsonb('dropoff').$type<Place | null>(),
    pickupTime: timestamp('pickup_time', { withTimezone: true }).notNull(),
    returnTime: timestamp('return_time', { withTimezone: true }),
    flightNumber: text('flight_number'),
    flightDirection: text('flight_direction', { enum: ['arrival', 'departure'] }),
    distanceM: integer('distance_m').notNull(),
    durationS: integer('duration_s').notNull(),
    currency: text('currency').notNull(),
    rideAmount: integer('ride_amount').notNull(),
    driverBata: integer('driver_bata').notNull(),
    tolls: integer('tolls').notNull(),
    totalAmount: integer('total_amount').notNull(),
    /** The quote's breakdown of the booked vehicle (night charge, airport fee, rates past a package), frozen at booking: the fare's lines and its terms. */
    fareBreakdown: jsonb('fare_breakdown').$type<Record<string, number>>().notNull().default({}),
    cashbackAmount: integer('cashback_amount').notNull().default(0),
    /** Paid from the rider's wallet at booking (minor units); the driver collects total - walletApplied. */
    walletApplied: integer('wallet_applied').notNull().default(0),
    /** The promo code used (upper-case) and its discount (minor units), borne by the operator: total = fare - discount. */
    promoCode: text('promo_code'),
    discountAmount: integer('discount_amount').notNull().default(0),
    /** Sum of the fare adjustments recorded at completion (signed, minor units; lib/money/adjustments). */
    adjustmentAmount: integer('adjustment_amount').notNull().default(0),
    /** The cancellation rule shown at booking, which the ride keeps (rides booked before rules existed got the default of their trip kind). */
    cancelPolicy: jsonb('cancel_policy')
      .$type<CancellationRule>()
      .notNull()
      .default(sql`'{"freeMinutes":60,"feeType":"percent","feeValue":1000}'::jsonb`),
    /** The fee kept when the ride was cancelled (minor units). */
    cancellationFee: integer('cancellation_fee').notNull().default(0),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull().default('cash'),
    paid: boolean('paid').notNull().default(false),
    startCode: text('start_code').notNull(),
    startCodeAttempts: integer('start_code_attempts').notNull().default(0),
    driverId: integer('driver_id'),
    vehicleId: integer('vehicle_id'),
    /** The operator chose a vehicle of a larger class than booked (the accept dialog's explicit "upgrade"). */
    vehicleUpgrade: boolean('vehicle_upgrade').notNull().default(false),
    /** When and how the start code last went to a customer booked by phone (lib/rides/customer-messages). */
    codeSentAt: timestamp('code_sent_at', { withTimezone: true }),
    codeSentVia: text('code_sent_via', { enum: ['sms', 'whatsapp'] }),
    cancelReason: text('cancel_reason'),
    cancelledBy: text('cancelled_by', { enum: ['rider', 'partner', 'system'] }),
    source: text('source').notNull().default('form'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** The driver set off for the pickup: the rider sees the live position from here (or from the share lead before pickup). */
    setOffAt: timestamp('set_off_at', { withTimezone: true }),
    /** Automatic dispatch ran out of drivers to offer it to (lib/dispatch): the console's "Needs a driver". */
    needsDriverAt: timestamp('needs_driver_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Booked for someone else: who travels; trip messages go to this phone. */
    passengerName: text('passenger_name'),
    passengerPhoneCode: text('passenger_phone_code'),
    passengerPhone: text('passenger_phone'),
    /** The language the rider booked in (invoices and trip messages speak it). */
    language: text('language'),
    /** The driver said they are at the meeting point (the rider was told). */
    driverArrivedAt: timestamp('driver_arrived_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('rides_idempotency_key').on(t.businessId, t.riderId, t.idempotencyKey),
    uniqueIndex('rides_business_number_key').on(t.businessId, t.number),
    index('rides_business_status_idx').on(t.businessId, t.status, t.pickupTime),
    /** The board: an operator's rides by pickup time (keyset paging on pickup_time, number). */
    index('rides_business_pickup_idx').on(t.businessId, t.pickupTime, t.number),
    index('rides_rider_idx').on(t.riderId, t.pickupTime),
    /** Who is busy: the drivers and vehicles holding an accepted or on-trip ride. */
    index('rides_driver_open_idx')
      .on(t.driverId)
      .where(sql`status in ('accepted', 'ontrip')`),
    index('rides_vehicle_open_idx')
      .on(t.vehicleId)
      .where(sql`status in ('accepted', 'ontrip')`),
    /** Idle time: a driver's last completed trip. */
    index('rides_driver_completed_idx')
      .on(t.driverId, t.completedAt)
      .where(sql`status = 'completed'`),
  ],
);

/**
 * The last ride number given out per operator. The booking statement bumps
 * this row and inserts the ride in one statement, so concurrent bookings of
 * one operator take turns on the row and numbers have no gaps or repeats (a
 * refused insert rolls the bump back with it).
 */
export const rideCounters = pgTable('ride_counters', {
  businessId: integer('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  lastNumber: integer('last_number').notNull(),
});

/** Every transition of a ride, who made it and why. */
export const rideEvents = pgTable(
  'ride_events',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    rideId: integer('ride_id')
      .notNull()
      .references(() => rides.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actorUserId: integer('actor_user_id'),
    note: text('note'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ride_events_ride_idx').on(t.rideId), index('ride_events_business_idx').on(t.businessId, t.createdAt)],
);

export type RateCard = typeof rateCards.$inferSelect;
export type Quote = typeof quotes.$inferSelect;
export type Ride = typeof rides.$inferSelect;
export type RideEvent = typeof rideEvents.$inferSelect;
