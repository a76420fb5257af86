import { NextRequest } from 'next/server';
import { and, eq } from 'drizzle-orm';
import { routeAt } from '../../api';
import { agencies, drivers, users, vehicles, type Business } from '@/lib/db/schema';
import { createBusiness } from '@/lib/tenancy/commands';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import { createSession } from '@/lib/auth/session';
import { validationText } from '@/lib/errors/validation-text';
import { createQuote } from '@/lib/fares/quote';
import { bookRide } from '@/lib/rides/commands';
import { transitionRide } from '@/lib/rides/lifecycle';
import { addAgencySchema, addDriverSchema, addVehicleSchema, normaliseVehicleNumber, updateDriverSchema } from '@/lib/fleet/schemas';
import { vehicleImage } from '@/lib/fleet/images';
import { VEHICLE_MODELS } from '@/lib/fleet/models';
import { addVehicle, assignableVehicles } from '@/lib/fleet/vehicles';
import { addDriver, assignableDrivers, setDriverStatus } from '@/lib/fleet/drivers';
import { addAgency, setAgencyStatus } from '@/lib/fleet/agencies';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../../db';

const vehiclesRoute = routeAt('/api/partner/vehicles');
const vehicleRoute = routeAt('/api/partner/vehicles/:id');
const driversRoute = routeAt('/api/partner/drivers');
const driverRoute = routeAt('/api/partner/drivers/:id');
const agenciesRoute = routeAt('/api/partner/agencies');
const agencyRoute = routeAt('/api/partner/agencies/:id');

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

const HOST_A = 'localhost:3000';
const HOST_B = 'acme.localhost:3000';

let db: Db;
let bizA: Business;
let bizB: Business;
let partnerA: string;
let partnerB: string;
let deliveryA: string;
let rider: string;
let riderId: number;

beforeAll(async () => {
  db = await openTestDb();
  clearTenantCache();
  bizA = await createBusiness(db, { slug: 'demo', name: 'Demo Cabs', countryCode: 'in' });
  bizB = await createBusiness(db, { slug: 'acme', name: 'Acme Travels', countryCode: 'in' });
  const session = async (businessId: number, role: 'travelsx-partner' | 'deliverx-partner' | 'travelsx-user', email: string) => {
    const [user] = await db
      .insert(users)
      .values({ businessId, role, email, phoneCode: '91', phone: `98${Math.floor(Math.random() * 1e8)}` })
      .returning();
    return { id: user.id, cookie: `__Host-session=${await createSession(db, { id: user.id, businessId })}` };
  };
  partnerA = (await session(bizA.id, 'travelsx-partner', 'ops@demo.example')).cookie;
  partnerB = (await session(bizB.id, 'travelsx-partner', 'ops@acme.example')).cookie;
  deliveryA = (await session(bizA.id, 'deliverx-partner', 'deliver@demo.example')).cookie;
  const riderSession = await session(bizA.id, 'travelsx-user', 'asha@demo.example');
  rider = riderSession.cookie;
  riderId = riderSession.id;
});
afterAll(closeTestDb);

async function call(
  handler: Handler,
  method: string,
  path: string,
  { body, cookie = partnerA, host = HOST_A, id }: { body?: unknown; cookie?: string; host?: string; id?: string | number } = {},
) {
  const req = new NextRequest(`http://${host}${path}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { host, origin: `http://${host}`, 'content-type': 'application/json', cookie },
  });
  const params: Record<string, string> = id === undefined ? {} : { id: String(id) };
  const res = await handler(req, { params: Promise.resolve(params) });
  return { status: res.status, json: await res.json() };
}

const phone = (number: string) => ({ dialCode: '91', number });
const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0].message;

describe('fleet schemas', () => {
  it.each([
    [' tn-01  ab.1234 ', 'TN 01 AB 1234'],
    ['ka05mn4321', 'KA05MN4321'],
    ['dl 1c__aa 1111', 'DL 1C AA 1111'],
    ['  mh12 de 1433  ', 'MH12 DE 1433'],
  ])('normalises %j to %j', (raw, normalised) => {
    expect(normaliseVehicleNumber(raw)).toBe(normalised);
  });

  it('keeps one trailing space while typing', () => {
    expect(normaliseVehicleNumber('tn01-', { trim: false })).toBe('TN01 ');
  });

  it('accepts a normalised number of the spec pattern and stores it normalised', () => {
    expect(addVehicleSchema.parse({ vehicleType: 'sedan', model: 'Honda City', number: 'tn01-ab1234' }).number).toBe('TN01 AB1234');
    // Issue 14: plates as operators type them are brought to the spec's form instead of refused.
    expect(addVehicleSchema.parse({ vehicleType: 'sedan', model: 'Honda City', number: 'TN 01 AB 1234' }).number).toBe('TN01 AB1234');
    expect(addVehicleSchema.parse({ vehicleType: 'suv', model: ' My own model ', number: 'KA05MN4321' }).model).toBe('My own model');
  });

  it.each([
    [{ model: 'Honda City', number: 'TN01AB1234' }, 'vehicleTypeRequired', 'Vehicle type is required'],
    [{ vehicleType: 'truck', model: 'Honda City', number: 'TN01AB1234' }, 'vehicleTypeRequired', 'Vehicle type is required'],
    [{ vehicleType: 'sedan', model: '  ', number: 'TN01AB1234' }, 'vehicleModelRequired', 'Vehicle model is required'],
    [{ vehicleType: 'sedan', number: 'TN01AB1234' }, 'vehicleModelRequired', 'Vehicle model is required'],
    [{ vehicleType: 'sedan', model: 'Honda City', number: '' }, 'vehicleNumberRequired', 'Vehicle number is required'],
    [{ vehicleType: 'sedan', model: 'Honda City', number: ' -- ' }, 'vehicleNumberRequired', 'Vehicle number is required'],
    [{ vehicleType: 'sedan', model: 'Honda City' }, 'vehicleNumberRequired', 'Vehicle number is required'],
    [{ vehicleType: 'sedan', model: 'Honda City', number: 'ABCD 1234567890XY' }, 'vehicleNumberTooLong', 'Use at most 16 characters'],
    [{ vehicleType: 'sedan', model: 'Honda City', number: 'TN 01 <AB> 1234' }, 'vehicleNumberInvalid', validationText('vehicleNumberInvalid')],
    [{ vehicleType: 'sedan', model: 'Honda City', number: 'T 1234' }, 'vehicleNumberInvalid', validationText('vehicleNumberInvalid')],
  ])('refuses %j with %s', (input, key, text) => {
    expect(firstIssue(addVehicleSchema.safeParse(input) as never)).toBe(key);
    expect(validationText(key)).toBe(text);
  });

  it.each([
    ['a driver without a name', 'driver', { phone: phone('9845012345') }, 'driverNameRequired', 'Driver name is required'],
    ['a blank driver name', 'driver', { name: '   ', phone: phone('9845012345') }, 'driverNameRequired', 'Driver name is required'],
    ['a travel without a name', 'travel', { name: '', phone: phone('9845012345') }, 'travelNameRequired', 'Travel name is required'],
    ['a 51-character name', 'driver', { name: 'x'.repeat(51), phone: phone('9845012345') }, 'nameTooLong', 'Use at most 50 characters'],
    ['a driver without a phone', 'driver', { name: 'Ravi' }, 'phoneRequired', 'Phone number is required'],
    ['a travel with an empty phone', 'travel', { name: 'Sri Travels', phone: phone('') }, 'phoneRequired', 'Phone number is required'],
    ['a short phone', 'driver', { name: 'Ravi', phone: phone('12-34') }, 'phoneInvalid', 'Invalid phone number'],
  ])('add driver/travel refuses %s', (_, kind, input, key, text) => {
    const schema = kind === 'driver' ? addDriverSchema : addAgencySchema;
    expect(firstIssue(schema.safeParse(input) as never)).toBe(key);
    expect(validationText(key)).toBe(text);
  });

  it('accepts a 50-character name and one change at a time', () => {
    expect(addDriverSchema.safeParse({ name: 'x'.repeat(50), phone: phone('9845012345') }).success).toBe(true);
    expect(updateDriverSchema.safeParse({ action: 'verify' }).success).toBe(true);
    expect(updateDriverSchema.safeParse({ vehicleId: null }).success).toBe(true);
    expect(updateDriverSchema.safeParse({ action: 'verify', online: true }).success).toBe(false);
    expect(updateDriverSchema.safeParse({ action: 'activate' }).success).toBe(false);
    expect(updateDriverSchema.safeParse({ businessId: 2, online: true }).success).toBe(false);
  });

  it('has the per-type model lists and finds pictures by model, then type, then default', () => {
    expect(Object.values(VEHICLE_MODELS).map((m) => m.length)).toEqual([11, 7, 6, 5, 5]);
    expect(vehicleImage({ model: 'Honda City', vehicleType: 'sedan' })).toBe('/vehicles/sedan.svg');
    expect(vehicleImage({ model: 'X', vehicleType: 'hovercraft' })).toBe('/vehicles/default.svg');
    expect(vehicleImage({ model: 'X', vehicleType: 'suv', imageUrl: '/uploads/1.png' })).toBe('/uploads/1.png');
  });
});

describe('vehicles', () => {
  it('adds, lists with counters and switches online', async () => {
    const added = await call(vehiclesRoute.POST, 'POST', '/api/partner/vehicles', {
      body: { vehicleType: 'sedan', model: 'Honda City', number: 'tn01-ab1234' },
    });
    expect(added.status).toBe(201);
    expect(added.json.data).toMatchObject({ vehicleType: 'sedan', model: 'Honda City', number: 'TN01 AB1234', online: true, image: '/vehicles/sedan.svg' });
    await call(vehiclesRoute.POST, 'POST', '/api/partner/vehicles', {
      body: { vehicleType: 'suv', model: 'Kia Carens', number: 'KA05MN4321' },
      cookie: deliveryA,
    });

    let list = await call(vehiclesRoute.GET, 'GET', '/api/partner/vehicles');
    expect(list.status).toBe(200);
    expect(list.json.data.counters).toEqual({ total: 2, online: 2, offline: 0 });

    const off = await call(vehicleRoute.PATCH, 'PATCH', `/api/partner/vehicles/${added.json.data.id}`, { body: { online: false }, id: added.json.data.id });
    expect(off.status).toBe(200);
    expect(off.json.data.online).toBe(false);
    list = await call(vehiclesRoute.GET, 'GET', '/api/partner/vehicles');
    expect(list.json.data.counters).toEqual({ total: 2, online: 1, offline: 1 });
  });

  it('answers 400 with the English message naming the field', async () => {
    const { status, json } = await call(vehiclesRoute.POST, 'POST', '/api/partner/vehicles', {
      body: { vehicleType: 'sedan', model: 'Honda City', number: '' },
    });
    expect(status).toBe(400);
    expect(json.error).toMatchObject({ field: 'number', key: 'vehicleNumberRequired', message: 'number: Vehicle number is required' });
  });

  it('refuses a duplicate number in the same business with 409 naming the number, but allows it in another business', async () => {
    const before = await db.select().from(vehicles).where(eq(vehicles.businessId, bizA.id));
    for (const number of ['TN01 AB1234', 'tn01-ab1234', 'TN01AB1234']) {
      const dup = await call(vehiclesRoute.POST, 'POST', '/api/partner/vehicles', { body: { vehicleType: 'hatchback', model: 'Tata Tiago', number } });
      expect(dup.status).toBe(409);
      expect(dup.json.error).toMatchObject({
        field: 'number',
        key: 'vehicleNumberTaken',
        message: 'number: A vehicle with this number is already in your fleet',
      });
    }
    expect(await db.select().from(vehicles).where(eq(vehicles.businessId, bizA.id))).toHaveLength(before.length);

    const other = await call(vehiclesRoute.POST, 'POST', '/api/partner/vehicles', {
      body: { vehicleType: 'sedan', model: 'Honda City', number: 'TN01AB1234' },
      cookie: partnerB,
      host: HOST_B,
    });
    expect(other.status).toBe(201);
  });

  it('edits with a taken number as 409, removes softly and lets the number be used again', async () => {
    const kia = (
      await db
        .select()
        .from(vehicles)
        .where(and(eq(vehicles.businessId, bizA.id), eq(vehicles.number, 'KA05 MN4321')))
    )[0];
    const taken = await call(vehicleRoute.PATCH, 'PATCH', '/x', { body: { number: 'TN01 AB1234' }, id: kia.id });
    expect(taken.status).toBe(409);
    const removed = await call(vehicleRoute.DELETE, 'DELETE', '/x', { id: kia.id });
    expect(removed.status).toBe(200);
    expect((await db.select().from(vehicles).where(eq(vehicles.id, kia.id)))[0].removedAt).toBeInstanceOf(Date);
    expect((await call(vehicleRoute.DELETE, 'DELETE', '/x', { id: kia.id })).status).toBe(404);
    expect(
      (await call(vehiclesRoute.POST, 'POST', '/api/partner/vehicles', { body: { vehicleType: 'suv', model: 'Kia Carens', number: 'KA05MN4321' } })).status,
    ).toBe(201);
    expect((await assignableVehicles(db, bizA.id)).map((v) => v.number).sort()).toEqual(['KA05 MN4321', 'TN01 AB1234']);
  });
});

describe('drivers', () => {
  let driverId: number;

  it('adds a pending driver with a travelsx-driver user for phone login', async () => {
    const { status, json } = await call(driversRoute.POST, 'POST', '/api/partner/drivers', {
      body: { name: ' Ravi Kumar ', phone: phone('98450 12345'), place: 'Chennai' },
    });
    expect(status).toBe(201);
    expect(json.data).toMatchObject({
      name: 'Ravi Kumar',
      phoneCode: '91',
      phone: '9845012345',
      place: 'Chennai',
      accountStatus: 'pending',
      online: false,
      vehicle: null,
      openRideId: null,
    });
    driverId = json.data.id;
    const [user] = await db
      .select()
      .from(users)
      .where(and(eq(users.businessId, bizA.id), eq(users.role, 'travelsx-driver'), eq(users.phone, '9845012345')));
    expect(user).toMatchObject({ name: 'Ravi Kumar', phoneCode: '91' });
    const list = await call(driversRoute.GET, 'GET', '/api/partner/drivers');
    expect(list.json.data.counters).toEqual({ total: 1, online: 0, offline: 1 });
  });

  it('refuses the same phone twice with 409 naming the phone', async () => {
    const { status, json } = await call(driversRoute.POST, 'POST', '/api/partner/drivers', { body: { name: 'Someone Else', phone: phone('9845012345') } });
    expect(status).toBe(409);
    expect(json.error.field).toBe('phone');
    expect(await db.select().from(drivers).where(eq(drivers.businessId, bizA.id))).toHaveLength(1);
  });

  it('moves pending -> Verified -> Blocked -> Verified (Unblock) and refuses other moves with 409', async () => {
    const patch = (body: unknown) => call(driverRoute.PATCH, 'PATCH', '/x', { body, id: driverId });
    expect((await patch({ action: 'block' })).status).toBe(409);
    expect((await patch({ action: 'unblock' })).status).toBe(409);
    expect((await patch({ action: 'verify' })).json.data.accountStatus).toBe('Verified');
    expect((await patch({ action: 'verify' })).status).toBe(409);
    expect((await patch({ online: true })).json.data.online).toBe(true);
    const blocked = await patch({ action: 'block' });
    expect(blocked.json.data).toMatchObject({ accountStatus: 'Blocked', online: false });
    expect((await patch({ online: true })).status).toBe(409);
    expect((await patch({ action: 'block' })).status).toBe(409);
    expect((await patch({ action: 'unblock' })).json.data.accountStatus).toBe('Verified');
    expect((await patch({ action: 'teleport' })).status).toBe(400);
  });

  it('assigns a vehicle of the same business, shows it, and tracks the open ride', async () => {
    const [own] = await db
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.businessId, bizA.id), eq(vehicles.number, 'TN01 AB1234')));
    const assigned = await call(driverRoute.PATCH, 'PATCH', '/x', { body: { vehicleId: own.id }, id: driverId });
    expect(assigned.json.data.vehicle).toEqual({ id: own.id, model: 'Honda City', vehicleType: 'sedan', number: 'TN01 AB1234' });

    const quote = await createQuote(db, bizA, {
      rideType: 'oneway',
      tripKind: 'outstation',
      pickupLocation: { lat: 13.0878, lng: 80.2785, name: 'Chennai' },
      dropoffLocation: { lat: 12.9719, lng: 77.5937, name: 'Bengaluru' },
      pickupTime: new Date(Date.now() + 36 * 3600_000).toISOString(),
    });
    const { ride } = await bookRide(db, bizA.id, riderId, {
      rideSearchId: quote.id,
      rideVehicle: 'sedan',
      idempotencyKey: 'fleet-track-0001',
      paymentMethod: 'cash',
      source: 'form',
    });
    await transitionRide(db, { businessId: bizA.id, rideId: ride.id, to: 'accepted', actorUserId: null, driverId, vehicleId: own.id });
    const list = await call(driversRoute.GET, 'GET', '/api/partner/drivers');
    expect(list.json.data.drivers[0].openRideId).toBe(ride.id);
  });

  it('lists only Verified, live drivers as assignable', async () => {
    const pending = await addDriver(db, bizA.id, { name: 'New Driver', phone: { dialCode: '91', number: '9000000001' } });
    const ids = (await assignableDrivers(db, bizA.id)).map((d) => d.id);
    expect(ids).toContain(driverId);
    expect(ids).not.toContain(pending.id);
  });
});

describe('agencies', () => {
  it('adds a travel company, files drivers under it, moves its status and removes it with its drivers', async () => {
    const added = await call(agenciesRoute.POST, 'POST', '/api/partner/agencies', { body: { name: 'Sri Travels', phone: phone('9123456780') } });
    expect(added.status).toBe(201);
    const agencyId = added.json.data.id;
    expect(added.json.data).toMatchObject({ accountStatus: 'pending', drivers: [] });
    expect((await call(agenciesRoute.POST, 'POST', '/api/partner/agencies', { body: { name: 'Copy', phone: phone('9123456780') } })).status).toBe(409);

    const crew = await call(driversRoute.POST, 'POST', '/api/partner/drivers', { body: { name: 'Agency Driver', phone: phone('9123456781'), agencyId } });
    expect(crew.json.data.agency).toEqual({ id: agencyId, name: 'Sri Travels' });
    await setDriverStatus(db, bizA.id, crew.json.data.id, 'verify');

    const list = await call(agenciesRoute.GET, 'GET', '/api/partner/agencies');
    expect(list.json.data.counters).toEqual({ total: 1, online: 0, offline: 1 });
    expect(list.json.data.agencies[0].drivers).toEqual([expect.objectContaining({ id: crew.json.data.id, name: 'Agency Driver' })]);
    const onlyAgency = await call(driversRoute.GET, 'GET', `/api/partner/drivers?agencyId=${agencyId}`);
    expect(onlyAgency.json.data.drivers.map((d: { id: number }) => d.id)).toEqual([crew.json.data.id]);

    const patch = (body: unknown) => call(agencyRoute.PATCH, 'PATCH', '/x', { body, id: agencyId });
    expect((await patch({ action: 'unblock' })).status).toBe(409);
    expect((await patch({ action: 'verify' })).json.data.accountStatus).toBe('Verified');
    expect((await assignableDrivers(db, bizA.id)).map((d) => d.id)).toContain(crew.json.data.id);
    expect((await patch({ action: 'block' })).json.data.accountStatus).toBe('Blocked');
    expect((await assignableDrivers(db, bizA.id)).map((d) => d.id)).not.toContain(crew.json.data.id);
    expect((await patch({ action: 'unblock' })).json.data.accountStatus).toBe('Verified');

    expect((await call(agencyRoute.DELETE, 'DELETE', '/x', { id: agencyId })).status).toBe(200);
    expect((await call(agenciesRoute.GET, 'GET', '/api/partner/agencies')).json.data.agencies).toEqual([]);
    const [gone] = await db.select().from(drivers).where(eq(drivers.id, crew.json.data.id));
    expect(gone.removedAt).toBeInstanceOf(Date);
  });
});

describe('tenant isolation and roles', () => {
  let foreign: { vehicle: number; driver: number; agency: number };
  const snapshot = async () => ({
    vehicles: await db.select().from(vehicles).where(eq(vehicles.businessId, bizB.id)),
    drivers: await db.select().from(drivers).where(eq(drivers.businessId, bizB.id)),
    agencies: await db.select().from(agencies).where(eq(agencies.businessId, bizB.id)),
  });

  beforeAll(async () => {
    const vehicle = await addVehicle(db, bizB.id, { vehicleType: 'luxury', model: 'BMW 5 Series', number: 'MH12 DE1433' });
    const agency = await addAgency(db, bizB.id, { name: 'Acme Partners', phone: { dialCode: '91', number: '9555500000' } });
    const driver = await addDriver(db, bizB.id, { name: 'Acme Driver', phone: { dialCode: '91', number: '9555500001' }, agencyId: agency.id });
    await setAgencyStatus(db, bizB.id, agency.id, 'verify');
    foreign = { vehicle: vehicle.id, driver: driver.id, agency: agency.id };
  });

  it("refuses every fleet endpoint on business B's ids with 404 and changes nothing of B", async () => {
    const before = await snapshot();
    const attempts: [Handler, string, unknown, number][] = [
      [vehicleRoute.PATCH, 'PATCH', { online: false }, foreign.vehicle],
      [vehicleRoute.PATCH, 'PATCH', { vehicleType: 'sedan', model: 'Hacked', number: 'AA11 BBB' }, foreign.vehicle],
      [vehicleRoute.DELETE, 'DELETE', undefined, foreign.vehicle],
      [driverRoute.PATCH, 'PATCH', { action: 'verify' }, foreign.driver],
      [driverRoute.PATCH, 'PATCH', { online: true }, foreign.driver],
      [driverRoute.PATCH, 'PATCH', { vehicleId: null }, foreign.driver],
      [driverRoute.DELETE, 'DELETE', undefined, foreign.driver],
      [agencyRoute.PATCH, 'PATCH', { action: 'block' }, foreign.agency],
      [agencyRoute.PATCH, 'PATCH', { online: true }, foreign.agency],
      [agencyRoute.DELETE, 'DELETE', undefined, foreign.agency],
    ];
    for (const [handler, method, body, id] of attempts) {
      const { status } = await call(handler, method, '/x', { body, id });
      expect([method, id, status]).toEqual([method, id, 404]);
    }
    const [ownDriver] = await db
      .select()
      .from(drivers)
      .where(and(eq(drivers.businessId, bizA.id), eq(drivers.name, 'Ravi Kumar')));
    expect((await call(driverRoute.PATCH, 'PATCH', '/x', { body: { vehicleId: foreign.vehicle }, id: ownDriver.id })).status).toBe(404);
    expect(
      (await call(driversRoute.POST, 'POST', '/api/partner/drivers', { body: { name: 'Sneaky', phone: phone('9000000099'), agencyId: foreign.agency } }))
        .status,
    ).toBe(404);
    expect(await snapshot()).toEqual(before);
    expect((await db.select().from(drivers).where(eq(drivers.id, ownDriver.id)))[0].vehicleId).not.toBe(foreign.vehicle);
  });

  it("never lists B's fleet to A", async () => {
    const lists = await Promise.all([call(vehiclesRoute.GET, 'GET', '/v'), call(driversRoute.GET, 'GET', '/d'), call(agenciesRoute.GET, 'GET', '/a')]);
    const ids = JSON.stringify(lists.map((l) => l.json.data));
    expect(ids).not.toContain('MH12 DE1433');
    expect(ids).not.toContain('Acme');
    expect((await call(driversRoute.GET, 'GET', `/api/partner/drivers?agencyId=${foreign.agency}`)).json.data.drivers).toEqual([]);
  });

  it("refuses A's session on B's host (401), a rider (403) and no session (401)", async () => {
    expect((await call(vehiclesRoute.GET, 'GET', '/v', { host: HOST_B })).status).toBe(401);
    const riderCalls: [Handler, string, unknown, number | undefined][] = [
      [vehiclesRoute.GET, 'GET', undefined, undefined],
      [vehiclesRoute.POST, 'POST', { vehicleType: 'sedan', model: 'Honda City', number: 'RR11 RRR' }, undefined],
      [vehicleRoute.PATCH, 'PATCH', { online: false }, 1],
      [vehicleRoute.DELETE, 'DELETE', undefined, 1],
      [driversRoute.GET, 'GET', undefined, undefined],
      [driversRoute.POST, 'POST', { name: 'R', phone: phone('9000000098') }, undefined],
      [driverRoute.PATCH, 'PATCH', { action: 'verify' }, 1],
      [driverRoute.DELETE, 'DELETE', undefined, 1],
      [agenciesRoute.GET, 'GET', undefined, undefined],
      [agenciesRoute.POST, 'POST', { name: 'R', phone: phone('9000000097') }, undefined],
      [agencyRoute.PATCH, 'PATCH', { action: 'verify' }, 1],
      [agencyRoute.DELETE, 'DELETE', undefined, 1],
    ];
    for (const [handler, method, body, id] of riderCalls) {
      expect((await call(handler, method, '/x', { body, id, cookie: rider })).status).toBe(403);
      expect((await call(handler, method, '/x', { body, id, cookie: '' })).status).toBe(401);
    }
  });

  it('answers 404 for ids that cannot exist and 403 for a cross-site write', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) expect((await call(vehicleRoute.DELETE, 'DELETE', '/x', { id })).status).toBe(404);
    const req = new NextRequest(`http://${HOST_A}/api/partner/vehicles`, {
      method: 'POST',
      body: JSON.stringify({ vehicleType: 'sedan', model: 'Honda City', number: 'XX11 XXX' }),
      headers: { host: HOST_A, origin: 'http://evil.example', 'content-type': 'application/json', cookie: partnerA },
    });
    expect((await vehiclesRoute.POST(req, { params: Promise.resolve({}) })).status).toBe(403);
  });
});
