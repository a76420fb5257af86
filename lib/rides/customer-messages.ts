import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { businesses, rides, users, type Ride } from '@/lib/db/schema';
import { DomainError, keyedError } from '@/lib/errors/domain-error';
import { formatDateTime } from '@/lib/i18n/format';
import { DEFAULT_LOCALE_TAG, isCountryCode, resolveLanguage, toLocaleTag } from '@/lib/i18n/markets';
import { runtimeTranslator } from '@/lib/i18n/runtime-messages';
import { enforceKeyedLimit } from '@/lib/limits/requests';
import { logger } from '@/lib/log';
import { offersChannel } from '@/lib/messaging/channel-provider';
import { deliver } from '@/lib/messaging/outbox';
import { refusalError } from '@/lib/messaging/refusals';
import { MESSAGE_VALUE_MAX, operatorText } from '@/lib/messaging/safe-text';

/*
 * A customer booked by phone (the console's "Book a ride", the console's AI
 * agent) has no app showing the start code, so the code goes to their phone:
 * by WhatsApp when the Cloud API is configured, else by SMS (the SMS gateway,
 * or held in the outbox when none is configured), in the operator's language.
 */

/** Ride sources where the operator booked for someone on the phone. */
export const BOOKED_FOR_CUSTOMER_SOURCES = ['console', 'console-agent'] as const;

export type CodeChannel = 'sms' | 'whatsapp';

/** WhatsApp when the operator's own number or the deployment's is configured, else SMS. */
export async function customerChannel(db: Db, businessId: number): Promise<CodeChannel> {
  return (await offersChannel(db, businessId, 'whatsapp')) ? 'whatsapp' : 'sms';
}

export function operatorLocale(business: { countryCode: string; language: string }): string {
  return isCountryCode(business.countryCode)
    ? toLocaleTag({ country: business.countryCode, lang: resolveLanguage(business.countryCode, business.language) })
    : DEFAULT_LOCALE_TAG;
}

/**
 * Sends the ride's confirmation with its start code to the customer's phone
 * and records when and how on the ride. `kind` 'booked' is the first message,
 * 'resend' the console's "Resend code to customer". A message the budget
 * refuses is answered in `refused` (the ride is then unchanged).
 */
export async function sendCustomerCode(db: Db, ride: Ride, kind: 'booked' | 'resend' = 'booked'): Promise<{ ride: Ride; refused?: DomainError }> {
  const [row] = await db
    .select({
      phoneCode: users.phoneCode,
      phone: users.phone,
      customerName: users.name,
      businessName: businesses.name,
      businessPhoneCode: businesses.phoneCode,
      countryCode: businesses.countryCode,
      language: businesses.language,
      timeZone: businesses.timeZone,
    })
    .from(rides)
    .innerJoin(users, eq(users.id, rides.riderId))
    .innerJoin(businesses, eq(businesses.id, rides.businessId))
    .where(and(eq(rides.id, ride.id), eq(rides.businessId, ride.businessId)))
    .limit(1);
  if (!row?.phone || !row.phoneCode)
    throw keyedError('conflict', 'customer_no_phone', 'customerNoPhone', `Ride #${ride.number} has no customer phone to send the code to.`, {
      ride: ride.number,
    });
  const locale = operatorLocale(row);
  const t = await runtimeTranslator(locale, 'CustomerMessages');
  const values = {
    businessName: operatorText(row.businessName, MESSAGE_VALUE_MAX.businessName),
    ride: ride.number,
    name: operatorText(row.customerName, MESSAGE_VALUE_MAX.personName),
    when: formatDateTime(ride.pickupTime, locale, row.timeZone),
    pickup: operatorText(ride.pickup.name, MESSAGE_VALUE_MAX.place),
    code: ride.startCode,
  };
  const channel = await customerChannel(db, ride.businessId);
  const to = `+${row.phoneCode}${row.phone}`;
  const { refused } = await deliver(db, {
    businessId: ride.businessId,
    channel,
    to,
    purpose: 'customer-code',
    rideId: ride.id,
    subject: t('subject', values),
    text: kind === 'booked' ? t('booked', values) : t('resend', values),
    fromName: row.businessName,
  });
  if (refused) return { ride, refused: refusalError(refused, to, row.businessPhoneCode) };
  const [updated] = await db.update(rides).set({ codeSentAt: new Date(), codeSentVia: channel }).where(eq(rides.id, ride.id)).returning();
  return { ride: updated };
}

/** The first message after a booking for a customer; a failure or refusal is logged and answered, never undoes the booking. */
export async function sendBookingConfirmation(db: Db, ride: Ride): Promise<{ ride: Ride; refused?: DomainError }> {
  try {
    return await sendCustomerCode(db, ride, 'booked');
  } catch (error) {
    logger.error({ err: error, rideId: ride.id }, 'customer booking confirmation failed');
    return { ride };
  }
}

/**
 * The console's "Resend code to customer": for a booked or accepted ride of
 * this business, at most LIMITS.customerCodePerRide times an hour (429 saying
 * when to try again).
 */
export async function resendCustomerCode(db: Db, businessId: number, rideId: number): Promise<Ride> {
  const [ride] = await db
    .select()
    .from(rides)
    .where(and(eq(rides.id, rideId), eq(rides.businessId, businessId)))
    .limit(1);
  if (!ride) throw new DomainError('not_found', 'ride_unknown', 'This ride was not found.');
  if (ride.status !== 'booked' && ride.status !== 'accepted') {
    throw keyedError('conflict', 'code_not_sendable', 'codeNotSendable', `Ride #${ride.number} is ${ride.status}: its start code can no longer be sent.`, {
      ride: ride.number,
    });
  }
  await enforceKeyedLimit(db, businessId, 'customerCodePerRide', ride.id, (retryAfterSeconds, max) => {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    return {
      key: 'codeResendLimit',
      message: `The code for ride #${ride.number} was sent ${max} times this hour. Try again in ${minutes} minutes.`,
      values: { ride: ride.number, max, minutes },
    };
  });
  const sent = await sendCustomerCode(db, ride, 'resend');
  if (sent.refused) throw sent.refused;
  return sent.ride;
}
