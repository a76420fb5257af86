import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { businesses, drivers, rideEvents, type Job, type Ride } from '@/lib/db/schema';
import { e164 } from '@/lib/contact/identifiers';
import { consoleOriginOf } from '@/lib/hosting/domains';
import { formatDateTime } from '@/lib/i18n/format';
import { DEFAULT_COUNTRY, isCountryCode, localizedPath, resolveLanguage, toLocaleTag, type Market } from '@/lib/i18n/markets';
import { enqueueJob, kickJobs } from '@/lib/jobs/queue';
import { deliver } from '@/lib/messaging/outbox';
import { MESSAGE_VALUE_MAX, operatorText } from '@/lib/messaging/safe-text';
import { businessNameOf, rideContext, translator, type RideContext } from './trip-context';

/*
 * SMS to drivers, in the operator's language: an invitation when the
 * operator adds them (where the driver app is and which phone signs in), and
 * a ride assigned to them by hand (a ride they accepted from an offer needs
 * no message: they took it in the app). Durable jobs, through deliver().
 */

function operatorMarket(business: { countryCode: string; language: string }): Market {
  const country = isCountryCode(business.countryCode) ? business.countryCode : DEFAULT_COUNTRY;
  return { country, lang: resolveLanguage(country, business.language) };
}

const driverAppUrl = (business: { slug: string }, market: Market) => `${consoleOriginOf(business.slug)}${localizedPath(market, '/driver/home')}`;

export async function sendDriverInvite(db: Db, driverId: number): Promise<void> {
  const [row] = await db
    .select({ driver: drivers, business: businesses })
    .from(drivers)
    .innerJoin(businesses, eq(businesses.id, drivers.businessId))
    .where(eq(drivers.id, driverId))
    .limit(1);
  if (!row || row.driver.removedAt) return;
  const market = operatorMarket(row.business);
  const t = await translator(market, 'TripMessages');
  const phone = e164({ dialCode: row.driver.phoneCode, number: row.driver.phone });
  const appUrl = driverAppUrl(row.business, market);
  await deliver(db, {
    businessId: row.business.id,
    channel: 'sms',
    to: phone,
    purpose: 'driver-invite',
    text: t('driverInvite', {
      businessName: businessNameOf(row),
      name: operatorText(row.driver.name, MESSAGE_VALUE_MAX.personName),
      phone,
      appUrl,
    }),
    links: [appUrl],
    fromName: row.business.name,
  });
}

export async function sendDriverAssigned(db: Db, rideId: number): Promise<void> {
  const ctx = await rideContext(db, rideId);
  if (!ctx || ctx.ride.status !== 'accepted' || !ctx.driver) return;
  const market = operatorMarket(ctx.business);
  const t = await translator(market, 'TripMessages');
  const appUrl = driverAppUrl(ctx.business, market);
  await deliver(db, {
    businessId: ctx.ride.businessId,
    channel: 'sms',
    to: e164({ dialCode: ctx.driver.phoneCode, number: ctx.driver.phone }),
    purpose: 'driver-assigned',
    rideId: ctx.ride.id,
    text: t('driverAssigned', {
      businessName: businessNameOf(ctx),
      rideNumber: ctx.ride.number,
      pickup: operatorText(ctx.ride.pickup.name, MESSAGE_VALUE_MAX.place),
      when: formatDateTime(ctx.ride.pickupTime, toLocaleTag(market), ctx.business.timeZone),
      vehicle: operatorText(ctx.vehicle?.number, MESSAGE_VALUE_MAX.plate),
      appUrl,
    }),
    links: [appUrl],
    fromName: ctx.business.name,
  });
}

/** An airport ride's pickup moved with its flight (lib/rides/flight-notices.ts): its driver gets the new time. */
export async function tellDriverPickupMoved(db: Db, ctx: RideContext, values: { businessName: string; rideNumber: number; flight: string }): Promise<void> {
  if (!ctx.driver) return;
  const market = operatorMarket(ctx.business);
  const t = await translator(market, 'TripMessages');
  await deliver(db, {
    businessId: ctx.ride.businessId,
    channel: 'sms',
    to: e164({ dialCode: ctx.driver.phoneCode, number: ctx.driver.phone }),
    purpose: 'pickup-moved-driver',
    rideId: ctx.ride.id,
    text: t('pickupMovedDriver', { ...values, time: formatDateTime(ctx.ride.pickupTime, toLocaleTag(market), ctx.business.timeZone) }),
    fromName: ctx.business.name,
  });
}

export const DRIVER_MESSAGE_JOBS = {
  'driver-invite': (db: Db, job: Job) => sendDriverInvite(db, Number(job.payload.driverId)),
  'driver-assigned': (db: Db, job: Job) => sendDriverAssigned(db, Number(job.payload.rideId)),
};

/** Queues the invitation of a driver just added. */
export async function queueDriverInvite(db: Db, driver: { id: number; businessId: number }): Promise<void> {
  await enqueueJob(db, { kind: 'driver-invite', key: `driver-invite:${driver.id}`, businessId: driver.businessId, payload: { driverId: driver.id } });
  kickJobs();
}

/** Queues "ride assigned to you" for the ride's driver, unless they took it from an offer themselves. */
export async function queueDriverAssigned(db: Db, ride: Ride, eventId: number): Promise<void> {
  const [event] = await db
    .select({ data: rideEvents.data })
    .from(rideEvents)
    .where(and(eq(rideEvents.id, eventId), eq(rideEvents.rideId, ride.id)))
    .limit(1);
  if (event?.data.via === 'offer') return;
  await enqueueJob(db, {
    kind: 'driver-assigned',
    key: `driver-assigned:${ride.id}:${eventId}:${ride.driverId}`,
    businessId: ride.businessId,
    payload: { rideId: ride.id },
  });
}
