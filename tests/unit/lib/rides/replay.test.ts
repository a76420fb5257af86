import { and, eq } from 'drizzle-orm';
import { callApi } from '../../api';
import { outbox, rideEvents, rideOffers, rides, users, walletEntries } from '@/lib/db/schema';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import { createSession } from '@/lib/auth/session';
import { offerNext } from '@/lib/rides/offers';
import { saveDispatchSettings, DEFAULT_DISPATCH } from '@/lib/dispatch/settings';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../../db';
import { bookAt, makeOperator, placeDriver, type Operator, type TestDriver } from '../dispatch/fleet';

/*
 * Issue 36 item 4: nginx retried "start ride 168" on the other instance after
 * the first had applied it and was SIGKILLed before answering; the retry got a
 * 409. Each request below is sent twice, as that retry would be (the first
 * try's answer is the one lost): the second answer is the same success, and the
 * move happened once (one event, one set of ledger entries). A genuinely
 * different request at that status stays a conflict.
 */

let db: Db;
let op: Operator;
let riderCookie: string;
let ravi: TestDriver;
let mani: TestDriver;
let otherPartnerCookie: string;

beforeAll(async () => {
  db = await openTestDb();
  clearTenantCache();
  op = await makeOperator(db, 'replay');
  riderCookie = `__Host-session=${await createSession(db, { id: op.riderId, businessId: op.id })}`;
  ravi = await placeDriver(db, op, 'Ravi', 1);
  mani = await placeDriver(db, op, 'Mani', 3);
  const [second] = await db.insert(users).values({ businessId: op.id, role: 'travelsx-partner', email: 'ops2@replay.example', name: 'Ops 2' }).returning();
  otherPartnerCookie = `__Host-session=${await createSession(db, { id: second.id, businessId: op.id })}`;
}, 60_000);
afterAll(closeTestDb);

async function post(path: string, body: unknown, cookie: string) {
  const res = await callApi(
    new Request(`http://${op.host}${path}`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { host: op.host, origin: `http://${op.host}`, 'content-type': 'application/json', cookie },
    }),
  );
  return { status: res.status, json: await res.json() };
}

/** The request sent twice, as nginx's retry after the first instance died having committed it. */
async function twice(path: string, body: unknown, cookie: string) {
  const first = await post(path, body, cookie);
  const retry = await post(path, body, cookie);
  return { first, retry };
}

const console_ = (rideNumber: number, body: unknown, cookie = op.partnerCookie) => twice(`/api/partner/rides/${rideNumber}`, body, cookie);
const eventsTo = async (rideId: number, to: string) =>
  (
    await db
      .select()
      .from(rideEvents)
      .where(and(eq(rideEvents.rideId, rideId), eq(rideEvents.toStatus, to as never)))
  ).filter((e) => e.fromStatus !== e.toStatus);
const rideOf = async (rideId: number) => (await db.select().from(rides).where(eq(rides.id, rideId)))[0];
const ledgerOf = (rideId: number) => db.select().from(walletEntries).where(eq(walletEntries.rideId, rideId));

describe('a state change retried after its first try committed', () => {
  it('console accept, start and complete: the retry answers the same ride (200), each move made once', async () => {
    const ride = await bookAt(db, op, 30);
    const accept = await console_(ride.number, { action: 'accept', driverId: ravi.id, vehicleId: ravi.vehicleId });
    expect(accept.first.status).toBe(200);
    expect(accept.retry).toEqual(accept.first);
    expect(await eventsTo(ride.id, 'accepted')).toHaveLength(1);

    const start = await console_(ride.number, { action: 'start', startCode: ride.startCode });
    expect(start.first.status).toBe(200);
    expect(start.retry).toEqual(start.first);
    expect(start.retry.json.data.status).toBe('ontrip');
    expect(await eventsTo(ride.id, 'ontrip')).toHaveLength(1);
    // the replayed code is no wrong try
    expect((await rideOf(ride.id)).startCodeAttempts).toBe(0);

    const complete = await console_(ride.number, { action: 'complete', finalTolls: 50, paymentMethod: 'upi' });
    expect(complete.first.status).toBe(200);
    const entries = (await ledgerOf(ride.id)).length;
    expect(complete.retry).toEqual(complete.first);
    expect(await eventsTo(ride.id, 'completed')).toHaveLength(1);
    expect(await ledgerOf(ride.id)).toHaveLength(entries);
  });

  it('a different request at that status is still a conflict: another code, another payment method, another operator, another driver', async () => {
    const ride = await bookAt(db, op, 60);
    await console_(ride.number, { action: 'accept', driverId: ravi.id, vehicleId: ravi.vehicleId });
    const otherDriver = await post(`/api/partner/rides/${ride.number}`, { action: 'accept', driverId: mani.id, vehicleId: mani.vehicleId }, op.partnerCookie);
    expect(otherDriver.status).toBe(409);
    const otherOperator = await post(
      `/api/partner/rides/${ride.number}`,
      { action: 'accept', driverId: ravi.id, vehicleId: ravi.vehicleId },
      otherPartnerCookie,
    );
    expect(otherOperator.status).toBe(409);
    await console_(ride.number, { action: 'start', startCode: ride.startCode });
    const wrong = ride.startCode === '0000' ? '1111' : '0000';
    const otherCode = await post(`/api/partner/rides/${ride.number}`, { action: 'start', startCode: wrong }, op.partnerCookie);
    expect(otherCode.status).toBe(409);
    expect(otherCode.json.error.code).toBe('illegal_transition');
    expect((await rideOf(ride.id)).startCodeAttempts).toBe(0);
    await console_(ride.number, { action: 'complete', paymentMethod: 'cash' });
    const otherPayment = await post(`/api/partner/rides/${ride.number}`, { action: 'complete', paymentMethod: 'upi' }, op.partnerCookie);
    expect(otherPayment.status).toBe(409);
    // a cancelled ride cannot start, whoever asks
    const cancelled = await bookAt(db, op, 90);
    await console_(cancelled.number, { action: 'decline', reason: 'No car' });
    expect((await post(`/api/partner/rides/${cancelled.number}`, { action: 'start', startCode: cancelled.startCode }, op.partnerCookie)).status).toBe(409);
  });

  it('console decline and reassign: the retry answers the same ride, one event each', async () => {
    const ride = await bookAt(db, op, 120);
    await console_(ride.number, { action: 'accept', driverId: ravi.id, vehicleId: ravi.vehicleId });
    const reassign = await console_(ride.number, { action: 'reassign', driverId: mani.id, vehicleId: mani.vehicleId });
    expect(reassign.first.status).toBe(200);
    expect(reassign.retry).toEqual(reassign.first);
    const reassigned = (await db.select().from(rideEvents).where(eq(rideEvents.rideId, ride.id))).filter((e) => e.note === 'Reassigned');
    expect(reassigned).toHaveLength(1);
    // a reassignment naming the driver only, retried, is that one again
    const back = await console_(ride.number, { action: 'reassign', driverId: ravi.id });
    expect(back.first.status).toBe(200);
    expect(back.retry).toEqual(back.first);
    expect(await rideOf(ride.id)).toMatchObject({ driverId: ravi.id, vehicleId: mani.vehicleId });
    // naming only the vehicle it already has, after a change of driver, is no retry of it: nothing to change
    const unchanged = await post(`/api/partner/rides/${ride.number}`, { action: 'reassign', vehicleId: mani.vehicleId }, op.partnerCookie);
    expect([unchanged.status, unchanged.json.error.key]).toEqual([400, 'reassignUnchanged']);

    const declined = await bookAt(db, op, 150);
    const decline = await console_(declined.number, { action: 'decline', reason: 'No car' });
    expect(decline.first.status).toBe(200);
    expect(decline.retry).toEqual(decline.first);
    expect(await eventsTo(declined.id, 'cancelled')).toHaveLength(1);
  });

  it('the driver app: start with the code and complete, retried, answer the same ride; the code is not counted as a wrong try', async () => {
    const ride = await bookAt(db, op, 180);
    await console_(ride.number, { action: 'accept', driverId: ravi.id, vehicleId: ravi.vehicleId });
    const start = await twice(`/api/driver/rides/${ride.number}`, { action: 'start', startCode: ride.startCode }, ravi.cookie);
    expect(start.first.status).toBe(200);
    expect(start.retry).toEqual(start.first);
    expect(await eventsTo(ride.id, 'ontrip')).toHaveLength(1);
    expect((await rideOf(ride.id)).startCodeAttempts).toBe(0);
    // the operator starting it too is another request: a conflict
    expect((await post(`/api/partner/rides/${ride.number}`, { action: 'start', startCode: ride.startCode }, op.partnerCookie)).status).toBe(409);

    const complete = await twice(`/api/driver/rides/${ride.number}`, { action: 'complete', paymentMethod: 'cash' }, ravi.cookie);
    expect(complete.first.status).toBe(200);
    const entries = (await ledgerOf(ride.id)).length;
    expect(complete.retry).toEqual(complete.first);
    expect(await eventsTo(ride.id, 'completed')).toHaveLength(1);
    expect(await ledgerOf(ride.id)).toHaveLength(entries);
  });

  it("the rider's cancel, retried, answers the cancelled ride; the cashback is reversed once", async () => {
    const ride = await bookAt(db, op, 210);
    const first = await post(`/api/rides/${ride.number}/cancel`, { reason: 'Plans changed' }, riderCookie);
    expect(first.status).toBe(200);
    const entries = await ledgerOf(ride.id);
    const retry = await post(`/api/rides/${ride.number}/cancel`, { reason: 'Plans changed' }, riderCookie);
    expect(retry).toEqual(first);
    expect(await eventsTo(ride.id, 'cancelled')).toHaveLength(1);
    expect(await ledgerOf(ride.id)).toEqual(entries);
    // the operator declining it afterwards is another request: a conflict
    expect((await post(`/api/partner/rides/${ride.number}`, { action: 'decline', reason: 'x' }, op.partnerCookie)).status).toBe(409);
  });

  it('the reset of a locked start code, retried, answers the ride: no second code, message or count', async () => {
    const ride = await bookAt(db, op, 270);
    await console_(ride.number, { action: 'accept', driverId: ravi.id, vehicleId: ravi.vehicleId });
    const wrong = ride.startCode === '0000' ? '1111' : '0000';
    for (let i = 0; i < 5; i++) await post(`/api/partner/rides/${ride.number}`, { action: 'start', startCode: wrong }, op.partnerCookie);
    const first = await post(`/api/partner/rides/${ride.number}`, { action: 'resetStartCode' }, op.partnerCookie);
    expect(first.status).toBe(200);
    const reset = await rideOf(ride.id);
    const retry = await post(`/api/partner/rides/${ride.number}`, { action: 'resetStartCode' }, op.partnerCookie);
    expect(retry).toEqual(first);
    expect(await rideOf(ride.id)).toEqual(reset);
    const sent = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.rideId, ride.id), eq(outbox.purpose, 'start-code-reset')));
    expect(sent).toHaveLength(1);
    // the new code starts the trip
    expect((await post(`/api/partner/rides/${ride.number}`, { action: 'start', startCode: reset.startCode }, op.partnerCookie)).json.data.status).toBe(
      'ontrip',
    );
  });

  it("the driver's answer to an offer, retried, is answered as it was; the ride is accepted once", async () => {
    await saveDispatchSettings(db, op.id, { ...DEFAULT_DISPATCH, mode: 'automatic', offerSeconds: 30, maxOffers: 5 });
    const ride = await bookAt(db, op, 240);
    await offerNext(db, ride.id);
    const [offer] = await db.select().from(rideOffers).where(eq(rideOffers.rideId, ride.id));
    const driver = [ravi, mani].find((d) => d.id === offer.driverId)!;
    const accept = await twice(`/api/driver/offers/${ride.number}`, { answer: 'accept' }, driver.cookie);
    expect(accept.first).toMatchObject({ status: 200, json: { data: { status: 'accepted' } } });
    expect(accept.retry).toEqual(accept.first);
    expect(await eventsTo(ride.id, 'accepted')).toHaveLength(1);
    // declining an offer already accepted is another answer: a conflict
    expect((await post(`/api/driver/offers/${ride.number}`, { answer: 'decline' }, driver.cookie)).status).toBe(409);
    await saveDispatchSettings(db, op.id, DEFAULT_DISPATCH);
  });
});
