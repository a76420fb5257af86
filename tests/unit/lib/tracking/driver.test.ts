import { eq } from 'drizzle-orm';
import { callApi } from '../../api';
import { drivers, rides } from '@/lib/db/schema';
import { recordDriverLocation, recordDriverLocations } from '@/lib/driver/location';
import { DomainError } from '@/lib/errors/domain-error';
import { driverLocationSchema } from '@/lib/driver/schemas';
import type { Db } from '@/lib/db/client';
import type { Ride } from '@/lib/db/schema';
import { closeTestDb, openTestDb } from '../../db';
import { call, seedWorld, type World } from './fixture';

const listRoute = callApi;
const actionRoute = callApi;

let db: Db;
let world: World;
let raviRide: Ride;
let maniRide: Ride;

beforeAll(async () => {
  db = await openTestDb();
  world = await seedWorld(db);
  raviRide = await world.book('driver-0001');
  maniRide = await world.book('driver-0002', { riderId: world.otherRider.userId, driverId: world.mani.driverId });
  await world.book('driver-0003', { driverId: null });
});
afterAll(closeTestDb);

const act = (cookie: string, rideId: number, body: unknown) =>
  call(actionRoute, { method: 'POST', path: `/api/driver/rides/${rideId}`, cookie, body, params: { id: String(rideId) } });
const rideRow = async (id: number) => (await db.select().from(rides).where(eq(rides.id, id)))[0];

describe('the driver app routes', () => {
  it('lists only the signed-in driver’s assigned rides, with the customer phone and no start code', async () => {
    const { status, json } = await call(listRoute, { path: '/api/driver/rides', cookie: world.ravi.cookie });
    expect(status).toBe(200);
    expect(json.data).toHaveLength(1);
    expect(json.data[0]).toMatchObject({
      id: raviRide.number,
      status: 'accepted',
      customerName: 'Asha',
      customerPhone: '+919845000001',
      pickup: { name: 'Chennai' },
      dropoff: { name: 'Bengaluru' },
    });
    expect(json.data[0].startCode).toBeUndefined();
  });

  it('is for drivers only', async () => {
    expect((await call(listRoute, { path: '/api/driver/rides', cookie: world.rider.cookie })).status).toBe(403);
    expect((await call(listRoute, { path: '/api/driver/rides' })).status).toBe(401);
    expect((await act(world.partner.cookie, raviRide.number, { action: 'complete' })).status).toBe(403);
  });

  it('refuses to act on another driver’s ride and changes nothing', async () => {
    const start = await act(world.ravi.cookie, maniRide.number, { action: 'start', startCode: maniRide.startCode });
    expect(start.status).toBe(404);
    expect(await rideRow(maniRide.id)).toMatchObject({ status: 'accepted', startCodeAttempts: 0 });
    expect((await act(world.ravi.cookie, 999_999, { action: 'complete' })).status).toBe(404);
  });

  it('starts the own ride only with the rider’s code, then completes it', async () => {
    const wrong = await act(world.ravi.cookie, raviRide.number, { action: 'start', startCode: raviRide.startCode === '1234' ? '4321' : '1234' });
    expect([wrong.status, wrong.json.error.code]).toEqual([400, 'start_code_wrong']);
    expect((await act(world.ravi.cookie, raviRide.number, { action: 'start', startCode: '12' })).json.error.key).toBe('startCodeFormat');
    expect((await act(world.ravi.cookie, raviRide.number, { action: 'complete' })).status).toBe(409);
    const started = await act(world.ravi.cookie, raviRide.number, { action: 'start', startCode: raviRide.startCode });
    expect([started.status, started.json.data.status]).toEqual([200, 'ontrip']);
    const done = await act(world.ravi.cookie, raviRide.number, { action: 'complete' });
    expect([done.status, done.json.data.status]).toEqual([200, 'completed']);
    expect((await rideRow(raviRide.id)).completedAt).not.toBeNull();
    const recent = await call(listRoute, { path: '/api/driver/rides?scope=recent', cookie: world.ravi.cookie });
    expect(recent.json.data.map((r: { id: number; status: string }) => [r.id, r.status])).toEqual([[raviRide.number, 'completed']]);
  });
});

describe('driver location updates', () => {
  it('validate the ranges', () => {
    for (const bad of [
      { lat: 91, lng: 80 },
      { lat: -90.5, lng: 80 },
      { lat: 13, lng: 181 },
      { lat: '13', lng: 80 },
      { lat: Number.NaN, lng: 80 },
      { lat: 13 },
    ]) {
      expect(driverLocationSchema.safeParse(bad).success).toBe(false);
    }
    expect(driverLocationSchema.safeParse({ lat: -90, lng: 180 }).success).toBe(true);
  });

  it('move only the signed-in driver, and reach the rider only once the driver set off or pickup is near', async () => {
    const at = Date.now();
    const stored = await recordDriverLocation(db, world.demo.id, world.mani.userId, { lat: 13.05, lng: 80.25, at });
    // the ride is picked up in a day and a half: the position is stored for the operator, the rider does not see it yet
    expect(stored).toMatchObject({ stored: true, driverId: world.mani.driverId, rides: [] });
    const rows = await db.select({ id: drivers.id, lat: drivers.lat, lng: drivers.lng, locatedAt: drivers.locatedAt }).from(drivers);
    expect(rows.find((r) => r.id === world.mani.driverId)).toMatchObject({ lat: 13.05, lng: 80.25, locatedAt: new Date(at) });
    expect(rows.find((r) => r.id === world.ravi.driverId)).toMatchObject({ lat: null, lng: null, locatedAt: null });
    await db.update(rides).set({ setOffAt: new Date() }).where(eq(rides.id, maniRide.id));
    const shared = await recordDriverLocation(db, world.demo.id, world.mani.userId, { lat: 13.051, lng: 80.25, at: at + 5000 });
    expect(shared).toMatchObject({ stored: true, rides: [{ id: maniRide.id, number: maniRide.number }] });
    // Ravi's ride is completed and he is offline: nothing to share.
    await expect(recordDriverLocation(db, world.demo.id, world.ravi.userId, { lat: 1, lng: 1 })).rejects.toMatchObject({
      kind: 'conflict',
      code: 'not_sharing',
    });
    // A rider, or a driver of another business, has no driver row here.
    await expect(recordDriverLocation(db, world.demo.id, world.rider.userId, { lat: 1, lng: 1 })).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(recordDriverLocation(db, world.acme.id, world.mani.userId, { lat: 1, lng: 1 })).rejects.toMatchObject({ kind: 'forbidden' });
  });

  it('ignore fixes that cannot be true: out of order, from the future, or a 500 km jump in 5 s', async () => {
    const [before] = await db.select().from(drivers).where(eq(drivers.id, world.mani.driverId));
    const last = before.locatedAt!.getTime();
    const cases = [
      [{ lat: 13.06, lng: 80.25, at: last - 1000 }, 'out_of_order'],
      [{ lat: 13.06, lng: 80.25, at: Date.now() + 3_600_000 }, 'future'],
      [{ lat: 17.5, lng: 80.25, at: last + 5000 }, 'jump'],
    ] as const;
    for (const [fix, verdict] of cases) {
      expect(await recordDriverLocation(db, world.demo.id, world.mani.userId, fix)).toMatchObject({ stored: false, verdict });
    }
    const [after] = await db.select().from(drivers).where(eq(drivers.id, world.mani.driverId));
    expect(after).toMatchObject({ lat: before.lat, lng: before.lng, locatedAt: before.locatedAt });
  });

  it('stored together answer each driver as if alone, in order, and keep the newest of one driver', async () => {
    const [before] = await db.select().from(drivers).where(eq(drivers.id, world.mani.driverId));
    const last = before.locatedAt!.getTime();
    const results = await recordDriverLocations(db, [
      { businessId: world.demo.id, userId: world.mani.userId, point: { lat: 13.052, lng: 80.25, at: last + 5000 } },
      { businessId: world.demo.id, userId: world.rider.userId, point: { lat: 1, lng: 1 } },
      { businessId: world.demo.id, userId: world.ravi.userId, point: { lat: 1, lng: 1 } },
      // judged against the fix just before it in the same batch: 2 s later is in order, 1 s earlier is not
      { businessId: world.demo.id, userId: world.mani.userId, point: { lat: 13.053, lng: 80.25, at: last + 7000 } },
      { businessId: world.demo.id, userId: world.mani.userId, point: { lat: 13.06, lng: 80.25, at: last + 6000 } },
      { businessId: world.acme.id, userId: world.mani.userId, point: { lat: 1, lng: 1 } },
    ]);
    expect(results.map((r) => (r instanceof DomainError ? r.code : r.stored ? 'stored' : r.verdict))).toEqual([
      'stored',
      'not_a_driver',
      'not_sharing',
      'stored',
      'out_of_order',
      'not_a_driver',
    ]);
    const [after] = await db.select().from(drivers).where(eq(drivers.id, world.mani.driverId));
    expect(after).toMatchObject({ lat: 13.053, lng: 80.25, locatedAt: new Date(last + 7000) });
    expect(await recordDriverLocations(db, [])).toEqual([]);
  });

  it('are refused for a blocked driver', async () => {
    await db.update(drivers).set({ accountStatus: 'Blocked' }).where(eq(drivers.id, world.mani.driverId));
    await expect(recordDriverLocation(db, world.demo.id, world.mani.userId, { lat: 2, lng: 2 })).rejects.toMatchObject({
      kind: 'forbidden',
      code: 'driver_blocked',
    });
    await db.update(drivers).set({ accountStatus: 'Verified' }).where(eq(drivers.id, world.mani.driverId));
  });
});
