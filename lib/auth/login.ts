import { and, eq, isNull } from 'drizzle-orm';
import { createTranslator } from 'next-intl';
import type { Db } from '@/lib/db/client';
import { users, type User, type UserRole } from '@/lib/db/schema';
import { DomainError } from '@/lib/errors/domain-error';
import { loadMessages } from '@/lib/i18n/messages';
import { deliver } from '@/lib/messaging/outbox';
import { recordEvent } from '@/lib/tracking/events';
import type { Tenant } from '@/lib/tenancy/queries';
import { CODE_CHANNEL, OTP, type Feature } from './constants';
import { e164, type Phone } from '@/lib/contact/identifiers';
import { consumeCode, issueCode } from './otp';
import { createSession } from './session';
import { createBusinessForSignup } from './signup';
import { createLoginTicket } from './tickets';
import { localizedPath, type CountryCode, type Market } from '@/lib/i18n/markets';

type Identity = { userType: UserRole; email?: string; phone?: Phone };

function identifierOf(identity: Identity): string {
  return CODE_CHANNEL[identity.userType] === 'email' ? identity.email! : e164(identity.phone!);
}

async function findUser(db: Db, businessId: number, identity: Identity): Promise<User | undefined> {
  const match =
    CODE_CHANNEL[identity.userType] === 'email'
      ? eq(users.email, identity.email!)
      : and(eq(users.phoneCode, identity.phone!.dialCode), eq(users.phone, identity.phone!.number));
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.businessId, businessId), eq(users.role, identity.userType), isNull(users.deletedAt), match))
    .limit(1);
  return user;
}

/**
 * Issues a code and sends it when it can lead somewhere: always for riders
 * (their account is their phone) and for signups, otherwise only to a known
 * account. The caller answers the same either way.
 */
export async function sendCode(
  db: Db,
  tenant: Tenant,
  input: Identity & { feature: Feature; lang?: string },
  ip: string,
): Promise<void> {
  const channel = CODE_CHANNEL[input.userType];
  const identifier = identifierOf(input);
  const code = await issueCode(db, { businessId: tenant.id, identifier, role: input.userType, channel, ip });
  const reachable = input.userType === 'travelsx-user' || input.feature === 'signup' || Boolean(await findUser(db, tenant.id, input));
  if (!reachable) return;
  const lang = input.lang ?? tenant.language;
  const t = createTranslator({ locale: lang, messages: await loadMessages(lang), namespace: 'CodeMessage' });
  const values = { code, businessName: tenant.name, minutes: OTP.TTL_MS / 60_000 };
  await deliver(db, {
    businessId: tenant.id,
    channel,
    to: identifier,
    subject: t('subject', values),
    text: t('body', values),
    fromName: tenant.name,
  });
}

export type VerifyResult = {
  user: User;
  /** Session token for this host; absent when the login continues on another host. */
  token?: string;
  /** Where the browser goes next (an absolute URL for another host, else a path). */
  redirect?: string;
  businessId: number;
};

export async function verifyCode(
  db: Db,
  tenant: Tenant,
  input: Identity & { feature: Feature; otp: string; businessName?: string; userName?: string },
  origin: { host: string; scheme: 'http' | 'https'; userAgent: string | null; market: Market },
): Promise<VerifyResult> {
  const identifier = identifierOf(input);
  await consumeCode(db, { businessId: tenant.id, identifier, role: input.userType }, input.otp);

  if (input.feature === 'signup') {
    const { business, owner } = await createBusinessForSignup(db, {
      name: input.businessName!.trim(),
      email: input.email!,
      phone: input.phone,
      role: input.userType as 'travelsx-partner' | 'deliverx-partner',
      country: origin.market.country,
      lang: origin.market.lang,
    });
    await recordEvent(db, { businessId: business.id, userId: owner.id, name: 'signup_completed', data: { feature: 'signup', userType: input.userType } });
    const home = input.userType === 'deliverx-partner' ? '/delivery/home' : '/travel/home';
    const nextPath = localizedPath({ country: business.countryCode as CountryCode, lang: business.language }, home);
    const redirect = await createLoginTicket(db, { user: owner, business, host: origin.host, scheme: origin.scheme, nextPath });
    return { user: owner, redirect, businessId: business.id };
  }

  let user = await findUser(db, tenant.id, input);
  if (!user && input.userType === 'travelsx-user') {
    [user] = await db
      .insert(users)
      .values({ businessId: tenant.id, role: 'travelsx-user', phoneCode: input.phone!.dialCode, phone: input.phone!.number, name: input.userName?.trim() || null })
      .returning();
  } else if (user && input.feature === 'booking-signup' && input.userName) {
    [user] = await db.update(users).set({ name: input.userName.trim() }).where(eq(users.id, user.id)).returning();
  }
  if (!user) throw new DomainError('not_found', 'no_account', 'No account was found for these details on this site.');
  const token = await createSession(db, user, origin.userAgent);
  return { user, token, businessId: tenant.id };
}
