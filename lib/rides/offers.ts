import 'server-only';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/db/client';
import { rowsOf } from '@/lib/db/rows';
import { businesses, drivers, rideEvents, rideOffers, rides, vehicles, type Ride, type RideOffer } from '@/lib/db/schema';
import { vehicleFit } from '@/lib/booking/vehicle-classes';
import { DomainError, keyedError } from '@/lib/errors/domain-error';
import { enqueueJob, JOB_PRIORITY, kickJobsAt, settlePendingJob } from '@/lib/jobs/queue';
import { logger } from '@/lib/log';
import { rankCandidates } from '@/lib/dispatch/candidates';
import { emitOfferChange } from '@/lib/dispatch/offer-events';
import { dispatchSettingsOf } from '@/lib/dispatch/settings';
import { rideWindow } from '@/lib/dispatch/windows';
import { operatorToday } from './availability';
import { acceptLockedRide, lockRide } from './dispatch';
import { emitRideChange } from './notify';

/*
 * Automatic dispatch: a booked ride of an operator in automatic mode is
 * offered to one driver at a time, best score first (lib/dispatch/score).
 * Each step is a durable job (lib/jobs/queue): "dispatch-offer" picks the
 * next driver and records the offer; "offer-expire" ends it when its time is
 * up. A decline, a timeout or a refused accept queues the next round; after
 * the operator's number of offers, or when nobody is eligible, the ride is
 * marked "Needs a driver" with what was tried. Every step locks the ride row
 * first, so offers, accepts (the driver's or the operator's) and timeouts of
 * one ride take turns, on any number of instances.
 */

export const DISPATCH_JOB = 'dispatch-offer';
export const EXPIRE_JOB = 'offer-expire';

/**
 * Queues a round of offers for a ride: its first (at booking, or the lead
 * time before a later pickup), or the one after offer `afterOfferId` ended.
 * The key names which, so a round queued twice (here or on another instance,
 * or by the start-up sweep) is one job.
 */
export async function queueOfferRound(db: Db, ride: Pick<Ride, 'id' | 'businessId'>, runAt = new Date(), afterOfferId?: number): Promise<void> {
  const key = afterOfferId === undefined ? `dispatch:${ride.id}:first` : `dispatch:${ride.id}:after:${afterOfferId}`;
  await enqueueJob(db, { kind: DISPATCH_JOB, key, businessId: ride.businessId, payload: { rideId: ride.id }, runAt, priority: JOB_PRIORITY.urgent });
  kickJobsAt(runAt);
}

export type Tried = { driverId: number; name: string; status: RideOffer['status'] };

async function triedList(db: Db, rideId: number): Promise<Tried[]> {
  return db
    .select({ driverId: rideOffers.driverId, name: drivers.name, status: rideOffers.status })
    .from(rideOffers)
    .innerJoin(drivers, eq(drivers.id, rideOffers.driverId))
    .where(eq(rideOffers.rideId, rideId))
    .orderBy(asc(rideOffers.id));
}

async function markNeedsDriver(tx: Tx, ride: Ride, tried: Tried[], why: 'no_driver' | 'max_offers'): Promise<Ride> {
  const [updated] = await tx.update(rides).set({ needsDriverAt: new Date() }).where(eq(rides.id, ride.id)).returning();
  await tx.insert(rideEvents).values({
    businessId: ride.businessId,
    rideId: ride.id,
    fromStatus: 'booked',
    toStatus: 'booked',
    actorUserId: null,
    note: 'Needs a driver',
    data: { needsDriver: why, tried },
  });
  return updated;
}

type RoundOutcome = { kind: 'skip' } | { kind: 'offered'; ride: Ride; offer: RideOffer } | { kind: 'needs_driver'; ride: Ride };

/** One round: offers the ride to the best eligible driver not tried yet, or marks it "Needs a driver". */
export async function offerNext(db: Db, rideId: number, now = new Date()): Promise<RoundOutcome> {
  const outcome = await db.transaction(async (tx): Promise<RoundOutcome> => {
    const [row] = await tx.select({ businessId: rides.businessId }).from(rides).where(eq(rides.id, rideId)).limit(1);
    if (!row) return { kind: 'skip' };
    const ride = await lockRide(tx, row.businessId, rideId);
    if (ride.status !== 'booked' || ride.needsDriverAt) return { kind: 'skip' };
    const settings = await dispatchSettingsOf(tx, ride.businessId);
    if (settings.mode !== 'automatic') return { kind: 'skip' };
    const tried = await triedList(tx, ride.id);
    if (tried.some((t) => t.status === 'pending')) return { kind: 'skip' };
    if (tried.length >= settings.maxOffers) return { kind: 'needs_driver', ride: await markNeedsDriver(tx, ride, tried, 'max_offers') };
    const [business] = await tx.select({ timeZone: businesses.timeZone }).from(businesses).where(eq(businesses.id, ride.businessId)).limit(1);
    const window = await rideWindow(tx, ride.id, settings.bufferMinutes);
    const candidates = await rankCandidates(tx, {
      ride,
      window,
      bufferMinutes: settings.bufferMinutes,
      allowUpgrades: settings.allowUpgrades,
      today: operatorToday(business.timeZone, now),
      now,
    });
    const expiresAt = new Date(now.getTime() + settings.offerSeconds * 1000);
    for (const candidate of candidates) {
      // Rounds of different rides run side by side and rank the same drivers first: one being offered a ride by
      // another round right now (its lock held until that round commits) is passed over at once, rather than
      // waiting on that round's insert, which put the rounds in single file (docs/architecture/jobs.md#dispatch-jobs).
      if (!(await tryLockDriver(tx, candidate.driverId))) continue;
      // another ride's round may have offered this driver meanwhile: the unique pending index says so, and the next one is tried
      const [offer] = await tx
        .insert(rideOffers)
        .values({
          businessId: ride.businessId,
          rideId: ride.id,
          driverId: candidate.driverId,
          vehicleId: candidate.vehicleId,
          reason: candidate.reason,
          offeredAt: now,
          expiresAt,
        })
        .onConflictDoNothing()
        .returning();
      if (!offer) continue;
      await enqueueJob(tx, {
        kind: EXPIRE_JOB,
        key: expiryKey(offer.id),
        businessId: ride.businessId,
        payload: { offerId: offer.id, rideId: ride.id },
        runAt: expiresAt,
        priority: JOB_PRIORITY.urgent,
      });
      return { kind: 'offered', ride, offer };
    }
    return { kind: 'needs_driver', ride: await markNeedsDriver(tx, ride, tried, 'no_driver') };
  });
  if (outcome.kind === 'offered') {
    kickJobsAt(outcome.offer.expiresAt);
    emitOfferChange({ offer: outcome.offer, ride: outcome.ride });
    emitRideChange({ ride: outcome.ride, from: 'booked', to: 'booked', actorUserId: null });
  }
  if (outcome.kind === 'needs_driver') emitRideChange({ ride: outcome.ride, from: 'booked', to: 'booked', actorUserId: null });
  return outcome;
}

/** The key of an offer's expiry job. */
const expiryKey = (offerId: number) => `offer-expire:${offerId}`;

/** The advisory lock class of a driver being offered a ride (pg_try_advisory_xact_lock(class, driverId)). */
const OFFERING_LOCK = 7202;

/** Takes the driver's offering lock for this transaction, unless another round holds it (false: try the next driver). */
async function tryLockDriver(tx: Db, driverId: number): Promise<boolean> {
  const [row] = rowsOf(await tx.execute(sql`select pg_try_advisory_xact_lock(${OFFERING_LOCK}, ${driverId}) as locked`));
  return row?.locked === true;
}

/** Ends an offer whose time is up (the "offer-expire" job) and queues the next round. */
export async function expireOffer(db: Db, offerId: number, now = new Date()): Promise<RideOffer | undefined> {
  const [expired] = await db
    .update(rideOffers)
    .set({ status: 'expired', answeredAt: now })
    .where(and(eq(rideOffers.id, offerId), eq(rideOffers.status, 'pending')))
    .returning();
  if (!expired) return undefined;
  emitOfferChange({ offer: expired });
  await queueOfferRound(db, { id: expired.rideId, businessId: expired.businessId }, new Date(), expired.id);
  return expired;
}

const offerEnded = (offer: RideOffer) =>
  offer.status === 'expired'
    ? keyedError(
        'conflict',
        'offer_expired',
        'offerExpired',
        `This offer ran out at ${offer.expiresAt.toISOString()}. The ride has been offered to another driver.`,
        { at: offer.expiresAt.toISOString() },
      )
    : keyedError('conflict', 'offer_closed', 'offerClosed', 'This offer has ended: the ride was given to another driver or cancelled.');

export type OfferAnswerOutcome = { offer: RideOffer; ride: Ride; replay?: boolean };

/**
 * The driver's answer to their offer of ride `rideId`. Accepting assigns the
 * ride with the offered vehicle in the same transaction that checks the offer
 * is still open and in time; an answer after the offer ran out (or ended
 * otherwise) is a 409 saying so, and changes nothing. The answer the offer
 * already has is answered again, changing nothing.
 */
export async function answerOffer(
  db: Db,
  businessId: number,
  driverId: number,
  actorUserId: number,
  rideId: number,
  answer: 'accept' | 'decline',
  now = new Date(),
) {
  let late: RideOffer | undefined;
  try {
    const result = await db.transaction(async (tx): Promise<OfferAnswerOutcome> => {
      const ride = await lockRide(tx, businessId, rideId);
      const [offer] = await tx
        .select()
        .from(rideOffers)
        .where(and(eq(rideOffers.rideId, ride.id), eq(rideOffers.driverId, driverId)))
        .limit(1)
        .for('update');
      if (!offer) throw new DomainError('not_found', 'offer_unknown', 'This ride was not offered to you.');
      // the same answer again (a retry whose first try committed, docs/architecture/booking.md#retries): answered as it was
      if (offer.status === (answer === 'accept' ? 'accepted' : 'declined')) return { offer, ride, replay: true };
      if (offer.status !== 'pending') throw offerEnded(offer);
      if (offer.expiresAt.getTime() <= now.getTime()) {
        late = offer;
        throw offerEnded({ ...offer, status: 'expired' });
      }
      // answered either way: its countdown's job has nothing left to do, and would hold an urgent slot for nothing
      await settlePendingJob(tx, expiryKey(offer.id));
      if (answer === 'accept') {
        const fit = vehicleFit(ride.vehicleType, (await vehicleTypeOf(tx, offer.vehicleId)) ?? ride.vehicleType);
        const accepted = await acceptLockedRide(tx, ride, actorUserId, { driverId, vehicleId: offer.vehicleId, upgrade: fit === 'upgrade' }, 'offer');
        const [closed] = await tx.update(rideOffers).set({ status: 'accepted', answeredAt: now }).where(eq(rideOffers.id, offer.id)).returning();
        return { offer: closed, ride: accepted };
      }
      const [closed] = await tx.update(rideOffers).set({ status: 'declined', answeredAt: now }).where(eq(rideOffers.id, offer.id)).returning();
      return { offer: closed, ride };
    });
    if (result.replay) return result;
    emitOfferChange({ offer: result.offer });
    if (result.offer.status === 'accepted') emitRideChange({ ride: result.ride, from: 'booked', to: 'accepted', actorUserId });
    else await queueOfferRound(db, result.ride, new Date(), result.offer.id);
    return result;
  } catch (error) {
    // an answer in the last instant before the expiry job: this answer ends the offer and moves on
    if (late) await expireOffer(db, late.id, now);
    else if (error instanceof DomainError && error.kind === 'conflict' && answer === 'accept' && !['offer_expired', 'offer_closed'].includes(error.code))
      await withdrawRefused(db, driverId, rideId, error);
    throw error;
  }
}

/** The driver can no longer take the ride (went busy, papers expired...): their offer ends and the next driver is tried. */
async function withdrawRefused(db: Db, driverId: number, rideId: number, reason: DomainError): Promise<void> {
  const [offer] = await db
    .update(rideOffers)
    .set({ status: 'withdrawn', answeredAt: new Date() })
    .where(and(eq(rideOffers.rideId, rideId), eq(rideOffers.driverId, driverId), eq(rideOffers.status, 'pending')))
    .returning();
  if (!offer) return;
  logger.info({ rideId, driverId, code: reason.code }, 'offer accept refused; offering to the next driver');
  emitOfferChange({ offer });
  await queueOfferRound(db, { id: offer.rideId, businessId: offer.businessId }, new Date(), offer.id);
}

async function vehicleTypeOf(tx: Db, vehicleId: number) {
  const [row] = await tx.select({ vehicleType: vehicles.vehicleType }).from(vehicles).where(eq(vehicles.id, vehicleId)).limit(1);
  return row?.vehicleType;
}

/** A driver going offline gives up their pending offer; the ride moves on to the next driver at once. */
export async function withdrawDriverOffers(db: Db, driverId: number): Promise<void> {
  const ended = await db
    .update(rideOffers)
    .set({ status: 'withdrawn', answeredAt: new Date() })
    .where(and(eq(rideOffers.driverId, driverId), eq(rideOffers.status, 'pending')))
    .returning();
  for (const offer of ended) {
    emitOfferChange({ offer });
    await queueOfferRound(db, { id: offer.rideId, businessId: offer.businessId }, new Date(), offer.id);
  }
}

/** The offers of these rides, oldest first (the console's "what was tried"). */
export async function offersOfRides(db: Db, rideIds: number[]): Promise<Map<number, Tried[]>> {
  if (!rideIds.length) return new Map();
  const rows = await db
    .select({ rideId: rideOffers.rideId, driverId: rideOffers.driverId, name: drivers.name, status: rideOffers.status })
    .from(rideOffers)
    .innerJoin(drivers, eq(drivers.id, rideOffers.driverId))
    .where(inArray(rideOffers.rideId, rideIds))
    .orderBy(asc(rideOffers.id));
  const map = new Map<number, Tried[]>();
  for (const { rideId, ...tried } of rows) map.set(rideId, [...(map.get(rideId) ?? []), tried]);
  return map;
}
