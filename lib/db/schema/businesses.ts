import { boolean, integer, pgTable, serial, text, timestamp, uniqueIndex, doublePrecision, index } from 'drizzle-orm/pg-core';

/** A travel operator: the tenant. `id` is lp_id in the client's payloads. */
export const businesses = pgTable(
  'businesses',
  {
    id: serial('id').primaryKey(),
    ownerUserId: integer('owner_user_id'),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    /** The name as a reader sees it (nameSkeleton in lib/contact/name-skeleton.ts): unique, so no look-alike of another name exists. */
    nameKey: text('name_key').notNull(),
    /** Up to 12 characters for the home-screen icon label and tight headers; null: derived from the name. */
    shortName: text('short_name'),
    /** The short name's skeleton (nameSkeleton), null without a short name: unique, and never another operator's name or the platform's (issue 35 §10). */
    shortNameKey: text('short_name_key'),
    /** Support e-mail shown to riders. */
    email: text('email'),
    phoneCode: text('phone_code').notNull().default('91'),
    phone: text('phone'),
    /** National number of the WhatsApp line riders are sent to (same country code as `phone`); null: `phone`. */
    whatsappPhone: text('whatsapp_phone'),
    countryCode: text('country_code').notNull().default('in'),
    language: text('language').notNull().default('en'),
    domain: text('domain'),
    logoUrl: text('logo_url'),
    bannerUrl: text('banner_url'),
    /** Public path prefix of the icon set generated from an uploaded logo: `${iconBase}-{size}.png`. */
    iconBase: text('icon_base'),
    /** Brand colour as #rrggbb; white text on it passes WCAG AA (checked on save). */
    brandColor: text('brand_color').notNull().default('#0f766e'),
    /** Languages of the market the rider site offers (subset of the country's list); null: every one. */
    languages: text('languages').array(),
    currency: text('currency').notNull().default('INR'),
    timeZone: text('time_zone').notNull().default('Asia/Kolkata'),
    /** SMS and WhatsApp to numbers outside the market's country code; off until the operator turns it on. */
    messagesAbroad: boolean('messages_abroad').notNull().default(false),
    /** Platform commission on completed rides, in basis points (1000 = 10%). */
    commissionBps: integer('commission_bps').notNull().default(1000),
    /** Rider cashback on the ride amount, in basis points (500 = 5%). */
    cashbackBps: integer('cashback_bps').notNull().default(500),
    status: text('status', { enum: ['active', 'suspended'] })
      .notNull()
      .default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last change of a business setting the rider site shows (sitemaps' lastmod, share image versions). */
    settingsUpdatedAt: timestamp('settings_updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('businesses_slug_key').on(t.slug),
    uniqueIndex('businesses_domain_key').on(t.domain),
    // Names are unique per platform, compared by their skeleton ("Sunrise Cabs" = "sunrise  CABS" = the same in Cyrillic look-alikes or full-width letters = "Sun\u200Brise-Cabs").
    uniqueIndex('businesses_name_key').on(t.nameKey),
    // Short names too: no two operators' short names read alike (a short name equal to another operator's name is refused in lib/tenancy/business-names.ts).
    uniqueIndex('businesses_short_name_key').on(t.shortNameKey),
  ],
);

/** Cities an operator serves: they get place pages and seed the booking form. */
export const serviceAreas = pgTable(
  'service_areas',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    region: text('region'),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    /** The operator's main city (at most one per operator): first in lists, the map's centre. */
    isMain: boolean('is_main').notNull().default(false),
    /** GeoNames id of the gazetteer city it was added from (null for seeded rows). */
    gazetteerId: integer('gazetteer_id'),
  },
  (t) => [uniqueIndex('service_areas_business_slug_key').on(t.businessId, t.slug), index('service_areas_business_idx').on(t.businessId)],
);

export type Business = typeof businesses.$inferSelect;
export type NewBusiness = typeof businesses.$inferInsert;
export type ServiceArea = typeof serviceAreas.$inferSelect;
