import 'server-only';
import { and, eq, ne } from 'drizzle-orm';
import { createTranslator } from 'next-intl';
import type { Db } from '@/lib/db/client';
import { users } from '@/lib/db/schema';
import { keyedError } from '@/lib/errors/domain-error';
import { loadMessages } from '@/lib/i18n/messages';
import { deliver } from '@/lib/messaging/outbox';
import { refusalError } from '@/lib/messaging/refusals';
import { MESSAGE_VALUE_MAX, operatorText } from '@/lib/messaging/safe-text';
import type { Tenant } from '@/lib/tenancy/queries';
import { OTP } from './constants';
import { consumeCode, issueCode } from './otp';

/*
 * A partner's e-mail is how it signs in, so it changes only with a code sent
 * to the new address: the request sends the code, the confirmation with it
 * writes the e-mail (proven). The code's key names the account, so a code for
 * one account never changes another's.
 */

type Account = { userId: number; businessId: number; role: string };

const changeKey = (account: Account, email: string) => ({ businessId: account.businessId, identifier: email, role: `email-change:${account.userId}` });

const emailTaken = () => keyedError('conflict', 'conflict', 'emailTaken', 'Another account already uses this e-mail.', undefined, 'email');

async function assertFree(db: Db, account: Account, email: string): Promise<void> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.businessId, account.businessId), eq(users.role, account.role as never), eq(users.email, email), ne(users.id, account.userId)))
    .limit(1);
  if (taken) throw emailTaken();
}

/** Sends a code to the new address (the sign-in code's limits and message budget apply). */
export async function requestEmailChange(db: Db, tenant: Tenant, account: Account, email: string, ip: string, lang: string): Promise<void> {
  await assertFree(db, account, email);
  const code = await issueCode(db, { ...changeKey(account, email), channel: 'email', ip });
  const t = createTranslator({ locale: lang, messages: await loadMessages(lang), namespace: 'CodeMessage' });
  const values = { code, businessName: operatorText(tenant.name, MESSAGE_VALUE_MAX.businessName), minutes: OTP.TTL_MS / 60_000 };
  const { refused } = await deliver(db, {
    businessId: tenant.id,
    channel: 'email',
    to: email,
    purpose: 'sign-in-code',
    subject: t('subject', values),
    text: t('body', values),
    fromName: tenant.name,
  });
  if (refused) throw refusalError(refused, email);
}

/** Writes the new e-mail, proven, when the code sent to it comes back. */
export async function confirmEmailChange(db: Db, account: Account, email: string, otp: string): Promise<{ email: string }> {
  await consumeCode(db, changeKey(account, email), otp);
  await assertFree(db, account, email);
  await db
    .update(users)
    .set({ email, emailVerifiedAt: new Date() })
    .where(and(eq(users.id, account.userId), eq(users.businessId, account.businessId)));
  return { email };
}
