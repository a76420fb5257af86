import 'server-only';
import { and, desc, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { outbox, rideEvents, type Job, type Ride } from '@/lib/db/schema';
import { e164 } from '@/lib/contact/identifiers';
import { formatDateTime, formatMoney } from '@/lib/i18n/format';
import { localizedPath, toLocaleTag } from '@/lib/i18n/markets';
import { invoiceLabel, issueInvoice } from '@/lib/invoice/invoices';
import { invoiceLanguage, renderInvoicePdf } from '@/lib/invoice/pdf';
import { enqueueJob, kickJobs, registerJobHandler } from '@/lib/jobs/queue';
import { onceWindowEnd } from '@/lib/messaging/budget';
import { deliver } from '@/lib/messaging/outbox';
import { logger } from '@/lib/log';
import { siteOrigin } from '@/lib/seo/origin';
import { onRideChange, type RideChange } from './notify';
import {
  businessNameOf,
  driverValues,
  push,
  rideContext,
  rideMarket,
  sendText,
  setTripSenders,
  trackingUrl,
  translator,
  travellerPhone,
  type TripSenders,
} from './trip-context';
import { queueBookedNotice, queueCancelledNotice, RIDER_NOTICE_JOBS } from './rider-notices';
import { DRIVER_MESSAGE_JOBS, queueDriverAssigned } from './driver-messages';
import { FLIGHT_NOTICE_JOBS, meetingPointOf, withMeetingPoint } from './flight-notices';

/**
 * What riders (or the passenger a ride was booked for) are told around a trip,
 * each message a durable job (lib/jobs/queue) keyed by what caused it, so a
 * transition seen by several listeners or instances is messaged once:
 * - driver details (name, phone, vehicle model and plate, start code, tracking
 *   link) when a ride is accepted and again, saying what changed, when its
 *   driver or vehicle changes, at most once per ride and channel within the
 *   purpose's window: changes inside it become one message with the
 *   assignment at its end;
 * - a reminder 60 minutes before an outstation pickup;
 * - on completion the invoice (issued, e-mailed as PDF when the rider has an
 *   e-mail) and the ask to rate the trip.
 * Bookings and cancellations (rider-notices) and the drivers' own messages
 * (driver-messages) are queued here too. SMS and WhatsApp go through
 * deliver() and its message budget (trip-context's sendText).
 */

export const REMINDER_LEAD_MS = 60 * 60_000;

const globalForTrip = globalThis as unknown as { __travelsxTripStop?: () => void };

/** When the traveller was last sent driver details of this ride (refused messages do not count). */
async function lastDriverDetailsAt(db: Db, rideId: number): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: outbox.createdAt })
    .from(outbox)
    .where(and(eq(outbox.rideId, rideId), eq(outbox.purpose, 'driver-details'), inArray(outbox.status, ['queued', 'sent', 'held', 'failed'])))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  return row?.at;
}

/** The ride's latest 'accepted' event (at or before `before`): when it got its driver or vehicle, and which driver. */
async function lastAssignment(db: Db, rideId: number, before?: Date): Promise<{ at: Date; driverId: unknown } | undefined> {
  const [row] = await db
    .select({ at: rideEvents.createdAt, data: rideEvents.data })
    .from(rideEvents)
    .where(and(eq(rideEvents.rideId, rideId), eq(rideEvents.toStatus, 'accepted'), before ? lte(rideEvents.createdAt, before) : undefined))
    .orderBy(desc(rideEvents.id))
    .limit(1);
  if (!row) return undefined;
  const reassigned = row.data.driver as { to?: unknown } | undefined;
  return { at: row.at, driverId: reassigned?.to ?? row.data.driverId };
}

type DetailsText = 'driverDetails' | 'driverChanged' | 'vehicleChanged';

/**
 * Which driver details may go now, or undefined. Inside the window after the
 * last ones, one job at the window's end (the same key for every change
 * meanwhile) sends the assignment the ride has then; once the traveller has
 * the latest assignment, nothing goes. After earlier details the text says
 * what changed since them: the driver, else the vehicle.
 */
async function driverDetailsDue(db: Db, ride: Ride): Promise<DetailsText | undefined> {
  const runAt = await onceWindowEnd(db, 'driver-details', ride.id, 'sms');
  if (runAt) {
    await enqueueJob(db, {
      businessId: ride.businessId,
      kind: 'trip-details',
      key: `trip-details:${ride.id}:window:${runAt.getTime()}`,
      payload: { rideId: ride.id },
      runAt,
    });
    logger.info({ rideId: ride.id, runAt }, 'driver details deferred to the end of their window');
    return undefined;
  }
  const sentAt = await lastDriverDetailsAt(db, ride.id);
  if (!sentAt) return 'driverDetails';
  const latest = await lastAssignment(db, ride.id);
  if (!latest) return 'driverDetails';
  if (latest.at <= sentAt) return undefined;
  const told = await lastAssignment(db, ride.id, sentAt);
  return told && told.driverId !== ride.driverId ? 'driverChanged' : 'vehicleChanged';
}

/** Driver details to the traveller (SMS, WhatsApp) and the booker's devices (push), while the ride waits for pickup; after earlier ones, saying what changed. */
export async function sendDriverDetails(db: Db, rideId: number): Promise<void> {
  const ctx = await rideContext(db, rideId);
  if (!ctx || ctx.ride.status !== 'accepted' || !ctx.driver) return;
  const text = await driverDetailsDue(db, ctx.ride);
  if (!text) return;
  const market = rideMarket(ctx);
  const t = await translator(market, 'TripMessages');
  const values = driverValues(ctx);
  const to = travellerPhone(ctx);
  if (to) {
    const trackUrl = await trackingUrl(db, ctx, market);
    const meeting = await meetingPointOf(db, ctx, market);
    const details = t(text, { ...values, trackUrl });
    const message = meeting ? withMeetingPoint(details, (line) => t('meetingPoint', line), meeting, trackUrl) : { text: details, links: [trackUrl] };
    await sendText(db, ctx, to, { purpose: 'driver-details', ...message });
  }
  await push(db, ctx, {
    title: t('pushDriverTitle', values),
    body: t('pushDriverBody', values),
    data: { rideId: ctx.ride.number, status: 'accepted', url: localizedPath(market, '/user/rides') },
  });
}

/** The reminder before an outstation pickup, unless the ride was cancelled, started or lost its driver meanwhile. */
export async function sendPickupReminder(db: Db, rideId: number): Promise<void> {
  const ctx = await rideContext(db, rideId);
  if (!ctx || ctx.ride.status !== 'accepted' || !ctx.driver) return;
  const market = rideMarket(ctx);
  const t = await translator(market, 'TripMessages');
  const to = travellerPhone(ctx);
  const text = t('reminder', { ...driverValues(ctx), time: formatDateTime(ctx.ride.pickupTime, toLocaleTag(market), ctx.business.timeZone) });
  if (to) await sendText(db, ctx, to, { purpose: 'pickup-reminder', text });
  await push(db, ctx, {
    title: ctx.business.name,
    body: text,
    data: { rideId: ctx.ride.number, status: 'accepted', url: localizedPath(market, '/user/rides') },
  });
}

/** On completion: the invoice (issued; e-mailed as PDF when the rider has an e-mail) and the ask to rate. */
export async function sendCompletion(db: Db, rideId: number): Promise<void> {
  const ctx = await rideContext(db, rideId);
  if (!ctx || ctx.ride.status !== 'completed') return;
  const market = rideMarket(ctx);
  const invoice = await issueInvoice(db, ctx.ride.businessId, ctx.ride.id);
  const rateUrl = `${siteOrigin(ctx.business)}${localizedPath(market, '/user/rides')}?rate=${ctx.ride.number}`;
  const tm = await translator(market, 'TripMessages');
  const businessName = businessNameOf(ctx);
  const rateText = tm('rateAsk', { businessName, rideNumber: ctx.ride.number, rateUrl });
  if (ctx.rider?.email) {
    const ti = await translator(market, 'Invoice');
    const values = {
      businessName,
      rideNumber: ctx.ride.number,
      total: formatMoney(invoice.data.total, invoice.data.currency, toLocaleTag(market)),
    };
    const pdf = await renderInvoicePdf(invoice, { lang: invoiceLanguage(market.lang), tenantSlug: ctx.business.slug, waitForImages: true });
    await deliver(db, {
      businessId: ctx.ride.businessId,
      channel: 'email',
      to: ctx.rider.email,
      purpose: 'invoice',
      rideId: ctx.ride.id,
      links: [rateUrl],
      subject: ti('emailSubject', values),
      text: `${ti('emailBody', values)}\n\n${rateText}`,
      fromName: ctx.business.name,
      attachments: [{ filename: `${invoiceLabel(invoice.number)}.pdf`, content: pdf, contentType: 'application/pdf' }],
    });
  }
  const riderPhone = ctx.rider?.phoneCode && ctx.rider.phone ? e164({ dialCode: ctx.rider.phoneCode, number: ctx.rider.phone }) : undefined;
  if (riderPhone) await sendText(db, ctx, riderPhone, { purpose: 'rate-ask', text: rateText, links: [rateUrl] });
  await push(db, ctx, {
    title: ctx.business.name,
    body: rateText,
    data: { rideId: ctx.ride.number, status: 'completed', url: `${localizedPath(market, '/user/rides')}?rate=${ctx.ride.number}` },
  });
}

const HANDLERS = {
  'trip-details': (db: Db, job: Job) => sendDriverDetails(db, Number(job.payload.rideId)),
  'pickup-reminder': (db: Db, job: Job) => sendPickupReminder(db, Number(job.payload.rideId)),
  'ride-completed': (db: Db, job: Job) => sendCompletion(db, Number(job.payload.rideId)),
  ...RIDER_NOTICE_JOBS,
  ...DRIVER_MESSAGE_JOBS,
  ...FLIGHT_NOTICE_JOBS,
} as const;

export function registerTripJobs(): void {
  for (const [kind, send] of Object.entries(HANDLERS)) registerJobHandler(kind, send);
}

/**
 * Queues the jobs a ride change causes. Keys name the cause (the ride's latest
 * event for driver details, the pickup time for the reminder), so the same
 * change queued twice, here or on another instance, is one job.
 */
export async function queueTripMessages(
  db: Db,
  change: Pick<RideChange, 'ride' | 'to'> & Partial<Pick<RideChange, 'from' | 'previousDriverId'>>,
): Promise<void> {
  const { ride, to } = change;
  const base = { businessId: ride.businessId, payload: { rideId: ride.id } };
  /** The kinds this change queued: the poller claims now only what it can run now (lib/jobs/queue.ts). */
  const kinds: string[] = [];
  if (change.from === null && to === 'booked') {
    await queueBookedNotice(db, ride);
    kinds.push('ride-booked');
  }
  if (to === 'cancelled') {
    await queueCancelledNotice(db, ride);
    kinds.push('ride-cancelled');
  }
  if (to === 'accepted' && ride.driverId) {
    const [event] = await db.select({ id: rideEvents.id }).from(rideEvents).where(eq(rideEvents.rideId, ride.id)).orderBy(desc(rideEvents.id)).limit(1);
    await enqueueJob(db, { ...base, kind: 'trip-details', key: `trip-details:${ride.id}:${event?.id ?? 0}:${ride.driverId}:${ride.vehicleId ?? 0}` });
    kinds.push('trip-details');
    const newDriver = change.from !== 'accepted' || (change.previousDriverId != null && change.previousDriverId !== ride.driverId);
    if (newDriver) {
      await queueDriverAssigned(db, ride, event?.id ?? 0);
      kinds.push('driver-assigned');
    }
    const remindAt = new Date(ride.pickupTime.getTime() - REMINDER_LEAD_MS);
    if (ride.tripKind === 'outstation' && remindAt.getTime() > Date.now()) {
      await enqueueJob(db, { ...base, kind: 'pickup-reminder', key: `pickup-reminder:${ride.id}:${ride.pickupTime.getTime()}`, runAt: remindAt });
    }
  }
  if (to === 'completed') {
    await enqueueJob(db, { ...base, kind: 'ride-completed', key: `ride-completed:${ride.id}` });
    kinds.push('ride-completed');
  }
  if (kinds.length > 0) kickJobs(kinds);
}

/** Server start-up: registers the job handlers and queues trip messages on every ride change. Returns the unsubscribe. */
export function startTripMessages(getDb: () => Promise<Db>, senders: TripSenders): () => void {
  setTripSenders(senders);
  registerTripJobs();
  if (globalForTrip.__travelsxTripStop) return globalForTrip.__travelsxTripStop;
  const unsubscribe = onRideChange(async (change) => {
    if (change.from === change.to && change.to !== 'accepted') return;
    await queueTripMessages(await getDb(), change);
  });
  globalForTrip.__travelsxTripStop = () => {
    unsubscribe();
    globalForTrip.__travelsxTripStop = undefined;
  };
  return globalForTrip.__travelsxTripStop;
}
