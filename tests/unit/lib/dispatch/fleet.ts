import { drivers, users, vehicles, type VehicleType } from '@/lib/db/schema';
import { createSession } from '@/lib/auth/session';
import { createQuote } from '@/lib/fares/quote';
import { bookRide } from '@/lib/rides/commands';
import { saveDispatchSettings, DEFAULT_DISPATCH, type DispatchSettingValues } from '@/lib/dispatch/settings';
import { createBusiness } from '@/lib/tenancy/commands';
import type { Db } from '@/lib/db/client';

/*
 * An operator with a partner, a rider and drivers placed around Chennai, for
 * the dispatch suites. Pickups are days ahead so no test depends on the hour.
 */

export const CHENNAI = { lat: 13.0878, lng: 80.2785, name: 'Chennai Central' };
export const BENGALURU = { lat: 12.9719, lng: 77.5937, name: 'Bengaluru' };

export type Operator = { id: number; slug: string; host: string; partnerId: number; partnerCookie: string; riderId: number; riderPhone: string };

let seq = 0;

export async function makeOperator(db: Db, slug: string, settings: Partial<DispatchSettingValues> = {}): Promise<Operator> {
  const business = await createBusiness(db, { slug, name: `${slug} cabs`, countryCode: 'in' });
  const [partner] = await db
    .insert(users)
    .values({ businessId: business.id, role: 'travelsx-partner', email: `ops@${slug}.example`, name: 'Ops' })
    .returning();
  const riderPhone = `98451${String(++seq).padStart(5, '0')}`;
  const [rider] = await db
    .insert(users)
    .values({ businessId: business.id, role: 'travelsx-user', name: 'Asha', phoneCode: '91', phone: riderPhone })
    .returning();
  await saveDispatchSettings(db, business.id, { ...DEFAULT_DISPATCH, ...settings });
  return {
    id: business.id,
    slug,
    host: `${slug}.localhost:3000`,
    partnerId: partner.id,
    partnerCookie: `__Host-session=${await createSession(db, { id: partner.id, businessId: business.id })}`,
    riderId: rider.id,
    riderPhone: `+91${riderPhone}`,
  };
}

export type TestDriver = { id: number; userId: number; vehicleId: number; name: string; cookie: string };

/** A verified, online driver with a vehicle, `km` north of Chennai Central (position fresh now). */
export async function placeDriver(
  db: Db,
  op: Operator,
  name: string,
  km: number | null,
  over: { vehicleType?: VehicleType; driver?: Partial<typeof drivers.$inferInsert>; vehicle?: Partial<typeof vehicles.$inferInsert> } = {},
): Promise<TestDriver> {
  const n = ++seq;
  const phone = `97${String(n).padStart(8, '0')}`;
  const [user] = await db.insert(users).values({ businessId: op.id, role: 'travelsx-driver', name, phoneCode: '91', phone }).returning();
  const [vehicle] = await db
    .insert(vehicles)
    .values({
      businessId: op.id,
      vehicleType: over.vehicleType ?? 'sedan',
      model: 'Honda City',
      number: `TN 09DS${String(n).padStart(4, '0')}`,
      ...over.vehicle,
    })
    .returning();
  const position = km === null ? {} : { lat: CHENNAI.lat + km / 111.2, lng: CHENNAI.lng, locatedAt: new Date() };
  const [driver] = await db
    .insert(drivers)
    .values({
      businessId: op.id,
      userId: user.id,
      name,
      phoneCode: '91',
      phone,
      accountStatus: 'Verified',
      online: true,
      onlineAt: new Date(),
      vehicleId: vehicle.id,
      ...position,
      ...over.driver,
    })
    .returning();
  return {
    id: driver.id,
    userId: user.id,
    vehicleId: vehicle.id,
    name,
    cookie: `__Host-session=${await createSession(db, { id: user.id, businessId: op.id })}`,
  };
}

let keys = 0;

/** Books a ride from Chennai Central, `hoursAhead` from now (`dropoff` Bengaluru: about 4.5 hours on the road). */
export async function bookAt(db: Db, op: Operator, hoursAhead: number, extra: { vehicleType?: VehicleType; local?: boolean } = {}) {
  const quote = await createQuote(db, { id: op.id, currency: 'INR', timeZone: 'Asia/Kolkata' } as never, {
    rideType: 'oneway',
    tripKind: extra.local ? 'local' : 'outstation',
    pickupLocation: CHENNAI,
    dropoffLocation: extra.local ? { lat: 13.04, lng: 80.23, name: 'T Nagar' } : BENGALURU,
    pickupTime: new Date(Date.now() + hoursAhead * 3600_000).toISOString(),
  });
  const { ride } = await bookRide(db, op.id, op.riderId, {
    rideSearchId: quote.id,
    rideVehicle: extra.vehicleType ?? 'sedan',
    idempotencyKey: `dispatch-key-${++keys}`,
    paymentMethod: 'cash',
    source: 'form',
  });
  return ride;
}
