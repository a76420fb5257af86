import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { businesses, rides, users, type Ride } from '@/lib/db/schema';
import { DomainError, keyedError } from '@/lib/errors/domain-error';
import { formatDateTime } from '@/lib/i18n/format';
import { DEFAULT_LOCALE_TAG, isCountryCode, resolveLanguage, toLocaleTag } from '@/lib/i18n/markets';
import { runtimeTranslator } from '@/lib/i18n/runtime-messages';
import { enforceLimits, LIMITS } from '@/lib/limits/requests';
import { logger } from '@/lib/log';
import { deliver } from '@/lib/messaging/outbox';
import { providerFor } from '@/lib/messaging/providers';

/*
 * A customer booked by phone (the console's "Book a ride", the console's AI
 * agent) has no app showing the start code, so the code goes to their phone:
 * by WhatsApp when the Cloud API is configured, else by SMS (the SMS gateway,
 * or held in the outbox when none is configured), in the operator's language.
 */

/** Ride sources where the operator booked for someone on the phone. */
export const BOOKED_FOR_CUSTOMER_SOURCES = ['console', 'console-agent'] as const;

export type CodeChannel = 'sms' | 'whatsapp';

/** WhatsApp when a provider for it is configured, else SMS. */
export function customerChannel(): CodeChannel {
  return providerFor('whatsapp') ? 'whatsapp' : 'sms';
}

function operatorLocale(business: { countryCode: string; language: string }): string {
  return isCountryCode(business.countryCode)
    ? toLocaleTag({ country: business.countryCode, lang: resolveLanguage(business.countryCode, business.language) })
    : DEFAULT_LOCALE_TAG;
}

/**
 * Sends the ride's confirmation with its start code to the customer's phone
 * and records when and how on the ride. `kind` 'booked' is the first message,
 * 'resend' the console's "Resend code to customer".
 */
export async function sendCustomerCode(db: Db, ride: Ride, kind: 'booked' | 'resend' = 'booked'): Promise<Ride> {
  const [row] = await db
    .select({
      phoneCode: users.phoneCode,
      phone: users.phone,
      customerName: users.name,
      businessName: businesses.name,
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
    businessName: row.businessName,
    ride: ride.number,
    name: row.customerName ?? '',
    when: formatDateTime(ride.pickupTime, locale, row.timeZone),
    pickup: ride.pickup.name,
    code: ride.startCode,
  };
  const channel = customerChannel();
  await deliver(db, {
    businessId: ride.businessId,
    channel,
    to: `+${row.phoneCode}${row.phone}`,
    subject: t('subject', values),
    text: kind === 'booked' ? t('booked', values) : t('resend', values),
    fromName: row.businessName,
  });
  const [updated] = await db.update(rides).set({ codeSentAt: new Date(), codeSentVia: channel }).where(eq(rides.id, ride.id)).returning();
  return updated;
}

/** The first message after a booking for a customer; a failure is logged, never undoes the booking. */
export async function sendBookingConfirmation(db: Db, ride: Ride): Promise<Ride> {
  try {
    return await sendCustomerCode(db, ride, 'booked');
  } catch (error) {
    logger.error({ err: error, rideId: ride.id }, 'customer booking confirmation failed');
    return ride;
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
  try {
    await enforceLimits(db, businessId, [['customerCodePerRide', ride.id]]);
  } catch (error) {
    if (!(error instanceof DomainError) || error.kind !== 'rate_limited') throw error;
    const minutes = Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60));
    const { max } = LIMITS.customerCodePerRide;
    const limited = new DomainError(
      'rate_limited',
      'rate_limited',
      `The code for ride #${ride.number} was sent ${max} times this hour. Try again in ${minutes} minutes.`,
      undefined,
      error.retryAfterSeconds,
    );
    limited.key = 'codeResendLimit';
    limited.values = { ride: ride.number, max, minutes };
    throw limited;
  }
  return sendCustomerCode(db, ride, 'resend');
}
