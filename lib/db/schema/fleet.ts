import { sql } from 'drizzle-orm';
import { boolean, date, doublePrecision, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { users } from './users';
import { VEHICLE_TYPES } from './rides';

/** Driver and travel-agency account status (docs/requirements/partner.md#drivers-and-travel-companies); Unblock returns to Verified. */
export const ACCOUNT_STATUSES = ['pending', 'Verified', 'Blocked'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** Sub-operators (travel companies) working for a business; their drivers can take its rides. */
export const agencies = pgTable(
  'agencies',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phoneCode: text('phone_code').notNull(),
    phone: text('phone').notNull(),
    place: text('place'),
    accountStatus: text('account_status', { enum: ACCOUNT_STATUSES }).notNull().default('pending'),
    online: boolean('online').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    index('agencies_business_idx').on(t.businessId),
    uniqueIndex('agencies_business_phone_key')
      .on(t.businessId, t.phoneCode, t.phone)
      .where(sql`removed_at is null`),
  ],
);

/** A business's vehicles; `number` is normalised (upper case, single spaces). */
export const vehicles = pgTable(
  'vehicles',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    agencyId: integer('agency_id').references(() => agencies.id, { onDelete: 'set null' }),
    vehicleType: text('vehicle_type', { enum: VEHICLE_TYPES }).notNull(),
    model: text('model').notNull(),
    number: text('number').notNull(),
    imageUrl: text('image_url'),
    online: boolean('online').notNull().default(true),
    /** Papers of the vehicle (lib/fleet/documents): an expired one keeps it from offers and assignment. */
    permitNumber: text('permit_number'),
    permitExpiresOn: date('permit_expires_on', { mode: 'string' }),
    insuranceNumber: text('insurance_number'),
    insuranceExpiresOn: date('insurance_expires_on', { mode: 'string' }),
    fitnessNumber: text('fitness_number'),
    fitnessExpiresOn: date('fitness_expires_on', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    index('vehicles_business_idx').on(t.businessId),
    uniqueIndex('vehicles_business_number_key')
      .on(t.businessId, t.number)
      .where(sql`removed_at is null`),
  ],
);

/** A business's drivers; each has a `travelsx-driver` user for the driver app's phone-code login. */
export const drivers = pgTable(
  'drivers',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agencyId: integer('agency_id').references(() => agencies.id, { onDelete: 'set null' }),
    vehicleId: integer('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    lastName: text('last_name'),
    photoUrl: text('photo_url'),
    phoneCode: text('phone_code').notNull(),
    phone: text('phone').notNull(),
    place: text('place'),
    accountStatus: text('account_status', { enum: ACCOUNT_STATUSES }).notNull().default('pending'),
    online: boolean('online').notNull().default(false),
    /** When the driver last went online: idle time counts from here (or from their last trip's end, if later). */
    onlineAt: timestamp('online_at', { withTimezone: true }),
    licenceNumber: text('licence_number'),
    licenceExpiresOn: date('licence_expires_on', { mode: 'string' }),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    locatedAt: timestamp('located_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    index('drivers_business_idx').on(t.businessId),
    uniqueIndex('drivers_business_phone_key')
      .on(t.businessId, t.phoneCode, t.phone)
      .where(sql`removed_at is null`),
  ],
);

export type Agency = typeof agencies.$inferSelect;
export type Vehicle = typeof vehicles.$inferSelect;
export type Driver = typeof drivers.$inferSelect;
