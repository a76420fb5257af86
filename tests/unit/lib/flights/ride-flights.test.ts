import { and, eq } from 'drizzle-orm';
import { drivers, fareAdjustments, jobs, outbox, rideEvents, rideFlights, rides, walletEntries } from '@/lib/db/schema';
import { riderRides } from '@/lib/rides/queries';
import { resetEnvForTests } from '@/lib/env';
import { createSession } from '@/lib/auth/session';
import { createQuote } from '@/lib/fares/quote';
import { removeMeetingPoint, saveMeetingPoint } from '@/lib/airports/settings';
import { MESSAGE_TEXT_MAX } from '@/lib/messaging/safe-text';
import { siteOrigin } from '@/lib/seo/origin';
import { driverArrived } from '@/lib/driver/arrived';
import { checkRideFlight } from '@/lib/flights/ride-flight';
import { registerFlightJobs } from '@/lib/flights/jobs';
import { issueInvoice } from '@/lib/invoice/invoices';
import { applyRideAction } from '@/lib/rides/partner';
import { runDueJobs } from '@/lib/jobs/queue';
import { localDate } from '@/lib/time/zoned';
import { onRideUpdate, type RideUpdate } from '@/lib/flights/ride-updates';
import { registerTripJobs, sendDriverDetails } from '@/lib/rides/trip-messages';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import type { Db } from '@/lib/db/client';
import { callApi } from '../../api';
import { closeTestDb, openTestDb } from '../../db';
import { accept, book, freeDriver, makeWorld, request, type World } from '../trust/fixtures';
import { startFlightStandIn, type StandInFlight } from '../../../e2e/support/flight-status-stand-in';

/*
 * Airport pickups that follow their flight, end to end below the browser: the
 * booking checks the flight against the local provider stand-in (AeroDataBox's
 * format), a delay, an early arrival, a diversion, a cancellation and bad data
 * from the provider, a landing recorded by a person, and the operator turning
 * following off. Rides are days ahead, so no check depends on the hour.
 */

let db: Db;
let world: World;
let standIn: Awaited<ReturnType<typeof startFlightStandIn>>;
const updates: RideUpdate[] = [];
const ENV = ['FLIGHT_STATUS_PROVIDER', 'FLIGHT_STATUS_API_KEY', 'FLIGHT_STATUS_API_BASE', 'FLIGHT_STATUS_TIMEOUT_MS', 'RATE_LIMITS'] as const;

const IST = '+05:30';
/** The local date three days out (IST), and instants on it. */
const DAY = localDate(new Date(Date.now() + 3 * 86_400_000), 'Asia/Kolkata');
const at = (hhmm: string, day = DAY) => new Date(`${day}T${hhmm}:00${IST}`);
const MAA = { lat: 12.9941, lng: 80.1709, name: 'Chennai International Airport (MAA)' };
const T_NAGAR = { lat: 13.0418, lng: 80.2341, name: 'T Nagar, Chennai' };

const flight = (number: string, over: Partial<StandInFlight> = {}): StandInFlight => ({
  number,
  origin: 'DEL',
  destination: 'MAA',
  scheduledDeparture: at('07:20').toISOString(),
  scheduledArrival: at('10:00').toISOString(),
  ...over,
});
const script = (f: StandInFlight) => fetch(`${standIn.url}/_flights`, { method: 'POST', body: JSON.stringify(f) });
const mode = (m: string) => fetch(`${standIn.url}/_mode`, { method: 'POST', body: JSON.stringify({ mode: m }) });

let keys = 0;
async function quote(pickupTime: Date, pickup = MAA, dropoff = T_NAGAR) {
  return createQuote(
    db,
    { id: world.id, currency: 'INR', timeZone: 'Asia/Kolkata' },
    {
      rideType: 'oneway',
      tripKind: 'airport',
      pickupLocation: pickup,
      dropoffLocation: dropoff,
      pickupTime: pickupTime.toISOString(),
    },
  );
}
async function bookAirport(body: Record<string, unknown>, pickupTime = at('10:30')) {
  const q = await quote(pickupTime);
  const res = await callApi(
    request(world, '/api/rides', { body: { rideSearchId: q.id, rideVehicle: 'sedan', idempotencyKey: `flight-key-${++keys}`, ...body } }),
  );
  const json = await res.json();
  return { status: res.status, json, number: json.data?.[0]?.rideId as number | undefined };
}
const rideByNumber = async (number: number) =>
  (
    await db
      .select()
      .from(rides)
      .where(and(eq(rides.businessId, world.id), eq(rides.number, number)))
  )[0];
/** A session cookie for the driver's own sign-in (the driver app's). */
async function driverCookie(driverId: number): Promise<string> {
  const [driver] = await db.select({ userId: drivers.userId, businessId: drivers.businessId }).from(drivers).where(eq(drivers.id, driverId));
  return `__Host-session=${await createSession(db, { id: driver.userId!, businessId: driver.businessId })}`;
}
const flightOf = async (rideId: number) => (await db.select().from(rideFlights).where(eq(rideFlights.rideId, rideId)))[0];

beforeAll(async () => {
  standIn = await startFlightStandIn();
  Object.assign(process.env, {
    FLIGHT_STATUS_PROVIDER: 'aerodatabox',
    FLIGHT_STATUS_API_KEY: 'adb-test-key-0001',
    FLIGHT_STATUS_API_BASE: standIn.url,
    // long enough for a loaded test machine, short enough for the stand-in's "hang" mode
    FLIGHT_STATUS_TIMEOUT_MS: '4000',
    // one rider books more rides here than the hourly limit allows (the limits have their own tests)
    RATE_LIMITS: 'off',
  });
  resetEnvForTests();
  db = await openTestDb();
  clearTenantCache();
  world = await makeWorld(db, 'demo');
  registerTripJobs();
  onRideUpdate((update) => void updates.push(update));
  await script(flight('AI302'));
  await script(flight('6E123', { origin: 'BOM', destination: 'BLR' }));
}, 120_000);

afterAll(async () => {
  for (const key of ENV) delete process.env[key];
  resetEnvForTests();
  await closeTestDb();
  await standIn.close();
});

describe('the flight at booking', () => {
  it('books an airport pickup with a flight typed any way, stores it and queues its first check', async () => {
    const { status, number } = await bookAirport({ flightNumber: 'ai-302', flightDirection: 'arrival' });
    expect(status).toBe(201);
    const ride = await rideByNumber(number!);
    expect(ride.flightNumber).toBe('AI302');
    expect(await flightOf(ride.id)).toMatchObject({ flightNumber: 'AI302', airportCode: 'MAA', state: 'scheduled', bookedLanding: at('10:00'), flag: null });
    const queued = await db.select().from(jobs).where(eq(jobs.kind, 'flight-check'));
    expect(queued.some((j) => j.payload.rideId === ride.id && j.runAt.getTime() > Date.now())).toBe(true);
  });

  it('refuses, naming the field, and books nothing: bad shape, unknown airline, wrong airport, wrong day, pickup before the landing, no flight', async () => {
    const before = (await db.select().from(rides)).length;
    const cases: [Record<string, unknown>, Date | undefined, string, string][] = [
      [{ flightNumber: 'AI 3O2' }, undefined, 'flightNumber', 'flightDigits'],
      [{ flightNumber: 'AI 302345678' }, undefined, 'flightNumber', 'flightTooLong'],
      [{ flightNumber: 'Q1 302' }, undefined, 'flightNumber', 'flightAirlineUnknown'],
      [{ flightNumber: '6E 123' }, undefined, 'flightNumber', 'flightWrongAirport'],
      [{ flightNumber: 'AI 302' }, at('10:30', localDate(new Date(Date.now() + 4 * 86_400_000), 'Asia/Kolkata')), 'flightNumber', 'flightNotOnDay'],
      [{ flightNumber: 'AI 302' }, at('10:15'), 'pickupTime', 'pickupBeforeLanding'],
      [{}, undefined, 'flightNumber', 'flightRequired'],
    ];
    for (const [body, pickup, field, key] of cases) {
      const { status, json } = await bookAirport(body, pickup);
      expect([JSON.stringify(body), status, json.error?.field, json.error?.key]).toEqual([JSON.stringify(body), 400, field, key]);
    }
    expect(await db.select().from(rides)).toHaveLength(before);
  });

  it('answers the form: the landing and the earliest pickup; a date two years ahead is refused', async () => {
    const ok = await callApi(request(world, `/api/flights/check?flight=ai%20302&airport=maa&date=${DAY}&direction=arrival`));
    expect(await ok.json()).toMatchObject({
      data: {
        flight: 'AI302',
        display: 'AI 302',
        airline: 'Air India Limited',
        checked: true,
        landing: at('10:00').toISOString(),
        earliestPickup: at('10:30').toISOString(),
      },
    });
    const far = localDate(new Date(Date.now() + 730 * 86_400_000), 'Asia/Kolkata');
    const refused = await callApi(request(world, `/api/flights/check?flight=AI302&airport=MAA&date=${far}`));
    expect([refused.status, (await refused.json()).error]).toEqual([400, expect.objectContaining({ field: 'date', key: 'flightDateTooFar' })]);
  });

  it('books anyway when the provider fails, says so on the flight, and never blocks the rider', async () => {
    await mode('garbage');
    // a flight not asked about yet (booking-time answers are cached ten minutes)
    const { status, number } = await bookAirport({ flightNumber: 'AI310' });
    await mode('normal');
    expect(status).toBe(201);
    expect(await flightOf((await rideByNumber(number!)).id)).toMatchObject({ state: 'unknown', lastError: 'garbage', bookedLanding: null });
  });
});

describe('the pickup follows the flight', () => {
  async function bookedRide(number = 'AI302', pickup = at('10:30')) {
    await script(flight(number));
    const { number: n } = await bookAirport({ flightNumber: number }, pickup);
    return rideByNumber(n!);
  }

  it('a 50-minute delay moves the pickup, records who said so, and tells the rider and the screens', async () => {
    const ride = await bookedRide();
    await accept(db, world, ride.id);
    await script(flight('AI302', { state: 'enroute', estimatedArrival: at('10:50').toISOString() }));
    updates.length = 0;
    expect(await checkRideFlight(db, ride.id)).toMatchObject({ kind: 'moved', to: at('11:20') });
    expect((await rideByNumber(ride.number)).pickupTime).toEqual(at('11:20'));
    expect(await flightOf(ride.id)).toMatchObject({ state: 'enroute', estimatedArrival: at('10:50'), source: 'provider' });
    const [event] = await db.select().from(rideEvents).where(eq(rideEvents.rideId, ride.id)).orderBy(rideEvents.id);
    expect(event).toBeDefined();
    expect(updates.map((u) => [u.ride.id, u.reason])).toEqual([[ride.id, 'pickup_moved']]);
    await runDueJobs(db, 'test');
    const sms = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.businessId, world.id), eq(outbox.recipient, '+919845000001')));
    expect(sms.map((m) => m.body).join('\n')).toMatch(/AI 302.*11:20/);
    const driverSms = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.businessId, world.id), eq(outbox.recipient, '+919845000002')));
    expect(driverSms.map((m) => m.body).join('\n')).toMatch(/11:20/);
  });

  it('the scheduled check, once due, asks the provider and moves the pickup by itself, then schedules the next look', async () => {
    registerFlightJobs();
    const ride = await bookedRide('AI322');
    await accept(db, world, ride.id);
    const scheduled = async () =>
      (
        await db
          .select()
          .from(jobs)
          .where(and(eq(jobs.kind, 'flight-check'), eq(jobs.status, 'pending')))
      ).filter((j) => j.payload.rideId === ride.id);
    const [first] = await scheduled();
    expect(first.runAt.getTime()).toBeGreaterThan(Date.now());
    await script(flight('AI322', { state: 'enroute', estimatedArrival: at('10:50').toISOString() }));
    // its time comes (three days ahead it is hours away)
    await db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, first.id));
    updates.length = 0;
    await runDueJobs(db, 'test');
    expect((await rideByNumber(ride.number)).pickupTime).toEqual(at('11:20'));
    expect(await flightOf(ride.id)).toMatchObject({ state: 'enroute', estimatedArrival: at('10:50'), source: 'provider' });
    expect(updates.map((u) => [u.ride.id, u.reason])).toContainEqual([ride.id, 'pickup_moved']);
    const next = await scheduled();
    expect(next).toHaveLength(1);
    expect(next[0].runAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('moves inside ten minutes become one message, sent at the window end with the newest time', async () => {
    const ride = await bookedRide('AI309');
    await script(flight('AI309', { state: 'enroute', estimatedArrival: at('10:50').toISOString() }));
    await checkRideFlight(db, ride.id);
    await runDueJobs(db, 'test');
    await script(flight('AI309', { state: 'enroute', estimatedArrival: at('11:05').toISOString() }));
    expect(await checkRideFlight(db, ride.id)).toMatchObject({ kind: 'moved', to: at('11:35') });
    const before = Date.now();
    await runDueJobs(db, 'test');
    const told = await db
      .select({ body: outbox.body })
      .from(outbox)
      .where(and(eq(outbox.rideId, ride.id), eq(outbox.purpose, 'pickup-moved')));
    expect(told.map((m) => m.body)).toEqual([expect.stringMatching(/11:20/)]);
    const deferred = (
      await db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, 'pickup-moved'), eq(jobs.status, 'pending')))
    ).filter((job) => job.key.startsWith(`pickup-moved:${ride.id}:window:`));
    expect(deferred).toHaveLength(1);
    expect(deferred[0].runAt.getTime()).toBeGreaterThan(before + 5 * 60_000);
  });

  it('an early arrival moves it earlier; a second look with the same news moves nothing', async () => {
    const ride = await bookedRide('AI303');
    await script(flight('AI303', { state: 'landed', actualArrival: at('09:40').toISOString() }));
    expect(await checkRideFlight(db, ride.id)).toMatchObject({ kind: 'moved', to: at('10:10') });
    expect(await flightOf(ride.id)).toMatchObject({ state: 'landed', landedAt: at('09:40') });
    expect(await checkRideFlight(db, ride.id)).toEqual({ kind: 'kept' });
  });

  it('a diversion and a cancellation flag the ride and move nothing', async () => {
    const diverted = await bookedRide('AI304');
    await script(flight('AI304', { state: 'diverted', divertedTo: 'BLR', estimatedArrival: at('11:40').toISOString() }));
    expect(await checkRideFlight(db, diverted.id)).toEqual({ kind: 'flagged', flag: 'diverted' });
    expect((await rideByNumber(diverted.number)).pickupTime).toEqual(at('10:30'));
    const cancelled = await bookedRide('AI305');
    await script(flight('AI305', { state: 'cancelled' }));
    expect(await checkRideFlight(db, cancelled.id)).toEqual({ kind: 'flagged', flag: 'cancelled' });
    expect(await flightOf(cancelled.id)).toMatchObject({ flag: 'cancelled', state: 'cancelled' });
    expect((await rideByNumber(cancelled.number)).pickupTime).toEqual(at('10:30'));
  });

  it('moves nothing when the operator turned following off, but keeps the news', async () => {
    const ride = await bookedRide('AI306');
    const off = await callApi(
      request(world, `/api/partner/rides/${ride.number}/flight`, { cookie: world.partnerCookie, body: { action: 'follow', follow: false } }),
    );
    expect((await off.json()).data.flight.followFlight).toBe(false);
    await script(flight('AI306', { state: 'enroute', estimatedArrival: at('11:00').toISOString() }));
    expect(await checkRideFlight(db, ride.id)).toEqual({ kind: 'kept' });
    expect((await rideByNumber(ride.number)).pickupTime).toEqual(at('10:30'));
    expect(await flightOf(ride.id)).toMatchObject({ estimatedArrival: at('11:00') });
  });

  it('moves nothing on bad data: a landing days away, garbage, no answer; three failures flag the ride for a person', async () => {
    const ride = await bookedRide('AI307');
    await script(
      flight('AI307', { state: 'enroute', estimatedArrival: at('10:00', localDate(new Date(Date.now() + 6 * 86_400_000), 'Asia/Kolkata')).toISOString() }),
    );
    expect(await checkRideFlight(db, ride.id)).toEqual({ kind: 'rejected', reason: 'implausible' });
    expect(await flightOf(ride.id)).toMatchObject({ lastError: 'implausible' });
    for (const m of ['garbage', 'hang', 'refuse']) {
      await mode(m);
      expect(await checkRideFlight(db, ride.id)).toMatchObject({ kind: 'unchecked' });
    }
    await mode('normal');
    expect(await flightOf(ride.id)).toMatchObject({ failures: 3, flag: 'unverified', lastError: 'refused' });
    expect((await rideByNumber(ride.number)).pickupTime).toEqual(at('10:30'));
  });

  it('a person records the landing or a new time (the offline default); a landing in the future or days away is refused', async () => {
    const ride = await bookedRide('AI308');
    const eta = await callApi(
      request(world, `/api/partner/rides/${ride.number}/flight`, { cookie: world.partnerCookie, body: { action: 'eta', at: at('10:40').toISOString() } }),
    );
    expect(await eta.json()).toMatchObject({
      data: { outcome: { kind: 'moved' }, flight: { expectedArrival: at('10:40').toISOString(), moved: true, source: 'operator' } },
    });
    expect((await rideByNumber(ride.number)).pickupTime).toEqual(at('11:10'));
    for (const [body, key] of [
      [{ action: 'landed', at: at('10:40').toISOString() }, 'landedInFuture'],
      [{ action: 'eta', at: at('10:40', localDate(new Date(Date.now() + 9 * 86_400_000), 'Asia/Kolkata')).toISOString() }, 'flightTimeImplausible'],
      [{ action: 'eta', at: 'tomorrow' }, 'flightTimeInvalid'],
    ] as const) {
      const res = await callApi(request(world, `/api/partner/rides/${ride.number}/flight`, { cookie: world.partnerCookie, body }));
      expect([res.status, (await res.json()).error]).toEqual([400, expect.objectContaining({ field: 'at', key })]);
    }
    expect((await rideByNumber(ride.number)).pickupTime).toEqual(at('11:10'));
  });

  it("the driver records a new time on their own ride only; another driver's or operator's ride is not found; bad input names the field", async () => {
    const own = await freeDriver(db, world);
    const other = await freeDriver(db, world);
    const ride = await bookedRide('AI320');
    await applyRideAction(db, world.id, world.partnerId, ride.id, { action: 'accept', ...own });
    const theirs = await bookedRide('AI321');
    await applyRideAction(db, world.id, world.partnerId, theirs.id, { action: 'accept', ...other });
    const cookie = await driverCookie(own.driverId);
    const record = (number: number, body: unknown, as = cookie, host?: string) =>
      callApi(request(world, `/api/driver/rides/${number}/flight`, { cookie: as, body, host }));

    const eta = await record(ride.number, { action: 'eta', at: at('10:40').toISOString() });
    expect([eta.status, await eta.json()]).toEqual([
      200,
      expect.objectContaining({
        data: expect.objectContaining({
          outcome: expect.objectContaining({ kind: 'moved' }),
          flight: expect.objectContaining({ expectedArrival: at('10:40').toISOString(), moved: true, source: 'driver' }),
        }),
      }),
    ]);
    expect((await rideByNumber(ride.number)).pickupTime).toEqual(at('11:10'));

    const elsewhere = await makeWorld(db, 'flights-other');
    const stranger = await driverCookie(elsewhere.driverId);
    for (const [number, as, host] of [
      [theirs.number, cookie, undefined],
      [ride.number, stranger, elsewhere.host],
    ] as const) {
      const res = await record(number, { action: 'eta', at: at('10:45').toISOString() }, as, host);
      expect([number, res.status]).toEqual([number, 404]);
    }
    expect((await rideByNumber(theirs.number)).pickupTime).toEqual(at('10:30'));

    for (const [body, field, key] of [
      [{ action: 'landed', at: at('10:40').toISOString() }, 'at', 'landedInFuture'],
      [{ action: 'eta', at: at('10:40', localDate(new Date(Date.now() + 9 * 86_400_000), 'Asia/Kolkata')).toISOString() }, 'at', 'flightTimeImplausible'],
      [{ action: 'eta', at: 'tomorrow' }, 'at', 'flightTimeInvalid'],
      [{ action: 'follow', follow: false }, 'action', 'actionInvalid'],
    ] as const) {
      const res = await record(ride.number, body);
      expect([JSON.stringify(body), res.status, (await res.json()).error]).toEqual([JSON.stringify(body), 400, expect.objectContaining({ field, key })]);
    }
    expect((await rideByNumber(ride.number)).pickupTime).toEqual(at('11:10'));
  });
});

describe('meeting the rider and paid waiting', () => {
  const MINUTE = 60_000;
  /** An accepted airport ride whose flight landed `landedAgo` minutes ago (the ride was booked days ahead; the clock is moved for the test). */
  async function landedRide(number: string, landedAgo: number) {
    await script(flight(number));
    const { number: n } = await bookAirport({ flightNumber: number });
    const ride = await rideByNumber(n!);
    await accept(db, world, ride.id);
    await db
      .update(rideFlights)
      .set({ landedAt: new Date(Date.now() - landedAgo * MINUTE), state: 'landed' })
      .where(eq(rideFlights.rideId, ride.id));
    return rideByNumber(n!);
  }
  /** Starts and completes the ride; answers the ride and its waiting, as recorded (a fare adjustment of kind waiting: minutes and charge). */
  const finish = async (ride: { id: number; startCode: string | null }, waitingMinutes?: number) => {
    await applyRideAction(db, world.id, world.partnerId, ride.id, { action: 'start', startCode: ride.startCode! });
    const done = await applyRideAction(db, world.id, world.partnerId, ride.id, {
      action: 'complete',
      ...(waitingMinutes === undefined ? {} : { waitingMinutes }),
    });
    const waited = await db.select().from(fareAdjustments).where(eq(fareAdjustments.rideId, ride.id));
    return { ...done, waited: waited.map((a) => ({ kind: a.kind, quantity: a.quantity, amount: a.amount })) };
  };

  it('tells the traveller once, with the meeting point, that the driver is there; a ride not accepted is refused', async () => {
    await saveMeetingPoint(db, world.id, 'MAA', { texts: { en: 'Arrivals exit gate 4, by the coffee counter' }, photoUrl: null });
    const ride = await landedRide('AI311', 10);
    updates.length = 0;
    await driverArrived(db, world.id, ride.id);
    await driverArrived(db, world.id, ride.id);
    await runDueJobs(db, 'test');
    const told = (
      await db
        .select()
        .from(outbox)
        .where(and(eq(outbox.businessId, world.id), eq(outbox.recipient, '+919845000001')))
    )
      .map((m) => m.body)
      .filter((body) => body.includes('is at the meeting point'));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(/Arrivals exit gate 4, by the coffee counter/);
    expect(updates.map((u) => u.reason)).toEqual(['arrived', 'arrived']);
    const booked = await bookedAirportRide('AI312');
    await expect(driverArrived(db, world.id, booked.id)).rejects.toMatchObject({ code: 'illegal_transition' });
  });

  it('charges nothing while the driver never said they were there, however long ago the flight landed', async () => {
    const ride = await landedRide('AI313', 120);
    const done = await finish(ride);
    expect(done.waited).toEqual([]);
  });

  it('counts from the landing once the driver is there: 80 minutes with 60 free are 2 started blocks, itemised in the ledger and on the invoice', async () => {
    const ride = await landedRide('AI314', 80);
    await db
      .update(rides)
      .set({ driverArrivedAt: new Date(Date.now() - 95 * MINUTE) })
      .where(eq(rides.id, ride.id));
    const fare = ride.totalAmount;
    const done = await finish(ride);
    // the sedan's waiting charge is seeded at 60 rupees a block
    expect(done.waited).toEqual([{ kind: 'waiting', quantity: 80, amount: 12_000 }]);
    expect(done).toMatchObject({ adjustmentAmount: 12_000, totalAmount: fare + 12_000 });
    const entries = await db.select().from(walletEntries).where(eq(walletEntries.rideId, ride.id));
    expect(entries.filter((e) => e.kind === 'fare_adjustment').map((e) => e.cash + e.available)).toEqual([12_000]);
    // My rides itemises it through the one list of fare lines
    const mine = await riderRides(db, world.id, ride.riderId);
    expect(mine.past.find((r) => r.id === ride.number)?.fareLines).toContainEqual({ code: 'waiting', amount: 12_000 });
    const invoice = await issueInvoice(db, world.id, ride.id);
    expect(invoice.data.lines.find((l) => l.code === 'waiting')).toEqual({
      code: 'waiting',
      amount: 12_000,
      values: { paidMinutes: 20, freeMinutes: 60, blocks: 2, blockMinutes: 15 },
    });
    expect(invoice.data.total).toBe(fare + 12_000);
  });

  it('takes the minutes the driver or the operator recorded instead of the clock; within the free time nothing is charged', async () => {
    const corrected = await landedRide('AI315', 200);
    expect((await finish(corrected, 75)).waited).toEqual([{ kind: 'waiting', quantity: 75, amount: 6_000 }]);
    const free = await landedRide('AI316', 200);
    expect((await finish(free, 60)).waited).toEqual([]);
  });

  it("the driver details link the track page's meeting point only on an airport pickup with one, the link whole within one SMS", async () => {
    const details = async (rideId: number) => {
      await sendDriverDetails(db, rideId);
      const [sms] = await db
        .select()
        .from(outbox)
        .where(and(eq(outbox.rideId, rideId), eq(outbox.purpose, 'driver-details'), eq(outbox.channel, 'sms')));
      return sms.body;
    };
    const origin = siteOrigin({ slug: world.slug, domain: null });
    const PHOTO = '/media/demo/airport/0b6f1d2e-8f57-4a41-9d51-4f3f0f6a9c11.jpg';
    // the operator's text is cut to 200 characters in a message; this one would push the link past an SMS
    const long = `Arrivals exit gate 4, by the coffee counter; ${'look for the blue board with your name. '.repeat(12)}`;
    await saveMeetingPoint(db, world.id, 'MAA', { texts: { en: long }, photoUrl: null });
    const met = await landedRide('AI317', 10);
    const body = await details(met.id);
    const link = body.match(/See where to meet: (\S+)$/)?.[1];
    expect(link).toMatch(new RegExp(`^${origin.replace(/[.:/]/g, '\\$&')}/[^?]*track/driver\\?rideId=${met.number}&token=[\\w-]+#meeting-point$`));
    expect(body).toContain(`Track: ${link!.replace('#meeting-point', '')}`);
    expect(body).toMatch(/Meeting point: Arrivals exit gate 4, by the coffee counter; look for/);
    expect(Array.from(body).length).toBeLessThanOrEqual(MESSAGE_TEXT_MAX.sms);
    // the page it opens (anyone holding the message) has the meeting point and its photo
    await saveMeetingPoint(db, world.id, 'MAA', { texts: { en: 'Gate 4' }, photoUrl: PHOTO });
    const token = new URL(link!).searchParams.get('token');
    const track = await callApi(request(world, `/api/rides/${met.number}/track?token=${token}`, { cookie: '' }));
    expect((await track.json()).data.meetingPoint).toEqual({ text: 'Gate 4', lang: 'en', photoUrl: PHOTO, photoWebp: PHOTO.replace(/\.jpg$/, '.webp') });

    await removeMeetingPoint(db, world.id, 'MAA');
    const unmet = await landedRide('AI318', 10);
    const outstation = await book(db, world);
    await accept(db, world, outstation.id);
    for (const ride of [unmet, outstation]) {
      const plain = await details(ride.id);
      expect(plain).toMatch(/Track: \S+token=[\w-]+$/);
      expect(plain).not.toMatch(/meeting/i);
    }
  });

  async function bookedAirportRide(number: string) {
    await script(flight(number));
    const { number: n } = await bookAirport({ flightNumber: number });
    return rideByNumber(n!);
  }
});
