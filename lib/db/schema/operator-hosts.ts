import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { businesses } from './businesses';

/**
 * An operator's own domain, claimed in the console and proven by a TXT record.
 * One claim per operator; several operators may claim the same domain while
 * unverified (so nobody can squat on a name by typing it), but only one can
 * hold it verified (partial unique index). The verified domain is copied to
 * `businesses.domain`, which host routing and canonicals read.
 */
export const operatorDomains = pgTable(
  'operator_domains',
  {
    businessId: integer('business_id')
      .primaryKey()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    /** The value the TXT record at _travelsx-verify.{domain} must hold. */
    token: text('token').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** The last check's failure code (missing_txt, wrong_token, timeout, nxdomain, dns_error), null after a success. */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('operator_domains_verified_domain_key')
      .on(t.domain)
      .where(sql`${t.verifiedAt} is not null`),
    index('operator_domains_domain_idx').on(t.domain),
  ],
);

export const INTEGRATION_KINDS = ['whatsapp', 'payu', 'flights'] as const;
/** The flight-status services an operator may connect (its `flights` integration's public id names one). */
export const FLIGHT_PROVIDERS = ['aerodatabox', 'flightaware'] as const;
export type FlightProviderName = (typeof FLIGHT_PROVIDERS)[number];
export type IntegrationKind = (typeof INTEGRATION_KINDS)[number];

/**
 * An operator's own credentials for an outside service. Secrets are sealed with
 * AES-256-GCM (lib/crypto/secrets.ts) as `v1:{iv}:{tag}:{ciphertext}`; `publicId`
 * is the non-secret identifier (WhatsApp phone number id, PayU merchant key;
 * for a flight-status provider its name and the business), unique per kind so
 * an inbound message finds exactly one operator.
 */
export const operatorIntegrations = pgTable(
  'operator_integrations',
  {
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: INTEGRATION_KINDS }).notNull(),
    publicId: text('public_id').notNull(),
    /** Sealed JSON of the secret fields. */
    secrets: text('secrets').notNull(),
    testedAt: timestamp('tested_at', { withTimezone: true }),
    /** The last Test connection's outcome: ok, or what failed. */
    testResult: text('test_result'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('operator_integrations_business_kind_key').on(t.businessId, t.kind),
    uniqueIndex('operator_integrations_kind_public_key').on(t.kind, t.publicId),
  ],
);

export type OperatorDomain = typeof operatorDomains.$inferSelect;
export type OperatorIntegration = typeof operatorIntegrations.$inferSelect;
