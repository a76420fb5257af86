import { and, eq } from 'drizzle-orm';
import { rideEvents, rideOffers, rides } from '@/lib/db/schema';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import type { Db } from '@/lib/db/client';
import { applyRideAction } from '@/lib/rides/partner';
import { answerOffer, offerNext } from '@/lib/rides/offers';
import { closeTestDb, openTestDb, secondConnection } from '../../db';
import { bookAt, makeOperator, placeDriver, type Operator, type TestDriver } from './fleet';

/*
 * Issue 31 item 2: a driver's accept of an offer and the operator's manual
 * assignment of the same ride, at the same moment, end with exactly one
 * assignment; on PostgreSQL the two go through two connection pools (two
 * instances), many times over.
 */

const RUNS = 25;

let db: Db;
let second: Db;
let closeSecond: () => Promise<void> = async () => undefined;
let op: Operator;
let offered: TestDriver;
let byHand: TestDriver;

beforeAll(async () => {
  db = await openTestDb();
  clearTenantCache();
  ({ second, close: closeSecond } = await secondConnection(db));
  op = await makeOperator(db, 'race', { mode: 'automatic', offerSeconds: 120 });
  offered = await placeDriver(db, op, 'Offered', 1);
  byHand = await placeDriver(db, op, 'By hand', 30);
}, 60_000);
afterAll(async () => {
  await closeSecond();
  await closeTestDb();
});

const settle = (p: Promise<unknown>) =>
  p.then(
    () => 'ok' as const,
    (error: { code?: string }) => error.code ?? 'error',
  );

describe('accept of an offer against manual assignment', () => {
  it(`ends with exactly one assignment, ${RUNS} times`, async () => {
    const winners = { offer: 0, manual: 0 };
    for (let run = 0; run < RUNS; run++) {
      // a new ride days apart from the others each run, so the drivers' earlier rides never overlap it
      const ride = await bookAt(db, op, 24 + run * 12);
      expect((await offerNext(db, ride.id)).kind).toBe('offered');
      const [viaOffer, viaConsole] = await Promise.all([
        settle(answerOffer(db, op.id, offered.id, offered.userId, ride.id, 'accept')),
        settle(applyRideAction(second, op.id, op.partnerId, ride.id, { action: 'accept', driverId: byHand.id, vehicleId: byHand.vehicleId })),
      ]);
      expect([viaOffer, viaConsole].filter((r) => r === 'ok')).toHaveLength(1);
      const [row] = await db.select().from(rides).where(eq(rides.id, ride.id));
      const accepts = await db
        .select()
        .from(rideEvents)
        .where(and(eq(rideEvents.rideId, ride.id), eq(rideEvents.toStatus, 'accepted')));
      expect(accepts).toHaveLength(1);
      const [offer] = await db.select().from(rideOffers).where(eq(rideOffers.rideId, ride.id));
      if (viaOffer === 'ok') {
        winners.offer++;
        expect(row).toMatchObject({ status: 'accepted', driverId: offered.id, vehicleId: offered.vehicleId });
        expect(offer.status).toBe('accepted');
        expect(viaConsole).toBe('illegal_transition');
      } else {
        winners.manual++;
        expect(row).toMatchObject({ status: 'accepted', driverId: byHand.id, vehicleId: byHand.vehicleId });
        expect(offer.status).toBe('withdrawn');
        expect(['offer_closed', 'illegal_transition']).toContain(viaOffer);
      }
    }
    expect(winners.offer + winners.manual).toBe(RUNS);
  }, 120_000);

  it('never gives one driver two overlapping rides when an offer and a manual assignment of another ride race', async () => {
    const ride = await bookAt(db, op, 700);
    const overlapping = await bookAt(db, op, 701);
    expect((await offerNext(db, ride.id)).kind).toBe('offered');
    const [viaOffer, viaConsole] = await Promise.all([
      settle(answerOffer(db, op.id, offered.id, offered.userId, ride.id, 'accept')),
      settle(applyRideAction(second, op.id, op.partnerId, overlapping.id, { action: 'accept', driverId: offered.id, vehicleId: offered.vehicleId })),
    ]);
    expect([viaOffer, viaConsole].sort()).toEqual(['driver_busy', 'ok'].sort());
    const held = await db
      .select()
      .from(rides)
      .where(and(eq(rides.driverId, offered.id), eq(rides.status, 'accepted')));
    expect(held.filter((r) => r.id === ride.id || r.id === overlapping.id)).toHaveLength(1);
  }, 60_000);
});
