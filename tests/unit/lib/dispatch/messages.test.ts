import { and, desc, eq, sql } from 'drizzle-orm';
import { callApi } from '../../api';
import { drivers, outbox } from '@/lib/db/schema';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import { runDueJobs } from '@/lib/jobs/queue';
import { startTripMessages } from '@/lib/rides/trip-messages';
import { applyRideAction } from '@/lib/rides/partner';
import { transitionRide } from '@/lib/rides/lifecycle';
import { bookForCustomer } from '@/lib/rides/partner';
import { answerOffer, offerNext } from '@/lib/rides/offers';
import { createQuote } from '@/lib/fares/quote';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../../db';
import { bookAt, makeOperator, placeDriver, type Operator, type TestDriver } from './fleet';

/*
 * Issue 37 minors: web bookings and cancellations send the rider an SMS;
 * drivers get an invitation when added and a message when a ride is given to
 * them by hand; the SMS after a reassignment says the driver changed.
 * Issue 31 item 5: a customer booked by phone hears of the operator's decline.
 */

let db: Db;
let stop: () => void;
let op: Operator;
let ravi: TestDriver;
let mani: TestDriver;
const RIDER_PHONE = () => op.riderPhone;

beforeAll(async () => {
  db = await openTestDb();
  clearTenantCache();
  stop = startTripMessages(async () => db, {});
  op = await makeOperator(db, 'notices', { mode: 'manual' });
  ravi = await placeDriver(db, op, 'Ravi', 2);
  mani = await placeDriver(db, op, 'Mani', 4);
}, 60_000);
afterAll(async () => {
  stop();
  await closeTestDb();
});

/** Lets the ride-change listeners queue their jobs, then runs every due job. */
async function deliverAll(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 150));
  await runDueJobs(db, 'test');
}

const texts = async (to: string) =>
  (
    await db
      .select({ body: outbox.body })
      .from(outbox)
      .where(and(eq(outbox.businessId, op.id), eq(outbox.channel, 'sms'), eq(outbox.recipient, to)))
      .orderBy(desc(outbox.id))
  ).map((r) => r.body);
const phoneOf = async (driver: TestDriver) => {
  const [row] = await db.select({ code: drivers.phoneCode, phone: drivers.phone }).from(drivers).where(eq(drivers.id, driver.id));
  return `+${row.code}${row.phone}`;
};

describe('the rider’s SMS', () => {
  it('confirms a web booking with the start code, and its cancellation by the rider', async () => {
    const ride = await bookAt(db, op, 40);
    await deliverAll();
    expect((await texts(RIDER_PHONE()))[0]).toContain(`ride ${ride.number} is booked`);
    expect((await texts(RIDER_PHONE()))[0]).toContain(ride.startCode);
    await transitionRide(db, {
      businessId: op.id,
      rideId: ride.id,
      to: 'cancelled',
      actorUserId: op.riderId,
      riderId: op.riderId,
      cancelledBy: 'rider',
      reason: 'Plans changed',
    });
    await deliverAll();
    expect((await texts(RIDER_PHONE()))[0]).toContain(`you cancelled ride ${ride.number}`);
  });

  it('tells a customer booked by phone that the operator declined, with the reason', async () => {
    const quote = await createQuote(db, { id: op.id, currency: 'INR', timeZone: 'Asia/Kolkata' } as never, {
      rideType: 'oneway',
      tripKind: 'outstation',
      pickupLocation: { lat: 13.0878, lng: 80.2785, name: 'Chennai Central' },
      dropoffLocation: { lat: 12.9719, lng: 77.5937, name: 'Bengaluru' },
      pickupTime: new Date(Date.now() + 60 * 3600_000).toISOString(),
    });
    const { ride } = await bookForCustomer(db, op.id, {
      customerName: 'Kala',
      customerPhone: { dialCode: '91', number: '9840011223' },
      rideSearchId: quote.id,
      rideVehicle: 'sedan',
      idempotencyKey: 'phone-booking-notice-1',
      paymentMethod: 'cash',
    });
    await deliverAll();
    // the console's own confirmation went out at booking; no second "booked" text
    expect((await texts('+919840011223')).filter((t) => t.includes('is booked'))).toHaveLength(1);
    await applyRideAction(db, op.id, op.partnerId, ride.id, { action: 'decline', reason: 'No car free at that hour' });
    await deliverAll();
    expect((await texts('+919840011223'))[0]).toContain('was cancelled: No car free at that hour');
  });

  it('says the driver changed after a reassignment, and the new driver hears of the ride', async () => {
    const ride = await bookAt(db, op, 80);
    await applyRideAction(db, op.id, op.partnerId, ride.id, { action: 'accept', driverId: ravi.id, vehicleId: ravi.vehicleId });
    await deliverAll();
    expect((await texts(RIDER_PHONE()))[0]).toContain(`your driver for ride ${ride.number} is Ravi`);
    expect((await texts(await phoneOf(ravi)))[0]).toContain(`ride ${ride.number} is assigned to you`);
    await applyRideAction(db, op.id, op.partnerId, ride.id, { action: 'reassign', driverId: mani.id, vehicleId: mani.vehicleId });
    await deliverAll();
    // the driver is told at once; the traveller at the end of the driver-details window (lib/messaging/purposes.ts)
    expect((await texts(await phoneOf(mani)))[0]).toContain(`ride ${ride.number} is assigned to you`);
    expect((await texts(RIDER_PHONE()))[0]).toContain(`your driver for ride ${ride.number} is Ravi`);
    await db.execute(sql`update rate_limits set window_start = window_start - interval '1 hour' where key like ${`msg:once:driver-details:${ride.id}:%`}`);
    await runDueJobs(db, 'test', new Date(Date.now() + 3600_000));
    expect((await texts(RIDER_PHONE()))[0]).toContain(`your driver for ride ${ride.number} has changed. Your new driver is Mani`);
  });
});

describe('the driver’s SMS', () => {
  it('invites a driver the operator adds, naming the app and the phone to sign in with', async () => {
    const host = op.host;
    const res = await callApi(
      new Request(`http://${host}/api/partner/drivers`, {
        method: 'POST',
        body: JSON.stringify({ name: 'Selvi', lastName: 'Raj', phone: { dialCode: '91', number: '9840055667' } }),
        headers: { host, origin: `http://${host}`, 'content-type': 'application/json', cookie: op.partnerCookie },
      }),
    );
    expect(res.status).toBe(201);
    expect((await res.json()).data).toMatchObject({ name: 'Selvi', lastName: 'Raj' });
    await deliverAll();
    const [invite] = await texts('+919840055667');
    expect(invite).toContain('added you as a driver, Selvi');
    expect(invite).toContain('/driver/home');
    expect(invite).toContain('+919840055667');
  });

  it('sends nothing to a driver who took the ride from an offer', async () => {
    const auto = await makeOperator(db, 'noticesauto', { mode: 'automatic' });
    const taker = await placeDriver(db, auto, 'Taker', 1);
    const ride = await bookAt(db, auto, 30);
    await offerNext(db, ride.id);
    await answerOffer(db, auto.id, taker.id, taker.userId, ride.id, 'accept');
    await deliverAll();
    const [row] = await db.select({ code: drivers.phoneCode, phone: drivers.phone }).from(drivers).where(eq(drivers.id, taker.id));
    const toDriver = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.businessId, auto.id), eq(outbox.recipient, `+${row.code}${row.phone}`)));
    expect(toDriver.filter((m) => m.body.includes('is assigned to you'))).toEqual([]);
  });
});
