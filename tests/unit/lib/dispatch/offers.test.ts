import { and, eq, inArray } from 'drizzle-orm';
import { drivers, jobs, rideEvents, rideOffers, rides, vehicles, type Ride } from '@/lib/db/schema';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import { getDb, type Db } from '@/lib/db/client';
import { runDueJobs } from '@/lib/jobs/queue';
import { applyRideAction } from '@/lib/rides/partner';
import { answerOffer, offerNext } from '@/lib/rides/offers';
import { saveDispatchSettings, DEFAULT_DISPATCH } from '@/lib/dispatch/settings';
import { startDispatch } from '@/lib/rides/offer-jobs';
import { onOfferChange, type OfferChange } from '@/lib/dispatch/offer-events';
import { emitRideChange } from '@/lib/rides/notify';
import { driverTally } from '@/lib/dispatch/acceptance';
import { closeTestDb, openTestDb } from '../../db';
import { bookAt, makeOperator, placeDriver } from './fleet';

/*
 * Issue 31 item 1: automatic offers, one driver at a time by score, with a
 * countdown; timeouts, declines and "Needs a driver"; offers as durable jobs.
 */

let db: Db;
let stop: () => void;
const changes: OfferChange[] = [];

beforeAll(async () => {
  db = await openTestDb();
  clearTenantCache();
  stop = startDispatch(getDb);
  onOfferChange((change) => void changes.push(change));
}, 60_000);
afterAll(async () => {
  stop();
  await closeTestDb();
});

/** Waits until the booking's listener has queued its first round (it runs after the booking commits). */
async function queued(ride: Ride): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const [job] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `dispatch:${ride.id}:first`));
    if (job) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no dispatch job for ride ${ride.id}`);
}

const offersOf = (rideId: number) => db.select().from(rideOffers).where(eq(rideOffers.rideId, rideId)).orderBy(rideOffers.id);
const rideOf = async (rideId: number) => (await db.select().from(rides).where(eq(rides.id, rideId)))[0];
/** Runs every job due by `at` (the offer's expiry jobs are due 30 s after the offer). */
const runJobsAt = (at: Date) => runDueJobs(db, 'test', at);
const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

describe('automatic offers', () => {
  let n = 0;
  /** A fresh operator in automatic mode with drivers 1, 5 and 12 km from the pickup. */
  async function fleet(settings = {}) {
    const op = await makeOperator(db, `auto${++n}`, { mode: 'automatic', offerSeconds: 30, maxOffers: 5, ...settings });
    const far = await placeDriver(db, op, 'Far', 12);
    const near = await placeDriver(db, op, 'Near', 1);
    const middle = await placeDriver(db, op, 'Middle', 5);
    return { op, near, middle, far };
  }

  it('offers a new booking to the nearest driver first, with the countdown and why', async () => {
    const { op, near } = await fleet();
    const ride = await bookAt(db, op, 0.5);
    await queued(ride);
    await runJobsAt(new Date());
    const [offer] = await offersOf(ride.id);
    expect(offer).toMatchObject({ driverId: near.id, vehicleId: near.vehicleId, status: 'pending' });
    expect(offer.expiresAt.getTime() - offer.offeredAt.getTime()).toBe(30_000);
    expect(offer.reason.roadKm).toBeCloseTo(1.3, 0);
    expect(changes.some((c) => c.offer.id === offer.id && c.ride?.id === ride.id)).toBe(true);
  });

  it('moves to the next driver when the offer runs out, and on a decline; never offers the ride to a driver twice', async () => {
    const { op, near, middle, far } = await fleet();
    const ride = await bookAt(db, op, 0.75);
    await queued(ride);
    await runJobsAt(new Date());
    const [first] = await offersOf(ride.id);
    expect(first).toMatchObject({ driverId: near.id, status: 'pending' });
    // Near lets it run out (its expiry job falls due): Middle next
    await runJobsAt(first.expiresAt);
    const afterTimeout = await offersOf(ride.id);
    expect(afterTimeout.map((o) => [o.driverId, o.status])).toEqual([
      [near.id, 'expired'],
      [middle.id, 'pending'],
    ]);
    // Middle declines: Far next; Far declines: nobody is left
    await answerOffer(db, op.id, middle.id, middle.userId, ride.id, 'decline');
    await runJobsAt(new Date());
    expect((await offersOf(ride.id)).map((o) => o.driverId)).toEqual([near.id, middle.id, far.id]);
    await answerOffer(db, op.id, far.id, far.userId, ride.id, 'decline');
    await runJobsAt(new Date());
    const ended = await rideOf(ride.id);
    expect(ended).toMatchObject({ status: 'booked', driverId: null });
    expect(ended.needsDriverAt).not.toBeNull();
    const [event] = await db
      .select()
      .from(rideEvents)
      .where(and(eq(rideEvents.rideId, ride.id), eq(rideEvents.note, 'Needs a driver')));
    expect(event.data).toMatchObject({
      needsDriver: 'no_driver',
      tried: [
        { driverId: near.id, name: 'Near', status: 'expired' },
        { driverId: middle.id, name: 'Middle', status: 'declined' },
        { driverId: far.id, name: 'Far', status: 'declined' },
      ],
    });
    // even asked again, nobody is offered the ride a second time
    await db.update(rides).set({ needsDriverAt: null }).where(eq(rides.id, ride.id));
    expect((await offerNext(db, ride.id)).kind).toBe('needs_driver');
    expect(await offersOf(ride.id)).toHaveLength(3);
  });

  it('counts an answer in the next ranking at once, and an answer recorded elsewhere from the next read (within a minute)', async () => {
    const { op, near, middle } = await fleet();
    const first = await bookAt(db, op, 0.6);
    await queued(first);
    await runJobsAt(new Date());
    const [offer] = await offersOf(first.id);
    expect(offer).toMatchObject({ driverId: near.id, reason: { acceptance: 0.5 } });
    await answerOffer(db, op.id, near.id, near.userId, first.id, 'decline');
    await new Promise((r) => setImmediate(r));
    // this process counted the decline: 1 of 3 with the prior
    expect((await driverTally(db, op.id, new Date())).counts.get(near.id)).toEqual({ accepted: 0, total: 1 });
    const second = await bookAt(db, op, 0.6);
    await queued(second);
    await runJobsAt(new Date());
    expect((await offersOf(second.id))[0]).toMatchObject({ driverId: near.id, reason: { acceptance: 0.33 } });
    // another instance's answer (a row this process never saw end): counted once the tally is read again
    await db.insert(rideOffers).values({
      businessId: op.id,
      rideId: second.id,
      driverId: middle.id,
      vehicleId: middle.vehicleId,
      status: 'declined',
      reason: { roadKm: 1, idleMinutes: 0, acceptance: 0.5, score: 1 },
      offeredAt: new Date(),
      expiresAt: later(30),
    });
    expect((await driverTally(db, op.id, new Date())).counts.get(middle.id)).toBeUndefined();
    expect((await driverTally(db, op.id, later(61))).counts.get(middle.id)).toEqual({ accepted: 0, total: 1 });
  });

  it('counts a trip this process completed in the next ranking at once: its driver idles from its end', async () => {
    const { op, near } = await fleet();
    await db
      .update(drivers)
      .set({ onlineAt: new Date(Date.now() - 2 * 3_600_000) })
      .where(eq(drivers.id, near.id));
    const first = await bookAt(db, op, 0.6);
    await queued(first);
    await runJobsAt(new Date());
    expect((await offersOf(first.id))[0]).toMatchObject({ driverId: near.id, reason: { idleMinutes: 120 } });
    await answerOffer(db, op.id, near.id, near.userId, first.id, 'decline');
    // another ride of Near's ended just now (its completion, as the driver app reports it)
    const trip = await rideOf(first.id);
    emitRideChange({ ride: { ...trip, status: 'completed', driverId: near.id, completedAt: new Date() }, from: 'ontrip', to: 'completed', actorUserId: null });
    await new Promise((r) => setImmediate(r));
    const second = await bookAt(db, op, 0.6);
    await queued(second);
    await runJobsAt(new Date());
    expect((await offersOf(second.id))[0]).toMatchObject({ driverId: near.id, reason: { idleMinutes: 0 } });
  });

  it('assigns the ride with the driver and their vehicle when the driver accepts in time', async () => {
    const { op, near } = await fleet();
    const ride = await bookAt(db, op, 20);
    await offerNext(db, ride.id);
    const result = await answerOffer(db, op.id, near.id, near.userId, ride.id, 'accept');
    expect(result.offer.status).toBe('accepted');
    expect(await rideOf(ride.id)).toMatchObject({ status: 'accepted', driverId: near.id, vehicleId: near.vehicleId });
    const [event] = await db
      .select()
      .from(rideEvents)
      .where(and(eq(rideEvents.rideId, ride.id), eq(rideEvents.toStatus, 'accepted')));
    expect(event).toMatchObject({ actorUserId: near.userId, data: { driverId: near.id, via: 'offer' } });
  });

  it('settles an answered offer’s countdown job, so it never takes a job slot (accepted or declined)', async () => {
    const { op, near, middle } = await fleet();
    const ride = await bookAt(db, op, 21);
    await offerNext(db, ride.id);
    const [first] = await offersOf(ride.id);
    await answerOffer(db, op.id, near.id, near.userId, ride.id, 'decline');
    await runJobsAt(new Date());
    const [, second] = await offersOf(ride.id);
    expect(second).toMatchObject({ driverId: middle.id, status: 'pending' });
    await answerOffer(db, op.id, middle.id, middle.userId, ride.id, 'accept');
    const expiries = await db
      .select({ key: jobs.key, status: jobs.status, lockedBy: jobs.lockedBy })
      .from(jobs)
      .where(and(eq(jobs.kind, 'offer-expire'), inArray(jobs.key, [`offer-expire:${first.id}`, `offer-expire:${second.id}`])));
    // done without ever being claimed
    expect(expiries).toHaveLength(2);
    expect(expiries.every((job) => job.status === 'done' && job.lockedBy === null)).toBe(true);
  });

  it('refuses an answer after the offer ran out, clearly, and changes nothing', async () => {
    const { op, near } = await fleet();
    const ride = await bookAt(db, op, 30);
    await offerNext(db, ride.id);
    await expect(answerOffer(db, op.id, near.id, near.userId, ride.id, 'accept', later(31))).rejects.toMatchObject({
      kind: 'conflict',
      code: 'offer_expired',
      message: expect.stringContaining('ran out'),
    });
    expect((await rideOf(ride.id)).status).toBe('booked');
    expect((await offersOf(ride.id))[0].status).toBe('expired');
    // once it has ended, any later answer is refused the same way
    await expect(answerOffer(db, op.id, near.id, near.userId, ride.id, 'decline')).rejects.toMatchObject({ code: 'offer_expired' });
  });

  it('gives up after the operator’s number of offers, with what was tried', async () => {
    const { op, near, middle } = await fleet({ maxOffers: 2 });
    const ride = await bookAt(db, op, 40);
    await offerNext(db, ride.id);
    await answerOffer(db, op.id, near.id, near.userId, ride.id, 'decline');
    await offerNext(db, ride.id);
    await answerOffer(db, op.id, middle.id, middle.userId, ride.id, 'decline');
    expect((await offerNext(db, ride.id)).kind).toBe('needs_driver');
    expect((await offersOf(ride.id)).map((o) => o.driverId)).toEqual([near.id, middle.id]);
    const [event] = await db
      .select()
      .from(rideEvents)
      .where(and(eq(rideEvents.rideId, ride.id), eq(rideEvents.note, 'Needs a driver')));
    expect(event.data).toMatchObject({ needsDriver: 'max_offers' });
  });

  it('offers a scheduled ride at the lead time before pickup', async () => {
    const { op } = await fleet();
    const ride = await bookAt(db, op, 48);
    await queued(ride);
    const [job] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `dispatch:${ride.id}:first`));
    expect(job.runAt.getTime()).toBe(ride.pickupTime.getTime() - DEFAULT_DISPATCH.offerLeadMinutes * 60_000);
    await runJobsAt(new Date());
    expect(await offersOf(ride.id)).toEqual([]);
  });

  it('survives a restart: the offer and its timeout are rows, and another process moves on', async () => {
    const { op, near, middle } = await fleet();
    const ride = await bookAt(db, op, 60);
    await offerNext(db, ride.id);
    const [first] = await offersOf(ride.id);
    expect(first.driverId).toBe(near.id);
    // this process stops here; a new one (another worker) finds the expiry job when it falls due and offers the next driver
    expect(await runDueJobs(db, 'restarted', first.expiresAt)).toBeGreaterThanOrEqual(2);
    const after = await offersOf(ride.id);
    expect(after.map((o) => [o.driverId, o.status])).toEqual([
      [near.id, 'expired'],
      [middle.id, 'pending'],
    ]);
  });
});

describe('papers, class and mode', () => {
  it('never offers to a driver whose licence or vehicle papers expired, and the console cannot assign them either', async () => {
    const op = await makeOperator(db, 'papers', { mode: 'automatic' });
    const expired = await placeDriver(db, op, 'Expired', 1, { driver: { licenceNumber: 'TN01 2019 0001234', licenceExpiresOn: '2020-01-31' } });
    const oldCar = await placeDriver(db, op, 'Old car', 2, { vehicle: { insuranceExpiresOn: '2021-05-01' } });
    const valid = await placeDriver(db, op, 'Valid', 9, { driver: { licenceExpiresOn: '2099-12-31' } });
    const ride = await bookAt(db, op, 30);
    await offerNext(db, ride.id);
    expect((await offersOf(ride.id)).map((o) => o.driverId)).toEqual([valid.id]);
    const other = await bookAt(db, op, 90);
    await expect(
      applyRideAction(db, op.id, op.partnerId, other.id, { action: 'accept', driverId: expired.id, vehicleId: expired.vehicleId }),
    ).rejects.toMatchObject({
      code: 'driver_document_expired',
      key: 'driverDocumentExpired',
      values: { name: 'Expired', document: 'licence', date: '2020-01-31' },
    });
    await expect(
      applyRideAction(db, op.id, op.partnerId, other.id, { action: 'accept', driverId: oldCar.id, vehicleId: oldCar.vehicleId }),
    ).rejects.toMatchObject({ code: 'vehicle_document_expired', values: { document: 'insurance', date: '2021-05-01' } });
  });

  it('offers a larger class only when the operator allows upgrades, and nothing in manual mode', async () => {
    const op = await makeOperator(db, 'classes', { mode: 'automatic', allowUpgrades: false });
    const suv = await placeDriver(db, op, 'Suv', 1, { vehicleType: 'suv' });
    const ride = await bookAt(db, op, 30);
    expect((await offerNext(db, ride.id)).kind).toBe('needs_driver');
    await saveDispatchSettings(db, op.id, { ...DEFAULT_DISPATCH, mode: 'automatic', allowUpgrades: true });
    await db.update(rides).set({ needsDriverAt: null }).where(eq(rides.id, ride.id));
    expect((await offerNext(db, ride.id)).kind).toBe('offered');
    const result = await answerOffer(db, op.id, suv.id, suv.userId, ride.id, 'accept');
    expect(result.ride).toMatchObject({ status: 'accepted', vehicleUpgrade: true });
    await saveDispatchSettings(db, op.id, { ...DEFAULT_DISPATCH, mode: 'manual' });
    expect((await offerNext(db, (await bookAt(db, op, 30)).id)).kind).toBe('skip');
  });

  it('skips drivers who are offline, blocked, without a vehicle or with an offline vehicle', async () => {
    const op = await makeOperator(db, 'skips', { mode: 'automatic' });
    const offline = await placeDriver(db, op, 'Offline', 1, { driver: { online: false } });
    await placeDriver(db, op, 'Blocked', 1, { driver: { accountStatus: 'Blocked' } });
    await placeDriver(db, op, 'Pending', 1, { driver: { accountStatus: 'pending' } });
    const carOff = await placeDriver(db, op, 'Car off', 1);
    await db.update(vehicles).set({ online: false }).where(eq(vehicles.id, carOff.vehicleId));
    const noCar = await placeDriver(db, op, 'No car', 1);
    await db.update(drivers).set({ vehicleId: null }).where(eq(drivers.id, noCar.id));
    const ok = await placeDriver(db, op, 'Ok', 20);
    const ride = await bookAt(db, op, 30);
    await offerNext(db, ride.id);
    expect((await offersOf(ride.id)).map((o) => o.driverId)).toEqual([ok.id]);
    expect(offline.id).not.toBe(ok.id);
  });
});
