import 'server-only';
import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/db/client';
import { columnsOf, fromRow, rowsOf } from '@/lib/db/rows';
import { drivers, rideEvents, rideOffers, rides, vehicles, type Ride, type RideOffer } from '@/lib/db/schema';
import { vehicleFit } from '@/lib/booking/vehicle-classes';
import { DomainError, keyedError } from '@/lib/errors/domain-error';
import { enqueueJob, JOB_PRIORITY, kickJobsAt, settlePendingJob } from '@/lib/jobs/queue';
import { logger } from '@/lib/log';
import { rankCandidates, rankingPlannerColumn, rankTop, type Candidate } from '@/lib/dispatch/candidates';
import { emitOfferChange } from '@/lib/dispatch/offer-events';
import { dispatchSettingsOf } from '@/lib/dispatch/settings';
import { rideEndSql } from '@/lib/dispatch/windows';
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

/** A JSON column as parsed by either driver (node-postgres parses json, a raw string otherwise). */
const json = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

/**
 * A round's first statement: locks the ride and reads what the round needs with it (the drivers tried so
 * far, the operator's time zone, the ride's window) and turns the planner for the ranking, in one round
 * trip instead of six: under load each of a round's statements waits its turn on a busy event loop and
 * database, so a round's time is mostly its number of statements (docs/architecture/jobs.md#dispatch-jobs).
 */
async function lockRound(tx: Tx, businessId: number, rideId: number, bufferMinutes: number) {
  const [row] = await tx
    .select({
      ride: getTableColumns(rides),
      tried: sql<unknown>`coalesce((select json_agg(json_build_object('driverId', o.driver_id, 'name', d.name, 'status', o.status) order by o.id)
        from ride_offers o join drivers d on d.id = o.driver_id where o.ride_id = rides.id), '[]'::json)`,
      timeZone: sql<string>`(select b.time_zone from businesses b where b.id = rides.business_id)`,
      windowEnd: sql<string>`${rideEndSql} + make_interval(mins => ${bufferMinutes})`,
      planner: sql<string>`${await rankingPlannerColumn()}`,
    })
    .from(rides)
    .where(and(eq(rides.id, rideId), eq(rides.businessId, businessId)))
    .limit(1)
    .for('update');
  if (!row) return undefined;
  return { ride: row.ride, tried: json<Tried[]>(row.tried), timeZone: row.timeZone, window: { start: row.ride.pickupTime, end: new Date(row.windowEnd) } };
}

/**
 * Offers the ride to one candidate in one statement: takes the driver's offering lock unless another round
 * holds it, records the offer unless the driver holds another pending one (the unique index), and queues its
 * expiry. Nothing when either fails: the round tries its next candidate.
 */
/** Named rather than `*`: the round's statements stay prepared across migrations (lib/db/rows.ts, columnsOf). */
const OFFER_COLUMNS = columnsOf(rideOffers);

async function offerTo(tx: Tx, ride: Ride, candidate: Candidate, now: Date, expiresAt: Date): Promise<RideOffer | undefined> {
  const [row] = rowsOf(
    await tx.execute(sql`
      with locked as (select pg_try_advisory_xact_lock(${OFFERING_LOCK}, ${candidate.driverId}) as ok),
      offer as (
        insert into ride_offers (business_id, ride_id, driver_id, vehicle_id, reason, offered_at, expires_at)
        select ${ride.businessId}::int, ${ride.id}::int, ${candidate.driverId}::int, ${candidate.vehicleId}::int, ${JSON.stringify(candidate.reason)}::jsonb,
          ${now}::timestamptz, ${expiresAt}::timestamptz
        from locked where ok
        on conflict do nothing
        returning ${OFFER_COLUMNS}
      ),
      expiry as (
        insert into jobs (kind, key, business_id, payload, run_at, priority)
        select ${EXPIRE_JOB}::text, ${EXPIRY_KEY}::text || offer.id, offer.business_id, jsonb_build_object('offerId', offer.id, 'rideId', offer.ride_id),
          offer.expires_at, ${JOB_PRIORITY.urgent}::smallint
        from offer
        on conflict (key) do nothing
      )
      select ${OFFER_COLUMNS} from offer`),
  );
  return row ? fromRow(rideOffers, row) : undefined;
}

/** Candidates a round asks the database for first: more than the rounds that may run side by side and take some. */
const ROUND_CANDIDATES = 8;

/** The operator of a ride (a round queued before jobs carried it), or undefined when the ride is gone. */
async function ownerOf(db: Db, rideId: number): Promise<number | undefined> {
  const [row] = await db.select({ businessId: rides.businessId }).from(rides).where(eq(rides.id, rideId)).limit(1);
  return row?.businessId;
}

/**
 * One round: offers the ride to the best eligible driver not tried yet, or marks it "Needs a driver".
 * `businessId` is the ride's operator when the caller knows it (the round's job carries it).
 */
export async function offerNext(db: Db, rideId: number, now = new Date(), businessId?: number | null): Promise<RoundOutcome> {
  const owner = businessId ?? (await ownerOf(db, rideId));
  if (owner === undefined) return { kind: 'skip' };
  const settings = await dispatchSettingsOf(db, owner);
  if (settings.mode !== 'automatic') return { kind: 'skip' };
  const outcome = await db.transaction(async (tx): Promise<RoundOutcome> => {
    const round = await lockRound(tx, owner, rideId, settings.bufferMinutes);
    if (!round) return { kind: 'skip' };
    const { ride, tried } = round;
    if (ride.status !== 'booked' || ride.needsDriverAt) return { kind: 'skip' };
    if (tried.some((t) => t.status === 'pending')) return { kind: 'skip' };
    if (tried.length >= settings.maxOffers) return { kind: 'needs_driver', ride: await markNeedsDriver(tx, ride, tried, 'max_offers') };
    const query = {
      ride,
      window: round.window,
      bufferMinutes: settings.bufferMinutes,
      allowUpgrades: settings.allowUpgrades,
      today: operatorToday(round.timeZone, now),
      now,
      plannerSet: true,
    };
    const expiresAt = new Date(now.getTime() + settings.offerSeconds * 1000);
    const passed = new Set<number>();
    const firstTaker = async (candidates: Candidate[]): Promise<RideOffer | undefined> => {
      for (const candidate of candidates) {
        // Rounds of different rides run side by side and rank the same drivers first: one being offered a ride by
        // another round right now (its lock held until that round commits) is passed over at once, rather than
        // waiting on that round's insert, which put the rounds in single file (docs/architecture/jobs.md#dispatch-jobs);
        // another ride's round may have offered this driver meanwhile: the unique pending index says so, and the next one is tried
        if (passed.has(candidate.driverId)) continue;
        const offer = await offerTo(tx, ride, candidate, now, expiresAt);
        if (offer) return offer;
        passed.add(candidate.driverId);
      }
      return undefined;
    };
    // the best few first (docs/architecture/jobs.md#ranking); the whole ranking only when every one of them was taken
    const top = await rankTop(tx, query, ROUND_CANDIDATES);
    const offer = (await firstTaker(top.candidates)) ?? (top.complete ? undefined : await firstTaker(await rankCandidates(tx, query)));
    if (offer) return { kind: 'offered', ride, offer };
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

/** The key of an offer's expiry job: this prefix and the offer's id. */
const EXPIRY_KEY = 'offer-expire:';
const expiryKey = (offerId: number) => `${EXPIRY_KEY}${offerId}`;

/** The advisory lock class of a driver being offered a ride (pg_try_advisory_xact_lock(class, driverId)). */
const OFFERING_LOCK = 7202;

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
