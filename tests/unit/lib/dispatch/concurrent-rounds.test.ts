import { eq, inArray, sql } from 'drizzle-orm';
import { jobs, rideOffers, type Ride } from '@/lib/db/schema';
import { getDb, type Db } from '@/lib/db/client';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import { enqueueJob, runDueJobs } from '@/lib/jobs/queue';
import { DISPATCH_JOB, offerNext } from '@/lib/rides/offers';
import { startDispatch } from '@/lib/rides/offer-jobs';
import { closeTestDb, openTestDb, secondConnection } from '../../db';
import { bookAt, makeOperator, placeDriver } from './fleet';

/*
 * Issue 31: offer rounds of different rides run side by side (the job queue's
 * concurrency), one ride's rounds take turns, and rounds racing for the same
 * drivers end with each driver offered one ride at most and each ride offered
 * once (docs/architecture/jobs.md#dispatch-jobs). On PostgreSQL the rounds go
 * through two connection pools, as from two instances.
 */

const RUNS = 8;
const ROUNDS = 50;

let db: Db;
let second: Db;
let closeSecond: () => Promise<void> = async () => undefined;
let stop: () => void;

beforeAll(async () => {
  db = await openTestDb();
  clearTenantCache();
  stop = startDispatch(getDb);
  ({ second, close: closeSecond } = await secondConnection(db));
}, 60_000);
afterAll(async () => {
  stop();
  await closeSecond();
  await closeTestDb();
});

/** The database as the job handlers see it, counting the transactions in flight at once (an offer round is one). */
function probed(target: Db) {
  const seen = { now: 0, peak: 0 };
  const db = new Proxy(target, {
    get(object, property) {
      if (property === 'transaction') {
        return async (...args: Parameters<Db['transaction']>) => {
          seen.peak = Math.max(seen.peak, ++seen.now);
          try {
            return await object.transaction(...args);
          } finally {
            seen.now--;
          }
        };
      }
      const value: unknown = Reflect.get(object, property, object);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(object) : value;
    },
  });
  return { db, seen };
}

/** Waits until the booking's listener has queued its first round. */
async function queued(ride: Ride): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (
      (
        await db
          .select()
          .from(jobs)
          .where(eq(jobs.key, `dispatch:${ride.id}:first`))
      ).length
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no dispatch job for ride ${ride.id}`);
}

const offersOf = (rideIds: number[]) => db.select().from(rideOffers).where(inArray(rideOffers.rideId, rideIds));

describe('offer rounds in the job queue', () => {
  it('runs the due rounds of two rides side by side with the concurrency at 2', async () => {
    const op = await makeOperator(db, 'pair', { mode: 'automatic' });
    const near = await placeDriver(db, op, 'Near', 1);
    const far = await placeDriver(db, op, 'Far', 6);
    await runDueJobs(db, 'flush');
    const [one, two] = [await bookAt(db, op, 0.5), await bookAt(db, op, 0.6)];
    await Promise.all([queued(one), queued(two)]);
    const { db: watched, seen } = probed(db);
    expect(await runDueJobs(watched, 'pair', new Date(), { concurrency: 2 })).toBe(2);
    expect(seen.peak).toBe(2);
    const offers = await offersOf([one.id, two.id]);
    expect(offers.map((o) => o.status)).toEqual(['pending', 'pending']);
    expect(offers.map((o) => o.driverId).sort()).toEqual([near.id, far.id].sort());
  });

  it('never runs two rounds of one ride at once', async () => {
    const op = await makeOperator(db, 'lane', { mode: 'automatic' });
    await placeDriver(db, op, 'Near', 1);
    await placeDriver(db, op, 'Far', 6);
    await runDueJobs(db, 'flush');
    const ride = await bookAt(db, op, 0.5);
    await queued(ride);
    // the same ride's round queued a second time under another key (as a start-up sweep might)
    await enqueueJob(db, { kind: DISPATCH_JOB, key: `dispatch:${ride.id}:again`, businessId: op.id, payload: { rideId: ride.id } });
    const { db: watched, seen } = probed(db);
    expect(await runDueJobs(watched, 'lane', new Date(), { concurrency: 2 })).toBe(2);
    expect(seen.peak).toBe(1);
    expect(await offersOf([ride.id])).toHaveLength(1);
  });
});

describe('a driver another round is offering a ride right now', () => {
  it('is passed over at once for the next driver, not waited for (PostgreSQL: another instance mid-round; PGlite runs one round at a time)', async () => {
    const op = await makeOperator(db, 'busy-driver', { mode: 'automatic' });
    const near = await placeDriver(db, op, 'Near', 1);
    const far = await placeDriver(db, op, 'Far', 6);
    const ride = await bookAt(db, op, 0.5);
    if (second === db) {
      // one connection: no round can be in flight beside this one, and the nearest driver gets the offer
      expect(await offerNext(db, ride.id)).toMatchObject({ kind: 'offered', offer: { driverId: near.id } });
      return;
    }
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    // another instance's round, between choosing the nearest driver and committing its offer
    const otherRound = second.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(7202, ${near.id})`);
      locked();
      await held;
    });
    await lockTaken;
    try {
      // were it to wait for the other round, this would not end before the release below
      const outcome = await offerNext(db, ride.id);
      expect(outcome).toMatchObject({ kind: 'offered', offer: { driverId: far.id } });
    } finally {
      release();
      await otherRound;
    }
  });
});

describe('when every one of the best few is being offered a ride by other rounds', () => {
  it('the round goes on down the whole ranking (PostgreSQL: other instances mid-round; PGlite runs one round at a time)', async () => {
    const op = await makeOperator(db, 'best-taken', { mode: 'automatic' });
    const fleet: Awaited<ReturnType<typeof placeDriver>>[] = [];
    for (let km = 1; km <= 20; km++) fleet.push(await placeDriver(db, op, `D${km}`, km));
    const ride = await bookAt(db, op, 0.5);
    if (second === db) {
      expect(await offerNext(db, ride.id)).toMatchObject({ kind: 'offered', offer: { driverId: fleet[0].id } });
      return;
    }
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    // the 16 nearest (more than the few a round asks for first, and their margin) each held by another round
    const otherRounds = second.transaction(async (tx) => {
      for (const driver of fleet.slice(0, 16)) await tx.execute(sql`select pg_advisory_xact_lock(7202, ${driver.id})`);
      locked();
      await held;
    });
    await lockTaken;
    try {
      expect(await offerNext(db, ride.id)).toMatchObject({ kind: 'offered', offer: { driverId: fleet[16].id } });
    } finally {
      release();
      await otherRounds;
    }
  });
});

describe(`${ROUNDS} rounds at once over 10 drivers`, () => {
  it(`offer each driver one ride at most and each ride once, ${RUNS} times`, async () => {
    const op = await makeOperator(db, 'crowd', { mode: 'automatic', maxOffers: 5 });
    const fleet = [];
    for (let i = 0; i < 10; i++) fleet.push(await placeDriver(db, op, `Driver ${i}`, 1 + i));
    for (let run = 0; run < RUNS; run++) {
      const booked: Ride[] = [];
      for (let i = 0; i < ROUNDS; i++) booked.push(await bookAt(db, op, 2 + run * 24 + i * 0.1));
      const outcomes = await Promise.all(booked.map((ride, i) => offerNext(i % 2 ? second : db, ride.id).then((o) => o.kind)));
      expect(outcomes.filter((kind) => kind === 'offered')).toHaveLength(fleet.length);
      expect(outcomes.filter((kind) => kind === 'needs_driver')).toHaveLength(ROUNDS - fleet.length);
      const offers = await offersOf(booked.map((r) => r.id));
      expect(offers).toHaveLength(fleet.length);
      expect(new Set(offers.map((o) => o.driverId)).size).toBe(fleet.length);
      expect(new Set(offers.map((o) => o.rideId)).size).toBe(fleet.length);
      expect(offers.every((o) => o.status === 'pending')).toBe(true);
      // the drivers let their offers run out: free for the next run's rides
      await db
        .update(rideOffers)
        .set({ status: 'expired', answeredAt: new Date() })
        .where(
          inArray(
            rideOffers.id,
            offers.map((o) => o.id),
          ),
        );
    }
  }, 180_000);
});
