import 'server-only';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { dispatchSettings, rideOffers, rides, type Job, type Ride } from '@/lib/db/schema';
import { registerJobHandler } from '@/lib/jobs/queue';
import { emitOfferChange } from '@/lib/dispatch/offer-events';
import { withdrawPendingOffers } from '@/lib/dispatch/offer-rows';
import { dispatchSettingsOf } from '@/lib/dispatch/settings';
import { noteTripEnded } from '@/lib/dispatch/acceptance';
import { onRideChange } from './notify';
import { DISPATCH_JOB, EXPIRE_JOB, expireOffer, offerNext, queueOfferRound } from './offers';

/** When a booked ride's first offer goes out: now, or the operator's lead time before a later pickup. */
export function firstOfferAt(ride: Pick<Ride, 'pickupTime'>, leadMinutes: number, now = Date.now()): Date {
  return new Date(Math.max(now, ride.pickupTime.getTime() - leadMinutes * 60_000));
}

/** Queues the booked rides of an operator in automatic mode that wait for a driver (on a switch to automatic, and at start-up). */
export async function queueWaitingRides(db: Db, businessId: number): Promise<number> {
  const settings = await dispatchSettingsOf(db, businessId);
  if (settings.mode !== 'automatic') return 0;
  const waiting = await db
    .select({ id: rides.id, businessId: rides.businessId, pickupTime: rides.pickupTime })
    .from(rides)
    .where(and(eq(rides.businessId, businessId), eq(rides.status, 'booked'), isNull(rides.needsDriverAt)));
  for (const ride of waiting) {
    const [last] = await db.select().from(rideOffers).where(eq(rideOffers.rideId, ride.id)).orderBy(desc(rideOffers.id)).limit(1);
    // a pending offer has its expiry job; an ended one, the round after it (queued again here if a crash lost it)
    if (!last) await queueOfferRound(db, ride, firstOfferAt(ride, settings.offerLeadMinutes));
    else if (last.status !== 'pending') await queueOfferRound(db, ride, new Date(), last.id);
  }
  return waiting.length;
}

/** Tells the drivers of a ride's offers that it is no longer on offer (it was assigned or cancelled). */
async function closeOffers(db: Db, rideId: number): Promise<void> {
  await withdrawPendingOffers(db, rideId);
  const ended = await db
    .select()
    .from(rideOffers)
    .where(and(eq(rideOffers.rideId, rideId), inArray(rideOffers.status, ['withdrawn'])));
  for (const offer of ended) emitOfferChange({ offer });
}

/** One ride's jobs take turns in a process (an expiry queued before its ride was in the payload: its offer's own lane). */
const rideLane = (job: Job): string => (job.payload.rideId === undefined ? `offer:${String(job.payload.offerId)}` : `ride:${String(job.payload.rideId)}`);

const globalForDispatch = globalThis as unknown as { __travelsxDispatchStop?: () => void };

/** Registers the dispatch jobs (every instance runs them) and, on this instance, queues offers for new bookings. */
export function startDispatch(getDb: () => Promise<Db>): () => void {
  // rounds of different rides run side by side, one ride's rounds and timeouts take turns (docs/architecture/jobs.md#dispatch-jobs)
  registerJobHandler(DISPATCH_JOB, async (db, job) => void (await offerNext(db, Number(job.payload.rideId), new Date(), job.businessId)), {
    lane: rideLane,
  });
  registerJobHandler(EXPIRE_JOB, async (db, job) => void (await expireOffer(db, Number(job.payload.offerId))), { lane: rideLane });
  if (globalForDispatch.__travelsxDispatchStop) return globalForDispatch.__travelsxDispatchStop;
  const unsubscribe = onRideChange(async ({ ride, from, to }) => {
    if (from === null && to === 'booked') {
      const db = await getDb();
      const settings = await dispatchSettingsOf(db, ride.businessId);
      if (settings.mode === 'automatic') await queueOfferRound(db, ride, firstOfferAt(ride, settings.offerLeadMinutes));
    }
    if (from === 'booked' && to !== 'booked') await closeOffers(await getDb(), ride.id);
    // the driver's idle time counts from now in this process's rankings (lib/dispatch/acceptance.ts)
    if (to === 'completed' && ride.driverId !== null && ride.completedAt) noteTripEnded(ride.businessId, ride.driverId, ride.completedAt);
  });
  globalForDispatch.__travelsxDispatchStop = () => {
    unsubscribe();
    globalForDispatch.__travelsxDispatchStop = undefined;
  };
  return globalForDispatch.__travelsxDispatchStop;
}

/** Start-up: every operator in automatic mode gets its waiting rides queued (a booking whose first job was lost in a crash is offered). */
export async function queueAllWaitingRides(db: Db): Promise<void> {
  const automatic = await db.select({ businessId: dispatchSettings.businessId }).from(dispatchSettings).where(eq(dispatchSettings.mode, 'automatic'));
  for (const { businessId } of automatic) await queueWaitingRides(db, businessId);
}
