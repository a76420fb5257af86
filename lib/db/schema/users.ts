import { integer, pgTable, serial, text, timestamp, uniqueIndex, index } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { USER_ROLES, type UserRole } from '../enums';

// the list lives in lib/db/enums (drizzle-free, for client components)
export { USER_ROLES };
export type { UserRole };

/** Every account belongs to one business (tenant). `id` is user_id in the client's payloads. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    role: text('role', { enum: USER_ROLES }).notNull(),
    name: text('name'),
    email: text('email'),
    /** When a code sent to `email` last came back (signup, sign-in, an e-mail change); only such an e-mail picks an account on the platform's host. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    phoneCode: text('phone_code'),
    phone: text('phone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_business_role_phone_key').on(t.businessId, t.role, t.phoneCode, t.phone),
    uniqueIndex('users_business_role_email_key').on(t.businessId, t.role, t.email),
    index('users_business_idx').on(t.businessId),
  ],
);

/** Server-side sessions; the cookie carries the token, the row only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;
