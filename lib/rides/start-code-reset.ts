import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { businesses, rides, users, type Ride } from '@/lib/db/schema';
import { DomainError, notFound } from '@/lib/errors/domain-error';
import { formatDateTime } from '@/lib/i18n/format';
import { runtimeTranslator } from '@/lib/i18n/runtime-messages';
import { enforceKeyedLimit } from '@/lib/limits/requests';
import { deliver } from '@/lib/messaging/outbox';
import { refusalError } from '@/lib/messaging/refusals';
import { MESSAGE_VALUE_MAX, operatorText } from '@/lib/messaging/safe-text';
import { newStartCode } from './commands';
import { START_CODE_MAX_ATTEMPTS } from './lifecycle';
import { customerChannel, operatorLocale } from './customer-messages';

/**
 * The console's reset of a start code locked after START_CODE_MAX_ATTEMPTS
 * wrong tries (issue 35 §9: an unlimited reset let an operator guess on).
 * Each reset draws a NEW code, so earlier guesses tell nothing, and sends it to
 * the rider's phone through the message budget (purpose 'start-code-reset');
 * at most LIMITS.startCodeResetPerRide resets per ride a day, past which the
 * answer is 429 `startCodeResetLimit`. A message the budget refuses is answered
 * as its refusal; the new code stands (the rider's app shows it).
 * Only a locked code is reset: a code that is not locked (a reset retried
 * after its first try committed, docs/architecture/booking.md#retries) is
 * answered with the ride as it is, with no new code, message or count.
 */
export async function resetStartCode(db: Db, businessId: number, rideId: number): Promise<Ride> {
  const [current] = await db
    .select()
    .from(rides)
    .where(and(eq(rides.id, rideId), eq(rides.businessId, businessId), sql`${rides.status} = 'accepted'`))
    .limit(1);
  if (!current) throw notFound('This ride was not found.');
  if (current.startCodeAttempts < START_CODE_MAX_ATTEMPTS) return current;
  await enforceKeyedLimit(db, businessId, 'startCodeResetPerRide', current.id, (retryAfterSeconds, max) => {
    const hours = Math.max(1, Math.ceil(retryAfterSeconds / 3600));
    return {
      key: 'startCodeResetLimit',
      message: `The start code of ride #${current.number} was reset ${max} times today. Try again in ${hours} h.`,
      values: { ride: current.number, max, hours },
    };
  });
  const [ride] = await db
    .update(rides)
    .set({ startCode: newStartCode(), startCodeAttempts: 0 })
    .where(and(eq(rides.id, current.id), sql`${rides.status} = 'accepted'`, gte(rides.startCodeAttempts, START_CODE_MAX_ATTEMPTS)))
    .returning();
  // reset meanwhile by a concurrent try of the same request: the ride as that one left it
  if (!ride) return (await db.select().from(rides).where(eq(rides.id, current.id)))[0];
  const refused = await sendNewCode(db, ride);
  if (refused) throw refused;
  return ride;
}

/** The new code to the rider's phone, in the operator's language; a rider without a phone sees it in the app only. */
async function sendNewCode(db: Db, ride: Ride): Promise<DomainError | undefined> {
  const [row] = await db
    .select({
      phoneCode: users.phoneCode,
      phone: users.phone,
      businessName: businesses.name,
      businessPhoneCode: businesses.phoneCode,
      countryCode: businesses.countryCode,
      language: businesses.language,
      timeZone: businesses.timeZone,
    })
    .from(rides)
    .innerJoin(users, eq(users.id, rides.riderId))
    .innerJoin(businesses, eq(businesses.id, rides.businessId))
    .where(eq(rides.id, ride.id))
    .limit(1);
  if (!row?.phone || !row.phoneCode) return undefined;
  const locale = operatorLocale(row);
  const t = await runtimeTranslator(locale, 'CustomerMessages');
  const to = `+${row.phoneCode}${row.phone}`;
  const values = {
    businessName: operatorText(row.businessName, MESSAGE_VALUE_MAX.businessName),
    ride: ride.number,
    when: formatDateTime(ride.pickupTime, locale, row.timeZone),
    code: ride.startCode,
  };
  const { refused } = await deliver(db, {
    businessId: ride.businessId,
    channel: await customerChannel(db, ride.businessId),
    to,
    purpose: 'start-code-reset',
    rideId: ride.id,
    subject: t('subject', values),
    text: t('codeReset', values),
    fromName: row.businessName,
  });
  return refused ? refusalError(refused, to, row.businessPhoneCode) : undefined;
}
