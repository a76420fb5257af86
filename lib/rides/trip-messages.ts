import 'server-only';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { createTranslator } from 'next-intl';
import type { Db } from '@/lib/db/client';
import { businesses, drivers, outbox, rideEvents, rides, rideShareLinks, users, vehicles, type Job, type Ride } from '@/lib/db/schema';
import { hashToken, newToken } from '@/lib/crypto/tokens';
import { e164 } from '@/lib/contact/identifiers';
import { formatDateTime, formatMoney } from '@/lib/i18n/format';
import { DEFAULT_COUNTRY, isCountryCode, localizedPath, resolveLanguage, toLocaleTag, type Market } from '@/lib/i18n/markets';
import { loadMessages } from '@/lib/i18n/messages';
import { invoiceLabel, issueInvoice } from '@/lib/invoice/invoices';
import { invoiceLanguage, renderInvoicePdf } from '@/lib/invoice/pdf';
import { enqueueJob, kickJobs, registerJobHandler } from '@/lib/jobs/queue';
import { onceWindowEnd } from '@/lib/messaging/budget';
import { offersChannel } from '@/lib/messaging/channel-provider';
import { deliver, type DeliveryResult } from '@/lib/messaging/outbox';
import type { MessagePurpose } from '@/lib/messaging/purposes';
import { MESSAGE_VALUE_MAX, operatorText } from '@/lib/messaging/safe-text';
import { logger } from '@/lib/log';
import { siteOrigin } from '@/lib/seo/origin';
import type { PushPayload } from '@/lib/push/schemas';
import { onRideChange, type RideChange } from './notify';
import { rideAirports } from '@/lib/flights/ride-airport';
import { displayFlightNumber } from '@/lib/booking/flight-number';

/**
 * What riders (or the passenger a ride was booked for) are told around a trip,
 * each message a durable job (lib/jobs/queue) keyed by what caused it, so a
 * transition seen by several listeners or instances is messaged once:
 * - driver details (name, phone, vehicle model and plate, start code, tracking
 *   link) when a ride is accepted and again when its driver or vehicle changes,
 *   at most once per ride and channel within the purpose's window: changes
 *   inside it become one message with the assignment at its end;
 * - a reminder 60 minutes before an outstation pickup;
 * - on completion the invoice (issued, e-mailed as PDF when the rider has an
 *   e-mail) and the ask to rate the trip.
 * SMS and WhatsApp (when the operator or the deployment has a number) go
 * through deliver() and its message budget; push through the sender server.ts
 * hands in (lib/push listens to rides, so lib/rides does not import it).
 */

export const REMINDER_LEAD_MS = 60 * 60_000;

export type TripSenders = {
  /** Web push to the rider's devices (the booker: a passenger has no account here). */
  push?: (db: Db, businessId: number, userId: number, payload: PushPayload) => Promise<unknown>;
};

const globalForTrip = globalThis as unknown as { __travelsxTripSenders?: TripSenders; __travelsxTripStop?: () => void };

type RideContext = {
  ride: Ride;
  business: typeof businesses.$inferSelect;
  rider: { name: string | null; phoneCode: string | null; phone: string | null; email: string | null } | undefined;
  driver: { name: string; phoneCode: string; phone: string } | undefined;
  vehicle: { model: string; number: string } | undefined;
};

async function rideContext(db: Db, rideId: number): Promise<RideContext | undefined> {
  const [row] = await db
    .select({ ride: rides, business: businesses })
    .from(rides)
    .innerJoin(businesses, eq(businesses.id, rides.businessId))
    .where(eq(rides.id, rideId))
    .limit(1);
  if (!row) return undefined;
  const { ride, business } = row;
  const [rider] = await db
    .select({ name: users.name, phoneCode: users.phoneCode, phone: users.phone, email: users.email })
    .from(users)
    .where(eq(users.id, ride.riderId))
    .limit(1);
  const [driver] = ride.driverId
    ? await db
        .select({ name: drivers.name, phoneCode: drivers.phoneCode, phone: drivers.phone })
        .from(drivers)
        .where(and(eq(drivers.id, ride.driverId), eq(drivers.businessId, ride.businessId)))
        .limit(1)
    : [];
  const [vehicle] = ride.vehicleId
    ? await db
        .select({ model: vehicles.model, number: vehicles.number })
        .from(vehicles)
        .where(and(eq(vehicles.id, ride.vehicleId), eq(vehicles.businessId, ride.businessId)))
        .limit(1)
    : [];
  return { ride, business, rider, driver, vehicle };
}

/** The market a ride's messages speak: the language the rider booked in, else the operator's. */
function rideMarket(ctx: RideContext): Market {
  const country = isCountryCode(ctx.business.countryCode) ? ctx.business.countryCode : DEFAULT_COUNTRY;
  return { country, lang: resolveLanguage(country, ctx.ride.language ?? ctx.business.language) };
}

async function translator(market: Market, namespace: 'TripMessages' | 'Invoice') {
  const locale = toLocaleTag(market);
  return createTranslator({ locale, messages: await loadMessages(locale), namespace });
}

const rideNumberOf = (ride: Ride) => ride.number;

/** Who travels: the passenger's phone when the ride was booked for someone else, else the rider's. */
export function travellerPhone(ctx: Pick<RideContext, 'ride' | 'rider'>): string | undefined {
  const { ride, rider } = ctx;
  if (ride.passengerPhoneCode && ride.passengerPhone) return e164({ dialCode: ride.passengerPhoneCode, number: ride.passengerPhone });
  if (rider?.phoneCode && rider.phone) return e164({ dialCode: rider.phoneCode, number: rider.phone });
  return undefined;
}

/** A read-only tracking link for the traveller (a share link of the ride: it dies with the ride). */
async function trackingUrl(db: Db, ctx: RideContext, market: Market): Promise<string> {
  const token = newToken();
  await db.insert(rideShareLinks).values({ tokenHash: hashToken(token), businessId: ctx.ride.businessId, rideId: ctx.ride.id });
  return `${siteOrigin(ctx.business)}${localizedPath(market, '/track/driver')}?rideId=${ctx.ride.number}&token=${token}`;
}

type TextMessage = { purpose: MessagePurpose; text: string; links?: string[] };

/** The message by SMS, and by WhatsApp too when the operator (or the deployment) has a number. */
async function sendText(db: Db, ctx: RideContext, to: string, message: TextMessage): Promise<DeliveryResult[]> {
  const base = { businessId: ctx.ride.businessId, to, rideId: ctx.ride.id, fromName: ctx.business.name, ...message };
  const results = [await deliver(db, { ...base, channel: 'sms' })];
  if (await offersChannel(db, ctx.ride.businessId, 'whatsapp')) results.push(await deliver(db, { ...base, channel: 'whatsapp' }));
  return results;
}

async function push(db: Db, ctx: RideContext, payload: PushPayload): Promise<void> {
  const send = globalForTrip.__travelsxTripSenders?.push;
  if (send)
    await send(db, ctx.ride.businessId, ctx.ride.riderId, payload).catch((error: unknown) =>
      logger.warn({ err: error, rideId: ctx.ride.id }, 'trip push failed'),
    );
}

function driverValues(ctx: RideContext) {
  return {
    businessName: operatorText(ctx.business.name, MESSAGE_VALUE_MAX.businessName),
    rideNumber: rideNumberOf(ctx.ride),
    driverName: operatorText(ctx.driver?.name, MESSAGE_VALUE_MAX.personName),
    driverPhone: ctx.driver ? e164({ dialCode: ctx.driver.phoneCode, number: ctx.driver.phone }) : '',
    vehicleModel: operatorText(ctx.vehicle?.model, MESSAGE_VALUE_MAX.vehicle),
    plate: operatorText(ctx.vehicle?.number, MESSAGE_VALUE_MAX.plate),
    code: ctx.ride.startCode,
  };
}

/** The operator's meeting point at the airport an arrival starts from, in the traveller's language where written. */
async function meetingPointOf(db: Db, ctx: RideContext, market: Market): Promise<string | undefined> {
  if (ctx.ride.tripKind !== 'airport') return undefined;
  const airports = await rideAirports(db, ctx.business, [ctx.ride], market.lang);
  const text = airports.get(ctx.ride.id)?.meetingPoint?.text;
  return text ? operatorText(text, MESSAGE_VALUE_MAX.meetingPoint) : undefined;
}

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

/** When the ride last got a driver or vehicle (its latest 'accepted' event). */
async function lastAssignedAt(db: Db, rideId: number): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: rideEvents.createdAt })
    .from(rideEvents)
    .where(and(eq(rideEvents.rideId, rideId), eq(rideEvents.toStatus, 'accepted')))
    .orderBy(desc(rideEvents.id))
    .limit(1);
  return row?.at;
}

/**
 * Whether driver details may go now. Inside the window after the last ones,
 * one job at the window's end (the same key for every change meanwhile)
 * sends the assignment the ride has then; once the traveller has the latest
 * assignment, nothing goes.
 */
async function driverDetailsDue(db: Db, ride: Ride): Promise<boolean> {
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
    return false;
  }
  const [sentAt, assignedAt] = await Promise.all([lastDriverDetailsAt(db, ride.id), lastAssignedAt(db, ride.id)]);
  return !sentAt || !assignedAt || assignedAt > sentAt;
}

/** Driver details to the traveller (SMS, WhatsApp) and the booker's devices (push), while the ride waits for pickup. */
export async function sendDriverDetails(db: Db, rideId: number): Promise<void> {
  const ctx = await rideContext(db, rideId);
  if (!ctx || ctx.ride.status !== 'accepted' || !ctx.driver) return;
  if (!(await driverDetailsDue(db, ctx.ride))) return;
  const market = rideMarket(ctx);
  const t = await translator(market, 'TripMessages');
  const values = driverValues(ctx);
  const to = travellerPhone(ctx);
  if (to) {
    const trackUrl = await trackingUrl(db, ctx, market);
    const meeting = await meetingPointOf(db, ctx, market);
    const details = t('driverDetails', { ...values, trackUrl });
    const text = meeting ? `${details}\n${t('meetingPoint', { meetingPoint: meeting })}` : details;
    await sendText(db, ctx, to, { purpose: 'driver-details', text, links: [trackUrl] });
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
  const businessName = operatorText(ctx.business.name, MESSAGE_VALUE_MAX.businessName);
  const rateText = tm('rateAsk', { businessName, rideNumber: rideNumberOf(ctx.ride), rateUrl });
  if (ctx.rider?.email) {
    const ti = await translator(market, 'Invoice');
    const values = {
      businessName,
      rideNumber: rideNumberOf(ctx.ride),
      total: formatMoney(invoice.data.total, invoice.data.currency, toLocaleTag(market)),
    };
    const pdf = await renderInvoicePdf(invoice, { lang: invoiceLanguage(market.lang), tenantSlug: ctx.business.slug });
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

/**
 * Whether the pickup-moved message may go now: a flight's estimate changes
 * often near landing, so moves inside the purpose's window become one message
 * at the window's end, with the pickup time the ride has then.
 */
async function pickupMovedDue(db: Db, ride: Ride): Promise<boolean> {
  const runAt = await onceWindowEnd(db, 'pickup-moved', ride.id, 'sms');
  if (!runAt) return true;
  await enqueueJob(db, {
    businessId: ride.businessId,
    kind: 'pickup-moved',
    key: `pickup-moved:${ride.id}:window:${runAt.getTime()}`,
    payload: { rideId: ride.id },
    runAt,
  });
  return false;
}

/**
 * The pickup of an airport ride moved with its flight: the traveller (SMS,
 * WhatsApp) and the booker's devices (push) get the new time, and so does the
 * assigned driver (SMS). Nothing is sent once the ride started or ended.
 */
export async function sendPickupMoved(db: Db, rideId: number): Promise<void> {
  const ctx = await rideContext(db, rideId);
  if (!ctx || (ctx.ride.status !== 'booked' && ctx.ride.status !== 'accepted') || !ctx.ride.flightNumber) return;
  if (!(await pickupMovedDue(db, ctx.ride))) return;
  const market = rideMarket(ctx);
  const t = await translator(market, 'TripMessages');
  const values = {
    businessName: operatorText(ctx.business.name, MESSAGE_VALUE_MAX.businessName),
    rideNumber: rideNumberOf(ctx.ride),
    flight: displayFlightNumber(ctx.ride.flightNumber),
    time: formatDateTime(ctx.ride.pickupTime, toLocaleTag(market), ctx.business.timeZone),
  };
  const to = travellerPhone(ctx);
  if (to) await sendText(db, ctx, to, { purpose: 'pickup-moved', text: t('pickupMoved', values) });
  await push(db, ctx, {
    title: t('pushPickupMovedTitle', values),
    body: t('pickupMoved', values),
    data: { rideId: ctx.ride.number, status: ctx.ride.status, url: localizedPath(market, '/user/rides') },
  });
  if (ctx.driver) {
    const driverMarket = { country: market.country, lang: resolveLanguage(market.country, ctx.business.language) };
    const td = await translator(driverMarket, 'TripMessages');
    const text = td('pickupMovedDriver', { ...values, time: formatDateTime(ctx.ride.pickupTime, toLocaleTag(driverMarket), ctx.business.timeZone) });
    await deliver(db, {
      businessId: ctx.ride.businessId,
      channel: 'sms',
      to: e164({ dialCode: ctx.driver.phoneCode, number: ctx.driver.phone }),
      purpose: 'pickup-moved-driver',
      rideId: ctx.ride.id,
      text,
      fromName: ctx.business.name,
    });
  }
}

/** "I am at the meeting point": the traveller (SMS, WhatsApp) and the booker's devices (push) are told where the driver waits. */
export async function sendDriverArrived(db: Db, rideId: number): Promise<void> {
  const ctx = await rideContext(db, rideId);
  if (!ctx || ctx.ride.status !== 'accepted' || !ctx.driver) return;
  const market = rideMarket(ctx);
  const t = await translator(market, 'TripMessages');
  const meeting = await meetingPointOf(db, ctx, market);
  const values = driverValues(ctx);
  const text = meeting ? t('driverArrivedAt', { ...values, meetingPoint: meeting }) : t('driverArrived', values);
  const to = travellerPhone(ctx);
  if (to) await sendText(db, ctx, to, { purpose: 'driver-arrived', text });
  await push(db, ctx, {
    title: t('pushArrivedTitle', values),
    body: text,
    data: { rideId: ctx.ride.number, status: 'accepted', url: localizedPath(market, '/user/rides') },
  });
}

const HANDLERS = {
  'trip-details': sendDriverDetails,
  'driver-arrived': sendDriverArrived,
  'pickup-reminder': sendPickupReminder,
  'ride-completed': sendCompletion,
  'pickup-moved': sendPickupMoved,
} as const;

export function registerTripJobs(): void {
  for (const [kind, send] of Object.entries(HANDLERS)) {
    registerJobHandler(kind, (db: Db, job: Job) => send(db, Number(job.payload.rideId)));
  }
}

/**
 * Queues the jobs a ride change causes. Keys name the cause (the ride's latest
 * event for driver details, the pickup time for the reminder), so the same
 * change queued twice, here or on another instance, is one job.
 */
export async function queueTripMessages(db: Db, change: Pick<RideChange, 'ride' | 'to'>): Promise<void> {
  const { ride, to } = change;
  const base = { businessId: ride.businessId, payload: { rideId: ride.id } };
  if (to === 'accepted' && ride.driverId) {
    const [event] = await db.select({ id: rideEvents.id }).from(rideEvents).where(eq(rideEvents.rideId, ride.id)).orderBy(desc(rideEvents.id)).limit(1);
    await enqueueJob(db, { ...base, kind: 'trip-details', key: `trip-details:${ride.id}:${event?.id ?? 0}:${ride.driverId}:${ride.vehicleId ?? 0}` });
    const remindAt = new Date(ride.pickupTime.getTime() - REMINDER_LEAD_MS);
    if (ride.tripKind === 'outstation' && remindAt.getTime() > Date.now()) {
      await enqueueJob(db, { ...base, kind: 'pickup-reminder', key: `pickup-reminder:${ride.id}:${ride.pickupTime.getTime()}`, runAt: remindAt });
    }
  }
  if (to === 'completed') await enqueueJob(db, { ...base, kind: 'ride-completed', key: `ride-completed:${ride.id}` });
  kickJobs();
}

/** Server start-up: registers the job handlers and queues trip messages on every ride change. Returns the unsubscribe. */
export function startTripMessages(getDb: () => Promise<Db>, senders: TripSenders): () => void {
  globalForTrip.__travelsxTripSenders = senders;
  registerTripJobs();
  if (globalForTrip.__travelsxTripStop) return globalForTrip.__travelsxTripStop;
  const unsubscribe = onRideChange(async (change) => {
    if (change.to !== 'accepted' && change.to !== 'completed') return;
    await queueTripMessages(await getDb(), change);
  });
  globalForTrip.__travelsxTripStop = () => {
    unsubscribe();
    globalForTrip.__travelsxTripStop = undefined;
  };
  return globalForTrip.__travelsxTripStop;
}
