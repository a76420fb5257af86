import { and, desc, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { createTranslator } from 'next-intl';
import type { Db } from '@/lib/db/client';
import { users, type Business, type User, type UserRole } from '@/lib/db/schema';
import { DomainError } from '@/lib/errors/domain-error';
import { loadMessages } from '@/lib/i18n/messages';
import { deliver, reachRefusal } from '@/lib/messaging/outbox';
import { refusalError } from '@/lib/messaging/refusals';
import { MESSAGE_VALUE_MAX, operatorText } from '@/lib/messaging/safe-text';
import { recordEvent } from '@/lib/tracking/events';
import type { Tenant } from '@/lib/tenancy/queries';
import { CODE_CHANNEL, OTP, PARTNER_ROLES, type Feature } from './constants';
import { e164, type Phone } from '@/lib/contact/identifiers';
import { consumeCode, issueCode } from './otp';
import { createSession } from './session';
import { createBusinessForSignup } from './signup';
import { createLoginTicket } from './tickets';
import { localizedPath, type CountryCode, type Market } from '@/lib/i18n/markets';
import { businesses } from '@/lib/db/schema';
import { isPlatformTenant, platformHost } from '@/lib/tenancy/platform';
import { PLATFORM_SLUG } from '@/lib/tenancy/host';
import { isNameTaken, nameTaken } from '@/lib/tenancy/business-names';

type Identity = { userType: UserRole; email?: string; phone?: Phone };

/** Signups happen on the platform's host only, under the platform's name (issue 13 §2). */
const signupOnPlatformOnly = () =>
  new DomainError('forbidden', 'signup_platform_only', `New operators sign up on ${platformHost()}, not on an operator's site.`);

/** On the platform's host only operators sign in; riders and drivers sign in on their operator's site. */
const partnersOnlyHere = () =>
  new DomainError('forbidden', 'platform_partners_only', "Only operators sign in on the platform's site; riders and drivers sign in on their operator's site.");

/**
 * The operator accounts an e-mail signs in to from the platform's host: the
 * active businesses it owns a partner login of, newest first, and only where
 * that e-mail was proven by a code (signup, sign-in, an e-mail change): an
 * address someone merely typed into their profile never picks an account.
 */
async function partnerAccountsAnywhere(db: Db, identity: Identity): Promise<{ user: User; business: Business }[]> {
  return db
    .select({ user: users, business: businesses })
    .from(users)
    .innerJoin(businesses, eq(businesses.id, users.businessId))
    .where(
      and(
        eq(users.role, identity.userType),
        eq(users.email, identity.email!),
        isNotNull(users.emailVerifiedAt),
        isNull(users.deletedAt),
        eq(businesses.status, 'active'),
        ne(businesses.slug, PLATFORM_SLUG),
      ),
    )
    .orderBy(desc(users.id));
}

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
  input: Identity & { feature: Feature; lang?: string; businessName?: string },
  request: { ip: string; token: string; replaces?: string },
): Promise<void> {
  const onPlatform = isPlatformTenant(tenant);
  if (input.feature === 'signup') {
    if (!onPlatform) throw signupOnPlatformOnly();
    const name = input.businessName?.trim();
    if (name && (await isNameTaken(db, name))) throw nameTaken();
  } else if (onPlatform && !(PARTNER_ROLES as readonly UserRole[]).includes(input.userType)) {
    throw partnersOnlyHere();
  }
  const channel = CODE_CHANNEL[input.userType];
  const identifier = identifierOf(input);
  // a number no message can reach gets no code (and keeps no resend delay)
  const unreachable = await reachRefusal(db, tenant.id, channel, identifier);
  if (unreachable) throw refusalError(unreachable, identifier, tenant.phoneCode);
  const code = await issueCode(db, {
    businessId: tenant.id,
    identifier,
    role: input.userType,
    channel,
    ip: request.ip,
    request: request.token,
    replaces: request.replaces,
  });
  const reachable =
    input.userType === 'travelsx-user' ||
    input.feature === 'signup' ||
    Boolean(onPlatform ? (await partnerAccountsAnywhere(db, input)).length : await findUser(db, tenant.id, input));
  if (!reachable) return;
  const lang = input.lang ?? tenant.language;
  const t = createTranslator({ locale: lang, messages: await loadMessages(lang), namespace: 'CodeMessage' });
  const values = { code, businessName: operatorText(tenant.name, MESSAGE_VALUE_MAX.businessName), minutes: OTP.TTL_MS / 60_000 };
  const { refused } = await deliver(db, {
    businessId: tenant.id,
    channel,
    to: identifier,
    purpose: 'sign-in-code',
    subject: t('subject', values),
    text: t('body', values),
    fromName: tenant.name,
  });
  if (refused) throw refusalError(refused, identifier, tenant.phoneCode);
}

export type VerifyResult = {
  user?: User;
  /** Session token for this host; absent when the login continues on another host. */
  token?: string;
  /** Where the browser goes next (an absolute URL for another host, else a path). */
  redirect?: string;
  businessId?: number;
  /** On the platform's host, when the e-mail runs several businesses: the ones to choose from (the code stays live for the choice). */
  choices?: { business: string; name: string }[];
};

/** An operator signing in from the platform's host continues on its own console host; with several businesses, after choosing one. */
async function platformLogin(
  db: Db,
  tenant: Tenant,
  input: Identity & { otp: string; business?: string },
  origin: { host: string; scheme: 'http' | 'https'; request?: string },
): Promise<VerifyResult> {
  const key = { businessId: tenant.id, identifier: identifierOf(input), role: input.userType, request: origin.request ?? '' };
  const accounts = await partnerAccountsAnywhere(db, input);
  const chosen = input.business ? accounts.find((account) => account.business.slug === input.business) : accounts.length === 1 ? accounts[0] : undefined;
  if (!chosen) {
    // a right code with nothing (yet) to open stays live: the choice comes back with it
    await consumeCode(db, key, input.otp, { keep: true });
    if (accounts.length > 1 && !input.business)
      return { choices: accounts.map((account) => ({ business: account.business.slug, name: account.business.name })) };
    throw new DomainError('not_found', 'no_account', 'No account was found for these details on this site.');
  }
  await consumeCode(db, key, input.otp);
  const { user, business } = chosen;
  const home = input.userType === 'deliverx-partner' ? '/delivery/home' : '/travel/home';
  const nextPath = localizedPath({ country: business.countryCode as CountryCode, lang: business.language }, home);
  const redirect = await createLoginTicket(db, { user, business, host: origin.host, scheme: origin.scheme, nextPath });
  return { user, redirect, businessId: business.id };
}

export async function verifyCode(
  db: Db,
  tenant: Tenant,
  input: Identity & { feature: Feature; otp: string; businessName?: string; userName?: string; business?: string },
  origin: { host: string; scheme: 'http' | 'https'; userAgent: string | null; market: Market; request?: string },
): Promise<VerifyResult> {
  const identifier = identifierOf(input);
  const onPlatform = isPlatformTenant(tenant);
  if (input.feature === 'signup') {
    if (!onPlatform) throw signupOnPlatformOnly();
    // a taken name is refused before the code is used, so the operator can change it and verify with the same code
    if (await isNameTaken(db, input.businessName!.trim())) throw nameTaken();
  } else if (onPlatform && !(PARTNER_ROLES as readonly UserRole[]).includes(input.userType)) {
    throw partnersOnlyHere();
  }
  if (onPlatform && input.feature === 'login') return platformLogin(db, tenant, input, origin);
  // a browser without its code-request cookie answers no request ('' matches no code)
  await consumeCode(db, { businessId: tenant.id, identifier, role: input.userType, request: origin.request ?? '' }, input.otp);

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
      .values({
        businessId: tenant.id,
        role: 'travelsx-user',
        phoneCode: input.phone!.dialCode,
        phone: input.phone!.number,
        name: input.userName?.trim() || null,
      })
      .returning();
  } else if (user && input.feature === 'booking-signup' && input.userName) {
    [user] = await db.update(users).set({ name: input.userName.trim() }).where(eq(users.id, user.id)).returning();
  }
  if (!user) throw new DomainError('not_found', 'no_account', 'No account was found for these details on this site.');
  // the code went to this e-mail: it is proven now
  if (CODE_CHANNEL[input.userType] === 'email') await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
  const token = await createSession(db, user, origin.userAgent);
  return { user, token, businessId: tenant.id };
}
