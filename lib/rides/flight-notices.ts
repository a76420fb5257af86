import 'server-only';
import type { Db } from '@/lib/db/client';
import type { Job, Ride } from '@/lib/db/schema';
import { displayFlightNumber } from '@/lib/booking/flight-number';
import { rideAirports } from '@/lib/flights/ride-airport';
import { formatDateTime } from '@/lib/i18n/format';
import { localizedPath, toLocaleTag, type Market } from '@/lib/i18n/markets';
import { enqueueJob } from '@/lib/jobs/queue';
import { onceWindowEnd } from '@/lib/messaging/budget';
import { cut, MESSAGE_TEXT_MAX, MESSAGE_VALUE_MAX, operatorText } from '@/lib/messaging/safe-text';
import { MEETING_POINT_ANCHOR } from '@/lib/airports/meeting-link';
import { tellDriverPickupMoved } from './driver-messages';
import { businessNameOf, driverValues, push, rideContext, rideMarket, sendText, translator, travellerPhone, type RideContext } from './trip-context';

/*
 * The traveller's messages of an airport ride: the pickup moved with the
 * flight (the assigned driver is told too), and "the driver is at the meeting
 * point" with the operator's meeting point. Durable jobs keyed by the cause
 * (lib/flights/ride-flight.ts, lib/driver/arrived.ts queue them).
 */

/** The operator's meeting point at the airport an arrival starts from, in the traveller's language where written. */
export async function meetingPointOf(db: Db, ctx: RideContext, market: Market): Promise<string | undefined> {
  if (ctx.ride.tripKind !== 'airport') return undefined;
  const airports = await rideAirports(db, ctx.business, [ctx.ride], market.lang);
  const text = airports.get(ctx.ride.id)?.meetingPoint?.text;
  return text ? operatorText(text, MESSAGE_VALUE_MAX.meetingPoint) : undefined;
}

/** Shortest meeting-point text worth a line of its own (characters). */
const MEETING_TEXT_MIN = 20;

/**
 * The driver details with the meeting point's line: its text and the link to
 * the track page's meeting point, where the rider sees the operator's photo
 * (built from the tracking link, never from the operator's text). The text is
 * cut so the whole keeps to an SMS's length with the link whole; without room
 * the details go alone (their track link shows the meeting point too).
 */
export function withMeetingPoint(details: string, line: (values: { meetingPoint: string; meetingUrl: string }) => string, meeting: string, trackUrl: string) {
  const meetingUrl = `${trackUrl}#${MEETING_POINT_ANCHOR}`;
  const room = MESSAGE_TEXT_MAX.sms - Array.from(`${details}\n${line({ meetingPoint: '', meetingUrl })}`).length;
  if (room < MEETING_TEXT_MIN) return { text: details, links: [trackUrl] };
  return { text: `${details}\n${line({ meetingPoint: cut(meeting, room), meetingUrl })}`, links: [meetingUrl, trackUrl] };
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
    businessName: businessNameOf(ctx),
    rideNumber: ctx.ride.number,
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
  await tellDriverPickupMoved(db, ctx, values);
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

export const FLIGHT_NOTICE_JOBS = {
  'pickup-moved': (db: Db, job: Job) => sendPickupMoved(db, Number(job.payload.rideId)),
  'driver-arrived': (db: Db, job: Job) => sendDriverArrived(db, Number(job.payload.rideId)),
};
