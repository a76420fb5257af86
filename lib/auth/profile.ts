import 'server-only';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { sessions, users } from '@/lib/db/schema';
import { isUniqueViolation } from '@/lib/db/unique-violation';
import { DomainError, keyedError } from '@/lib/errors/domain-error';
import { PARTNER_ROLES } from './constants';
import type { UpdateProfileInput } from './profile-schema';

export { updateProfileSchema, type UpdateProfileInput } from './profile-schema';

/** 409 naming the field, with the profile screen's key (Profile.emailTaken) for the rider's language. */
const emailTaken = () => keyedError('conflict', 'conflict', 'emailTaken', 'Another account already uses this e-mail.', undefined, 'email');

/**
 * A partner's e-mail is how it signs in: it changes only with a code sent to
 * the new address (lib/auth/email-change.ts), never here.
 */
const emailNeedsCode = () =>
  new DomainError(
    'invalid',
    'email_change_needs_code',
    'email: The sign-in e-mail changes only with a code sent to the new address: POST /api/profile/email, then /api/profile/email/verify.',
    'email',
  );

/** The name, and a rider's contact e-mail (riders sign in by phone; the e-mail is where invoices go). */
export async function updateProfile(db: Db, user: { userId: number; businessId: number; role: string }, input: UpdateProfileInput) {
  if ((PARTNER_ROLES as readonly string[]).includes(user.role)) {
    const [current] = await db.select({ email: users.email }).from(users).where(eq(users.id, user.userId)).limit(1);
    if (input.email && input.email !== current?.email) throw emailNeedsCode();
    const [row] = await db
      .update(users)
      .set({ name: input.name })
      .where(and(eq(users.id, user.userId), eq(users.businessId, user.businessId)))
      .returning({ name: users.name, email: users.email });
    return row;
  }
  if (input.email) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.businessId, user.businessId), eq(users.role, user.role as never), eq(users.email, input.email), ne(users.id, user.userId)))
      .limit(1);
    if (taken) throw emailTaken();
  }
  try {
    const [row] = await db
      .update(users)
      .set({ name: input.name, email: input.email ?? null, emailVerifiedAt: null })
      .where(and(eq(users.id, user.userId), eq(users.businessId, user.businessId)))
      .returning({ name: users.name, email: users.email });
    return row;
  } catch (error) {
    // Two accounts saving the same e-mail at once: the unique index decides, the loser hears why.
    if (isUniqueViolation(error, 'users_business_role_email_key')) throw emailTaken();
    throw error;
  }
}

/**
 * Deletes a rider's account: personal data is erased, every session ends. The
 * row stays (anonymised) so the operator's ride and wallet records keep their
 * foreign keys; signing in again with the same phone creates a new account.
 */
export async function deleteAccount(db: Db, user: { userId: number; businessId: number }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ name: null, email: null, phone: null, phoneCode: null, deletedAt: new Date() })
      .where(and(eq(users.id, user.userId), eq(users.businessId, user.businessId)));
    await tx.delete(sessions).where(eq(sessions.userId, user.userId));
  });
}
