import { and, desc, eq } from 'drizzle-orm';
import { callApi } from '../../api';
import { agencies, drivers, outbox, rideEvents, rides, users, vehicles, type VehicleType } from '@/lib/db/schema';
import { createBusiness } from '@/lib/tenancy/commands';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import { createSession } from '@/lib/auth/session';
import { createQuote } from '@/lib/fares/quote';
import { bookRide } from '@/lib/rides/commands';
import { registerProvider, type MessageProvider } from '@/lib/messaging/providers';
import { handleUserMessage } from '@/lib/chat/service';
import { parseCustomer } from '@/lib/chat/agent-customer';
import { vehicleFit } from '@/lib/booking/vehicle-classes';
import type { Db } from '@/lib/db/client';
import en from '@/messages/en.json';
import ta from '@/messages/ta.json';
import { closeTestDb, openTestDb } from '../../db';
import { chennaiToBengaluru, dubaiToAbuDhabi } from '../../trips';
import { loadPlaceIndex } from '@/lib/places/place-index';

/*
 * Issue 14 items 1 and 2: who can take a ride (availability, class, upgrade),
 * two accepts of one driver at once, reassignment, block/remove refusals, and
 * the start code that reaches a customer booked by phone.
 */

let db: Db;
type Biz = { id: number; slug: string; host: string; currency: string; timeZone: string; partnerCookie: string; partnerId: number; riderId: number };
const biz: Record<'demo' | 'acme' | 'tamil', Biz> = {} as never;
let phoneSeq = 0;
const nextPhone = () => `98450${String(++phoneSeq).padStart(5, '0')}`;

const trip = chennaiToBengaluru;

async function setUp(key: 'demo' | 'acme' | 'tamil', country: 'in' | 'ae', language = 'en') {
  const business = await createBusiness(db, { slug: key, name: `${key} cabs`, countryCode: country, language });
  const [partner] = await db
    .insert(users)
    .values({ businessId: business.id, role: 'travelsx-partner', email: `ops@${key}.example`, name: 'Ops' })
    .returning();
  const [rider] = await db
    .insert(users)
    .values({ businessId: business.id, role: 'travelsx-user', name: 'Asha', phoneCode: '91', phone: nextPhone() })
    .returning();
  biz[key] = {
    ...business,
    host: key === 'demo' ? 'localhost:3000' : `${key}.localhost:3000`,
    partnerCookie: `__Host-session=${await createSession(db, { id: partner.id, businessId: business.id })}`,
    partnerId: partner.id,
    riderId: rider.id,
  };
}

async function addDriver(key: keyof typeof biz, name: string, over: Partial<typeof drivers.$inferInsert> = {}) {
  const phone = nextPhone();
  const [user] = await db.insert(users).values({ businessId: biz[key].id, role: 'travelsx-driver', name, phoneCode: '91', phone }).returning();
  const [driver] = await db
    .insert(drivers)
    .values({ businessId: biz[key].id, userId: user.id, name, phoneCode: '91', phone, accountStatus: 'Verified', online: true, ...over })
    .returning();
  return { ...driver, cookie: `__Host-session=${await createSession(db, { id: user.id, businessId: biz[key].id })}` };
}

let plateSeq = 0;
async function addVehicle(key: keyof typeof biz, vehicleType: VehicleType, over: Partial<typeof vehicles.$inferInsert> = {}) {
  const [vehicle] = await db
    .insert(vehicles)
    .values({ businessId: biz[key].id, vehicleType, model: 'Model', number: `TN01 AB${String(++plateSeq).padStart(4, '0')}`, ...over })
    .returning();
  return vehicle;
}

async function bookFor(key: keyof typeof biz, vehicleType: VehicleType = 'sedan') {
  // each operator books in its own market (acme is in the UAE: Chennai is a country it does not drive in)
  const quote = await createQuote(db, biz[key], key === 'acme' ? dubaiToAbuDhabi() : trip());
  return (
    await bookRide(db, biz[key].id, biz[key].riderId, {
      rideSearchId: quote.id,
      rideVehicle: vehicleType,
      idempotencyKey: `k-${Math.random()}`,
      paymentMethod: 'cash',
      source: 'form',
    })
  ).ride;
}

async function call(method: string, path: string, { key = 'demo', body, cookie }: { key?: keyof typeof biz; body?: unknown; cookie?: string } = {}) {
  const { host } = biz[key];
  const res = await callApi(
    new Request(`http://${host}${path}`, {
      method,
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: { host, origin: `http://${host}`, 'content-type': 'application/json', cookie: cookie ?? biz[key].partnerCookie },
    }),
  );
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null, headers: res.headers };
}
const rideRow = async (id: number) => (await db.select().from(rides).where(eq(rides.id, id)))[0];
/** The ride an API answer names by its number within operator `key`. */
const rideNo = async (key: keyof typeof biz, n: number) =>
  (
    await db
      .select()
      .from(rides)
      .where(and(eq(rides.businessId, biz[key].id), eq(rides.number, n)))
  )[0];
/** A console action on the ride the API knows as number `n`. */
const actNo = (n: number, body: unknown, key: keyof typeof biz = 'demo') => call('POST', `/api/partner/rides/${n}`, { key, body });
/** A console action on the ride with database id `rideId`, addressed as the API does: by its number within the operator. */
const act = async (rideId: number, body: unknown, key: keyof typeof biz = 'demo') =>
  call('POST', `/api/partner/rides/${(await rideRow(rideId)).number}`, { key, body });
const lastOutbox = async (businessId: number) => (await db.select().from(outbox).where(eq(outbox.businessId, businessId)).orderBy(desc(outbox.id)).limit(1))[0];

beforeAll(async () => {
  db = await openTestDb();
  clearTenantCache();
  await setUp('demo', 'in');
  await setUp('acme', 'ae');
  await setUp('tamil', 'in', 'ta');
}, 60_000);
afterAll(closeTestDb);

describe('availability', () => {
  it('offers available verified drivers first, others disabled with the reason, and vehicles by class fit', async () => {
    const free = await addDriver('acme', 'Free Faisal');
    const offline = await addDriver('acme', 'Offline Omar', { online: false });
    const blocked = await addDriver('acme', 'Blocked Bilal', { accountStatus: 'Blocked', online: false });
    const pending = await addDriver('acme', 'Pending Priya', { accountStatus: 'pending' });
    const busy = await addDriver('acme', 'Busy Basim');
    const sedan = await addVehicle('acme', 'sedan');
    const busySedan = await addVehicle('acme', 'sedan');
    const suv = await addVehicle('acme', 'suv');
    const hatch = await addVehicle('acme', 'hatchback');
    const held = await bookFor('acme');
    expect((await act(held.id, { action: 'accept', driverId: busy.id, vehicleId: busySedan.id }, 'acme')).status).toBe(200);

    const ride = await bookFor('acme');
    const { status, json } = await call('GET', `/api/partner/rides/assignable?rideId=${ride.number}`, { key: 'acme' });
    expect(status).toBe(200);
    const byId = new Map(json.data.drivers.map((d: { id: number }) => [d.id, d]));
    expect(json.data.drivers[0]).toMatchObject({ id: free.id, availability: 'available' });
    expect(byId.get(busy.id)).toMatchObject({ availability: 'busy', openRideId: held.id });
    expect(byId.get(offline.id)).toMatchObject({ availability: 'offline' });
    expect(byId.get(blocked.id)).toMatchObject({ availability: 'blocked' });
    expect(byId.get(pending.id)).toMatchObject({ availability: 'unverified' });
    const vehiclesById = new Map(json.data.vehicles.map((v: { id: number }) => [v.id, v]));
    expect(vehiclesById.get(sedan.id)).toMatchObject({ fit: 'match', availability: 'available' });
    expect(vehiclesById.get(busySedan.id)).toMatchObject({ fit: 'match', availability: 'busy', openRideId: held.id });
    expect(vehiclesById.get(suv.id)).toMatchObject({ fit: 'upgrade' });
    expect(vehiclesById.get(hatch.id)).toMatchObject({ fit: 'smaller' });

    // Each refusal is a 4xx naming the problem (with the key and values the screen translates), and changes nothing.
    const refusals: [number, number, number, string, Record<string, unknown>][] = [
      [busy.id, sedan.id, 409, 'driverBusy', { name: 'Busy Basim', ride: held.number }],
      [offline.id, sedan.id, 409, 'driverOffline', { name: 'Offline Omar' }],
      [blocked.id, sedan.id, 409, 'driverBlocked', { name: 'Blocked Bilal' }],
      [pending.id, sedan.id, 409, 'driverNotVerified', { name: 'Pending Priya' }],
      [free.id, hatch.id, 409, 'vehicleClassSmaller', { name: hatch.number }],
      [free.id, suv.id, 409, 'vehicleNeedsUpgrade', { name: suv.number }],
      [free.id, busySedan.id, 409, 'vehicleBusy', { name: busySedan.number, ride: held.number }],
    ];
    for (const [driverId, vehicleId, code, key, params] of refusals) {
      const refused = await act(ride.id, { action: 'accept', driverId, vehicleId }, 'acme');
      expect([refused.status, refused.json.error.key]).toEqual([code, key]);
      expect(refused.json.error.values).toMatchObject(params);
      expect(refused.json.error.message).toContain(String(params.name));
    }
    const demoDriver = await addDriver('demo', 'Foreign Farid');
    const foreign = await act(ride.id, { action: 'accept', driverId: demoDriver.id, vehicleId: sedan.id }, 'acme');
    expect([foreign.status, foreign.json.error.code]).toEqual([404, 'driver_unknown']);
    expect(await rideRow(ride.id)).toMatchObject({ status: 'booked', driverId: null, vehicleId: null });

    // The larger class with the explicit upgrade is recorded on the ride and its event.
    const upgraded = await act(ride.id, { action: 'accept', driverId: free.id, vehicleId: suv.id, upgrade: true }, 'acme');
    expect(upgraded.status).toBe(200);
    expect(await rideRow(ride.id)).toMatchObject({ status: 'accepted', driverId: free.id, vehicleId: suv.id, vehicleUpgrade: true });
    const [event] = await db
      .select()
      .from(rideEvents)
      .where(and(eq(rideEvents.rideId, ride.id), eq(rideEvents.toStatus, 'accepted')));
    expect(event.data).toMatchObject({ driverId: free.id, vehicleId: suv.id, upgrade: true });
  });

  it('a driver is busy while holding an accepted or on-trip ride and free again on completion or cancellation', async () => {
    const driver = await addDriver('demo', 'Ravi');
    const [v1, v2] = [await addVehicle('demo', 'sedan'), await addVehicle('demo', 'sedan')];
    const first = await bookFor('demo');
    const second = await bookFor('demo');
    expect((await act(first.id, { action: 'accept', driverId: driver.id, vehicleId: v1.id })).status).toBe(200);
    expect((await act(second.id, { action: 'accept', driverId: driver.id, vehicleId: v2.id })).json.error).toMatchObject({
      code: 'driver_busy',
      values: { name: 'Ravi', ride: first.number },
    });
    expect((await act(first.id, { action: 'start', startCode: first.startCode })).status).toBe(200);
    expect((await act(second.id, { action: 'accept', driverId: driver.id, vehicleId: v2.id })).status).toBe(409);
    expect((await act(first.id, { action: 'complete' })).status).toBe(200);
    expect((await act(second.id, { action: 'accept', driverId: driver.id, vehicleId: v2.id })).status).toBe(200);
    expect((await act(second.id, { action: 'decline', reason: 'Customer changed plans' })).status).toBe(200);
    const third = await bookFor('demo');
    expect((await act(third.id, { action: 'accept', driverId: driver.id, vehicleId: v1.id })).status).toBe(200);
  });

  it('two concurrent accepts of the same driver: exactly one wins, the other is a 409 naming the driver', async () => {
    const driver = await addDriver('demo', 'Concurrent Kumar');
    const [v1, v2] = [await addVehicle('demo', 'sedan'), await addVehicle('demo', 'sedan')];
    const [a, b] = [await bookFor('demo'), await bookFor('demo')];
    const answers = await Promise.all([
      act(a.id, { action: 'accept', driverId: driver.id, vehicleId: v1.id }),
      act(b.id, { action: 'accept', driverId: driver.id, vehicleId: v2.id }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = answers.find((r) => r.status === 409)!;
    expect(loser.json.error).toMatchObject({ code: 'driver_busy', key: 'driverBusy', values: { name: 'Concurrent Kumar' } });
    expect(loser.json.error.message).toContain('Concurrent Kumar');
    const held = await db
      .select()
      .from(rides)
      .where(and(eq(rides.driverId, driver.id), eq(rides.status, 'accepted')));
    expect(held).toHaveLength(1);
  });

  it('two concurrent accepts of the same vehicle with different drivers: one wins', async () => {
    const [d1, d2] = [await addDriver('demo', 'Vel One'), await addDriver('demo', 'Vel Two')];
    const vehicle = await addVehicle('demo', 'sedan');
    const [a, b] = [await bookFor('demo'), await bookFor('demo')];
    const answers = await Promise.all([
      act(a.id, { action: 'accept', driverId: d1.id, vehicleId: vehicle.id }),
      act(b.id, { action: 'accept', driverId: d2.id, vehicleId: vehicle.id }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.status === 409)!.json.error.code).toBe('vehicle_busy');
  });

  it('vehicle classes: the booked class, a larger one only with upgrade, never a smaller one', () => {
    expect(vehicleFit('sedan', 'sedan')).toBe('match');
    expect(vehicleFit('sedan', 'suv')).toBe('upgrade');
    expect(vehicleFit('sedan', 'luxury')).toBe('upgrade');
    expect(vehicleFit('sedan', 'hatchback')).toBe('smaller');
    expect(vehicleFit('sedan', 'electric')).toBe('smaller');
    expect(vehicleFit('hatchback', 'electric')).toBe('upgrade');
    expect(vehicleFit('luxury', 'suv')).toBe('smaller');
  });

  it('the driver app switches the driver online and offline, and shows the ride that makes them busy', async () => {
    const driver = await addDriver('demo', 'Switch Selvam', { online: false });
    const driverCall = (method: string, body?: unknown) => call(method, '/api/driver/availability', { cookie: driver.cookie, body });
    expect((await driverCall('GET')).json.data).toEqual({ online: false, busyRideId: null, verified: true });
    expect((await driverCall('PATCH', { online: true })).json.data).toEqual({ online: true, busyRideId: null, verified: true });
    expect((await driverCall('PATCH', { online: 'yes' })).status).toBe(400);
    const vehicle = await addVehicle('demo', 'sedan');
    const ride = await bookFor('demo');
    expect((await act(ride.id, { action: 'accept', driverId: driver.id, vehicleId: vehicle.id })).status).toBe(200);
    // the ride is a day and a half ahead: it holds the driver from its pickup, not from now
    expect((await driverCall('GET')).json.data).toEqual({ online: true, busyRideId: null, verified: true });
    await db.update(rides).set({ status: 'ontrip', startedAt: new Date() }).where(eq(rides.id, ride.id));
    expect((await driverCall('GET')).json.data).toEqual({ online: true, busyRideId: ride.number, verified: true });
    expect((await call('GET', '/api/driver/availability')).status).toBe(403);
  });
});

describe('reassign', () => {
  it('gives an accepted ride another driver or vehicle with an event row; the old driver is free again', async () => {
    const [ravi, suresh] = [await addDriver('demo', 'Reassign Ravi'), await addDriver('demo', 'Reassign Suresh')];
    const [v1, v2] = [await addVehicle('demo', 'sedan'), await addVehicle('demo', 'sedan')];
    const ride = await bookFor('demo');
    await act(ride.id, { action: 'accept', driverId: ravi.id, vehicleId: v1.id });
    const moved = await act(ride.id, { action: 'reassign', driverId: suresh.id, vehicleId: v2.id });
    expect(moved.status).toBe(200);
    expect(await rideRow(ride.id)).toMatchObject({ status: 'accepted', driverId: suresh.id, vehicleId: v2.id });
    const [event] = await db.select().from(rideEvents).where(eq(rideEvents.rideId, ride.id)).orderBy(desc(rideEvents.id)).limit(1);
    expect(event).toMatchObject({ fromStatus: 'accepted', toStatus: 'accepted', note: 'Reassigned' });
    expect(event.data).toMatchObject({ driver: { from: ravi.id, to: suresh.id }, vehicle: { from: v1.id, to: v2.id } });
    const other = await bookFor('demo');
    expect((await act(other.id, { action: 'accept', driverId: ravi.id, vehicleId: v1.id })).status).toBe(200);
    // The same choice again, a busy driver, or a finished ride: refused, nothing changed.
    expect((await act(ride.id, { action: 'reassign', driverId: suresh.id })).json.error.key).toBe('reassignUnchanged');
    expect((await act(ride.id, { action: 'reassign', driverId: ravi.id })).json.error).toMatchObject({ key: 'driverBusy', values: { ride: other.number } });
    expect((await act(ride.id, { action: 'reassign' })).status).toBe(400);
    await act(ride.id, { action: 'start', startCode: ride.startCode });
    await act(ride.id, { action: 'complete' });
    const late = await act(ride.id, { action: 'reassign', driverId: ravi.id });
    expect([late.status, late.json.error.key, late.json.error.values]).toEqual([409, 'rideNotReassignable', { ride: ride.number }]);
    expect(await rideRow(ride.id)).toMatchObject({ status: 'completed', driverId: suresh.id });
  });
});

describe('block and remove refusals', () => {
  it('refuses to block or remove a driver, or remove a vehicle, holding an open ride, naming the ride', async () => {
    const driver = await addDriver('demo', 'Holding Hari');
    const vehicle = await addVehicle('demo', 'sedan');
    const ride = await bookFor('demo');
    await act(ride.id, { action: 'accept', driverId: driver.id, vehicleId: vehicle.id });
    const block = await call('PATCH', `/api/partner/drivers/${driver.id}`, { body: { action: 'block' } });
    expect([block.status, block.json.error.key, block.json.error.values]).toEqual([409, 'driverHoldsRide', { name: 'Holding Hari', ride: ride.number }]);
    expect(block.json.error.message).toBe(`Holding Hari holds ride #${ride.number}. Reassign that ride first.`);
    const remove = await call('DELETE', `/api/partner/drivers/${driver.id}`);
    expect([remove.status, remove.json.error.key]).toEqual([409, 'driverHoldsRide']);
    // The vehicle keeps its class and stays online while on the ride.
    const offline = await call('PATCH', `/api/partner/vehicles/${vehicle.id}`, { body: { online: false } });
    expect([offline.status, offline.json.error.key]).toEqual([409, 'vehicleHoldsRide']);
    expect((await call('PATCH', `/api/partner/vehicles/${vehicle.id}`, { body: { vehicleType: 'suv' } })).status).toBe(409);
    expect((await call('PATCH', `/api/partner/vehicles/${vehicle.id}`, { body: { model: 'Honda City' } })).status).toBe(200);
    const removeVehicle = await call('DELETE', `/api/partner/vehicles/${vehicle.id}`);
    expect([removeVehicle.status, removeVehicle.json.error.key, removeVehicle.json.error.values]).toEqual([
      409,
      'vehicleHoldsRide',
      { name: vehicle.number, ride: ride.number },
    ]);
    const [d] = await db.select().from(drivers).where(eq(drivers.id, driver.id));
    expect(d).toMatchObject({ accountStatus: 'Verified', removedAt: null });
    expect((await db.select().from(vehicles).where(eq(vehicles.id, vehicle.id)))[0].removedAt).toBeNull();
    // Once the ride has ended, both go.
    await act(ride.id, { action: 'decline', reason: 'Reassigning the fleet' });
    expect((await call('PATCH', `/api/partner/drivers/${driver.id}`, { body: { action: 'block' } })).json.data.accountStatus).toBe('Blocked');
    expect((await call('DELETE', `/api/partner/vehicles/${vehicle.id}`)).status).toBe(200);
  });
});

describe('travel companies', () => {
  it('refuses to block or remove a travel company while one of its drivers holds an open ride', async () => {
    const [agency] = await db
      .insert(agencies)
      .values({ businessId: biz.demo.id, name: 'Hill Travels', phoneCode: '91', phone: nextPhone(), accountStatus: 'Verified' })
      .returning();
    const driver = await addDriver('demo', 'Agency Anand', { agencyId: agency.id });
    const vehicle = await addVehicle('demo', 'sedan');
    const ride = await bookFor('demo');
    await act(ride.id, { action: 'accept', driverId: driver.id, vehicleId: vehicle.id });
    const block = await call('PATCH', `/api/partner/agencies/${agency.id}`, { body: { action: 'block' } });
    expect([block.status, block.json.error.key, block.json.error.values]).toEqual([409, 'driverHoldsRide', { name: 'Agency Anand', ride: ride.number }]);
    expect((await call('DELETE', `/api/partner/agencies/${agency.id}`)).status).toBe(409);
    await act(ride.id, { action: 'decline', reason: 'Moved to another company' });
    expect((await call('PATCH', `/api/partner/agencies/${agency.id}`, { body: { action: 'block' } })).status).toBe(200);
  });
});

describe('customers booked by phone', () => {
  const bookByPhone = async (key: keyof typeof biz, number: string, idempotencyKey = `phone-${Math.random()}`) => {
    const quote = await createQuote(db, biz[key], trip());
    return call('POST', '/api/partner/rides/book', {
      key,
      body: { customerName: 'Meena', customerPhone: { dialCode: '91', number }, rideSearchId: quote.id, rideVehicle: 'sedan', idempotencyKey },
    });
  };

  it('sends the confirmation with the start code by SMS; the ride starts with that code', async () => {
    const number = nextPhone();
    const booked = await bookByPhone('demo', number, 'phone-first');
    expect(booked.status).toBe(201);
    const rideId = booked.json.data[0].rideId;
    const ride = await rideNo('demo', rideId);
    const message = await lastOutbox(biz.demo.id);
    expect(message).toMatchObject({ channel: 'sms', recipient: `+91${number}`, status: 'held' });
    expect(message.body).toContain(`ride #${rideId}`);
    expect(message.body).toContain(`Your start code is ${ride.startCode}`);
    expect(ride).toMatchObject({ source: 'console', codeSentVia: 'sms' });
    expect(ride.codeSentAt).toBeInstanceOf(Date);
    // A retried booking sends nothing again.
    const count = (
      await db
        .select()
        .from(outbox)
        .where(eq(outbox.recipient, `+91${number}`))
    ).length;
    await bookByPhone('demo', number, 'phone-first');
    expect(
      (
        await db
          .select()
          .from(outbox)
          .where(eq(outbox.recipient, `+91${number}`))
      ).length,
    ).toBe(count);
    // The card says where the code is, never the code.
    const card = (await call('GET', `/api/partner/rides?q=${rideId}`)).json.data.rides[0];
    expect(card).toMatchObject({ bookedForCustomer: true, codeSentVia: 'sms' });
    expect(JSON.stringify(card)).not.toContain(`"${ride.startCode}"`);
    // Accept with a free driver, start with the code the customer received, complete.
    const code = /start code is (\d{4})/.exec(message.body)![1];
    const driver = await addDriver('demo', 'Code Kannan');
    const vehicle = await addVehicle('demo', 'sedan');
    expect((await actNo(rideId, { action: 'accept', driverId: driver.id, vehicleId: vehicle.id })).status).toBe(200);
    expect((await actNo(rideId, { action: 'start', startCode: code })).json.data.status).toBe('ontrip');
    expect((await actNo(rideId, { action: 'complete' })).json.data.status).toBe('completed');
  });

  it("writes in the operator's language", async () => {
    const number = nextPhone();
    const booked = await bookByPhone('tamil', number);
    const ride = await rideNo('tamil', booked.json.data[0].rideId);
    const message = await lastOutbox(biz.tamil.id);
    expect(message.recipient).toBe(`+91${number}`);
    expect(message.body).toContain(ride.startCode);
    // The Tamil text, with the code where the template puts it ("உங்கள் தொடக்கக் குறியீடு {code}").
    expect(ta.CustomerMessages.booked).toContain('உங்கள் தொடக்கக் குறியீடு {code}');
    expect(message.body).toContain(`உங்கள் தொடக்கக் குறியீடு ${ride.startCode}`);
    expect(message.body.startsWith('tamil cabs: ')).toBe(true);
    expect(message.body).not.toContain('Your start code');
  });

  it('resends the code at most 3 times an hour (then a 429 saying when), only before the trip starts', async () => {
    const booked = await bookByPhone('demo', nextPhone());
    const rideId = booked.json.data[0].rideId;
    for (let i = 0; i < 3; i++) {
      const again = await actNo(rideId, { action: 'resendCode' });
      expect(again.status).toBe(200);
      expect((await lastOutbox(biz.demo.id)).body).toContain(`ride #${rideId}`);
    }
    const before = (await db.select().from(outbox).where(eq(outbox.businessId, biz.demo.id))).length;
    const limited = await actNo(rideId, { action: 'resendCode' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.json.error).toMatchObject({ code: 'rate_limited', key: 'codeResendLimit', values: { ride: rideId, max: 3 } });
    expect(en.Validation.codeResendLimit).toContain('{minutes}');
    expect((await db.select().from(outbox).where(eq(outbox.businessId, biz.demo.id))).length).toBe(before);
    // Another business's ride is not found; a finished ride has no code to send.
    // another operator's console naming the same number reaches its own ride, never this one
    const lastHere = await lastOutbox(biz.demo.id);
    await actNo(rideId, { action: 'resendCode' }, 'acme');
    expect((await lastOutbox(biz.demo.id)).id).toBe(lastHere.id);
    const other = await bookByPhone('demo', nextPhone());
    const otherId = other.json.data[0].rideId;
    await actNo(otherId, { action: 'decline', reason: 'No car' });
    const ended = await actNo(otherId, { action: 'resendCode' });
    expect([ended.status, ended.json.error.key]).toEqual([409, 'codeNotSendable']);
  });

  it('goes by WhatsApp when a WhatsApp provider is configured', async () => {
    const sent: { to: string; text: string }[] = [];
    const fake: MessageProvider = { name: 'whatsapp-test', send: async (m) => void sent.push({ to: m.to, text: m.text }) };
    registerProvider('whatsapp', fake);
    try {
      const number = nextPhone();
      const booked = await bookByPhone('demo', number);
      const ride = await rideNo('demo', booked.json.data[0].rideId);
      expect(sent).toEqual([{ to: `+91${number}`, text: expect.stringContaining(ride.startCode) }]);
      expect(ride.codeSentVia).toBe('whatsapp');
      expect(await lastOutbox(biz.demo.id)).toMatchObject({ channel: 'whatsapp', status: 'sent', provider: 'whatsapp-test' });
    } finally {
      registerProvider('whatsapp', undefined);
    }
  });
});

describe('the console AI agent books for a customer', () => {
  // the agent's first turn builds the place index (seconds, more on a busy machine): not inside a turn's timeout
  beforeAll(() => loadPlaceIndex(), 180_000);

  it('reads a name and a phone number from one message', () => {
    expect(parseCustomer('Priya Raman 98450 12345', 'in')).toEqual({ name: 'Priya Raman', dialCode: '91', number: '9845012345' });
    expect(parseCustomer('Name: Priya, phone 9845012345', 'in')).toEqual({ name: 'Priya', dialCode: '91', number: '9845012345' });
    expect(parseCustomer('+971 50 123 4567 Omar', 'in')).toEqual({ name: 'Omar', dialCode: '971', number: '501234567' });
    expect(parseCustomer('9845012345', 'in')).toBeUndefined();
    expect(parseCustomer('Priya', 'in')).toBeUndefined();
  });

  it("asks for the customer's name and phone, books for them (never the operator) and sends them the code", async () => {
    const actor = { userId: biz.demo.partnerId, role: 'travelsx-partner', name: 'Ops' };
    const say = async (text: string) =>
      (await handleUserMessage(db, { businessId: biz.demo.id, chatSession: 'console-agent-0001', channel: 'web', actor, locale: 'en-IN', text })).agent;
    expect((await say('sedan from Chennai to Bangalore tomorrow 8 PM')).data?.kind).toBe('quotes');
    expect((await say('sedan')).data?.kind).toBe('confirm');
    expect((await say('yes')).content.message).toBe(en.ChatAgent.askCustomer);
    expect((await say('the customer is on the line')).content.message).toBe(en.ChatAgent.customerNotUnderstood);
    const number = nextPhone();
    const booked = await say(`Lakshmi Narayanan ${number}`);
    expect(booked.data?.kind).toBe('booked');
    if (booked.data?.kind !== 'booked') throw new Error('not booked');
    expect(booked.content.message).toContain('for Lakshmi Narayanan');
    const ride = await rideNo('demo', booked.data.rideId);
    expect(booked.content.message).not.toContain(ride.startCode);
    const [customer] = await db.select().from(users).where(eq(users.id, ride.riderId));
    expect(customer).toMatchObject({ role: 'travelsx-user', name: 'Lakshmi Narayanan', phone: number });
    expect(ride.riderId).not.toBe(biz.demo.partnerId);
    expect(ride).toMatchObject({ source: 'console-agent', codeSentVia: 'sms' });
    expect(await lastOutbox(biz.demo.id)).toMatchObject({ recipient: `+91${number}`, body: expect.stringContaining(ride.startCode) });
  });
});
