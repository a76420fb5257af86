import 'server-only';
import type { Db } from '@/lib/db/client';
import type { Job, Ride } from '@/lib/db/schema';
import { formatDateTime } from '@/lib/i18n/format';
import { toLocaleTag } from '@/lib/i18n/markets';
import { enqueueJob } from '@/lib/jobs/queue';
import { MESSAGE_VALUE_MAX, operatorText } from '@/lib/messaging/safe-text';
import { BOOKED_FOR_CUSTOMER_SOURCES } from './customer-messages';
import { businessNameOf, rideContext, rideMarket, sendText, translator, travellerPhone } from './trip-context';

/*
 * The traveller's SMS (and WhatsApp, when configured) when a ride is booked
 * on the web, the chat or WhatsApp (a customer booked by phone gets the
 * console's own confirmation, lib/rides/customer-messages), and when any ride
 * is cancelled, saying by whom and why. Durable jobs keyed by the ride.
 */

export async function sendBookedNotice(db: Db, rideId: number): Promise<void> {
  const ctx = await rideContext(db, rideId);
  if (!ctx || ctx.ride.status === 'cancelled') return;
  const to = travellerPhone(ctx);
  if (!to) return;
  const market = rideMarket(ctx);
  const t = await translator(market, 'TripMessages');
  const when = formatDateTime(ctx.ride.pickupTime, toLocaleTag(market), ctx.business.timeZone);
  const pickup = operatorText(ctx.ride.pickup.name, MESSAGE_VALUE_MAX.place);
  await sendText(db, ctx, to, {
    purpose: 'ride-booked',
    text: t('booked', { businessName: businessNameOf(ctx), rideNumber: ctx.ride.number, when, pickup, code: ctx.ride.startCode }),
  });
}

export async function sendCancelledNotice(db: Db, rideId: number): Promise<void> {
  const ctx = await rideContext(db, rideId);
  if (!ctx || ctx.ride.status !== 'cancelled') return;
  const to = travellerPhone(ctx);
  if (!to) return;
  const market = rideMarket(ctx);
  const t = await translator(market, 'TripMessages');
  const values = {
    businessName: businessNameOf(ctx),
    rideNumber: ctx.ride.number,
    when: formatDateTime(ctx.ride.pickupTime, toLocaleTag(market), ctx.business.timeZone),
    reason: operatorText(ctx.ride.cancelReason, MESSAGE_VALUE_MAX.reason),
  };
  const key = ctx.ride.cancelledBy === 'rider' ? 'cancelledByRider' : ctx.ride.cancelledBy === 'partner' ? 'cancelledByOperator' : 'cancelledBySystem';
  await sendText(db, ctx, to, { purpose: 'ride-cancelled', text: t(key, values) });
}

export const RIDER_NOTICE_JOBS = {
  'ride-booked': (db: Db, job: Job) => sendBookedNotice(db, Number(job.payload.rideId)),
  'ride-cancelled': (db: Db, job: Job) => sendCancelledNotice(db, Number(job.payload.rideId)),
};

export async function queueBookedNotice(db: Db, ride: Ride): Promise<void> {
  if ((BOOKED_FOR_CUSTOMER_SOURCES as readonly string[]).includes(ride.source)) return;
  await enqueueJob(db, { kind: 'ride-booked', key: `ride-booked:${ride.id}`, businessId: ride.businessId, payload: { rideId: ride.id } });
}

export async function queueCancelledNotice(db: Db, ride: Ride): Promise<void> {
  await enqueueJob(db, { kind: 'ride-cancelled', key: `ride-cancelled:${ride.id}`, businessId: ride.businessId, payload: { rideId: ride.id } });
}
