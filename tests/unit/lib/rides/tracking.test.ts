import { NextRequest } from 'next/server';
import { eq } from 'drizzle-orm';
import { callApi } from '../../api';
import { drivers, rides, users, vehicles } from '@/lib/db/schema';
import { createBusiness } from '@/lib/tenancy/commands';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import { createSession } from '@/lib/auth/session';
import { createQuote } from '@/lib/fares/quote';
import { bookRide } from '@/lib/rides/commands';
import { transitionRide } from '@/lib/rides/lifecycle';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../../db';

const trackRoute = callApi;

let db: Db;
let rideId: number;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  db = await openTestDb();
  clearTenantCache();
  const demo = await createBusiness(db, { slug: 'demo', name: 'Demo Cabs', countryCode: 'in' });
  const acme = await createBusiness(db, { slug: 'acme', name: 'Acme', countryCode: 'in' });
  const make = async (businessId: number, role: 'travelsx-user' | 'travelsx-partner', phone: string) => {
    const [user] = await db.insert(users).values({ businessId, role, phoneCode: '91', phone, name: phone }).returning();
    return { user, cookie: `__Host-session=${await createSession(db, { id: user.id, businessId })}` };
  };
  const rider = await make(demo.id, 'travelsx-user', '9000000001');
  cookies.rider = rider.cookie;
  cookies.otherRider = (await make(demo.id, 'travelsx-user', '9000000002')).cookie;
  cookies.partner = (await make(demo.id, 'travelsx-partner', '9000000003')).cookie;
  cookies.acmePartner = (await make(acme.id, 'travelsx-partner', '9000000004')).cookie;
  const [vehicle] = await db.insert(vehicles).values({ businessId: demo.id, vehicleType: 'sedan', model: 'Honda City', number: 'TN01 AB1234' }).returning();
  const [driverUser] = await db
    .insert(users)
    .values({ businessId: demo.id, role: 'travelsx-driver', name: 'Ravi', phoneCode: '91', phone: '9000000005' })
    .returning();
  const [driver] = await db
    .insert(drivers)
    .values({ businessId: demo.id, userId: driverUser.id, name: 'Ravi', phoneCode: '91', phone: '9000000005', accountStatus: 'Verified' })
    .returning();
  const quote = await createQuote(db, demo, {
    rideType: 'oneway',
    tripKind: 'outstation',
    pickupLocation: { lat: 13.08, lng: 80.27, name: 'Chennai' },
    dropoffLocation: { lat: 12.97, lng: 77.59, name: 'Bengaluru' },
    pickupTime: new Date(Date.now() + 86_400_000).toISOString(),
  });
  const { ride } = await bookRide(db, demo.id, rider.user.id, {
    rideSearchId: quote.id,
    rideVehicle: 'sedan',
    idempotencyKey: 'track-0001',
    paymentMethod: 'cash',
    source: 'form',
  });
  rideId = ride.id;
  await transitionRide(db, { businessId: demo.id, rideId, to: 'accepted', actorUserId: null, driverId: driver.id, vehicleId: vehicle.id });
  await db.update(drivers).set({ lat: 13.05, lng: 80.25, locatedAt: new Date() }).where(eq(drivers.id, driver.id));
});
afterAll(closeTestDb);

async function track(cookie: string, host = 'localhost:3000', id = String(rideId)) {
  const res = await trackRoute(new NextRequest(`http://${host}/api/rides/${id}/track`, { headers: { host, cookie } }), { params: Promise.resolve({ id }) });
  return { status: res.status, json: await res.json() };
}

describe('track driver', () => {
  it('shows the partner the driver, vehicle and last position; the rider the position once the driver sets off', async () => {
    const expected = { rideId, status: 'accepted', pickup: { name: 'Chennai' }, driver: { name: 'Ravi', vehicle: 'TN01 AB1234 · Honda City' } };
    const position = { lat: 13.05, lng: 80.25, stale: false };
    const partner = await track(cookies.partner);
    expect(partner.status).toBe(200);
    expect(partner.json.data).toMatchObject({ ...expected, driver: { ...expected.driver, position } });
    // the pickup is tomorrow: the rider sees when the position will be shared, not where the driver is
    const before = await track(cookies.rider);
    expect(before.status).toBe(200);
    expect(before.json.data).toMatchObject({ ...expected, driver: { ...expected.driver, position: null, sharesFrom: expect.any(String) } });
    await db.update(rides).set({ setOffAt: new Date() }).where(eq(rides.id, rideId));
    const after = await track(cookies.rider);
    expect(after.json.data).toMatchObject({ ...expected, driver: { ...expected.driver, position, sharesFrom: null } });
  });
  it('hides the ride from another rider, another business and bad ids', async () => {
    expect((await track(cookies.otherRider)).status).toBe(404);
    expect((await track(cookies.acmePartner, 'acme.localhost:3000')).status).toBe(404);
    expect((await track(cookies.partner, 'localhost:3000', 'abc')).status).toBe(404);
    expect((await track('')).status).toBe(401);
  });
});
