import { NextRequest } from 'next/server';
import { drivers, users, vehicles, type UserRole, rideCounters } from '@/lib/db/schema';
import { createBusiness } from '@/lib/tenancy/commands';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import { createSession } from '@/lib/auth/session';
import { createQuote } from '@/lib/fares/quote';
import { bookRide } from '@/lib/rides/commands';
import { transitionRide } from '@/lib/rides/lifecycle';
import type { Db } from '@/lib/db/client';

/** Hosts of the test tenants (TRAVEL_HOST localhost: the bare host is the default tenant "demo"). */
export const HOST = { demo: 'localhost:3000', acme: 'acme.localhost:3000' } as const;

export type Account = { userId: number; token: string; cookie: string };

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** Calls a route handler as the browser would (JSON body, cookie, host), and reads the JSON answer. */
export async function call(
  handler: Handler,
  {
    method = 'GET',
    path,
    host = HOST.demo,
    cookie = '',
    body,
    headers = {},
    params = {},
  }: { method?: string; path: string; host?: string; cookie?: string; body?: unknown; headers?: Record<string, string>; params?: Record<string, string> },
) {
  const init = {
    method,
    headers: { host, cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  };
  const res = await handler(new NextRequest(`http://${host}${path}`, init), { params: Promise.resolve(params) });
  return { status: res.status, json: await res.json() };
}

async function account(db: Db, businessId: number, role: UserRole, name: string, phone: string): Promise<Account> {
  const [user] = await db
    .insert(users)
    .values({ businessId, role, name, phoneCode: '91', phone, email: role.endsWith('partner') ? `${phone}@ops.example` : null })
    .returning();
  const token = await createSession(db, { id: user.id, businessId });
  return { userId: user.id, token, cookie: `__Host-session=${token}` };
}

const trip = () => ({
  rideType: 'oneway' as const,
  tripKind: 'outstation' as const,
  pickupLocation: { lat: 13.0827, lng: 80.2707, name: 'Chennai' },
  dropoffLocation: { lat: 12.9716, lng: 77.5946, name: 'Bengaluru' },
  pickupTime: new Date(Date.now() + 36 * 3600_000).toISOString(),
});

/**
 * The demo business with a rider, another rider, a partner, two verified
 * drivers (with driver accounts) and a vehicle; acme with its own partner.
 */
export async function seedWorld(db: Db) {
  clearTenantCache();
  const demo = await createBusiness(db, { slug: 'demo', name: 'Demo Cabs', countryCode: 'in' });
  const acme = await createBusiness(db, { slug: 'acme', name: 'Acme Cabs', countryCode: 'in' });
  // Demo's ride numbers start at 501, so a test that sent the database id where the number belongs would fail.
  await db.insert(rideCounters).values({ businessId: demo.id, lastNumber: 500 });
  const [vehicle] = await db.insert(vehicles).values({ businessId: demo.id, vehicleType: 'sedan', model: 'Honda City', number: 'TN01 AB1234' }).returning();
  const driverAccount = async (name: string, phone: string) => {
    const login = await account(db, demo.id, 'travelsx-driver', name, phone);
    const [row] = await db
      .insert(drivers)
      .values({ businessId: demo.id, userId: login.userId, name, phoneCode: '91', phone, accountStatus: 'Verified', vehicleId: vehicle.id })
      .returning();
    return { ...login, driverId: row.id };
  };
  const world = {
    demo,
    acme,
    vehicleId: vehicle.id,
    rider: await account(db, demo.id, 'travelsx-user', 'Asha', '9845000001'),
    otherRider: await account(db, demo.id, 'travelsx-user', 'Bala', '9845000002'),
    partner: await account(db, demo.id, 'travelsx-partner', 'Ops', '9845000003'),
    acmePartner: await account(db, acme.id, 'travelsx-partner', 'Acme Ops', '9845000004'),
    ravi: await driverAccount('Ravi', '9845000005'),
    mani: await driverAccount('Mani', '9845000006'),
  };
  /** A ride of `riderId`, accepted with `driverId` unless told otherwise. */
  const book = async (key: string, { riderId = world.rider.userId, driverId }: { riderId?: number; driverId?: number | null } = {}) => {
    const quote = await createQuote(db, demo, trip());
    const { ride } = await bookRide(db, demo.id, riderId, {
      rideSearchId: quote.id,
      rideVehicle: 'sedan',
      idempotencyKey: key,
      paymentMethod: 'cash',
      source: 'form',
    });
    if (driverId === null) return ride;
    return transitionRide(db, {
      businessId: demo.id,
      rideId: ride.id,
      to: 'accepted',
      actorUserId: null,
      driverId: driverId ?? world.ravi.driverId,
      vehicleId: vehicle.id,
    });
  };
  return { ...world, book };
}

export type World = Awaited<ReturnType<typeof seedWorld>>;
