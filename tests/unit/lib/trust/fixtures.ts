import { eq } from 'drizzle-orm';
import { drivers, invoiceSettings, rides, users, vehicles, walletEntries } from '@/lib/db/schema';
import { createBusiness } from '@/lib/tenancy/commands';
import { createSession } from '@/lib/auth/session';
import { createQuote } from '@/lib/fares/quote';
import { bookRide } from '@/lib/rides/commands';
import { applyRideAction } from '@/lib/rides/partner';
import type { Db } from '@/lib/db/client';
import { DomainError } from '@/lib/errors/domain-error';
import type { BookRideInput } from '@/lib/booking/schemas';

export type World = {
  id: number;
  slug: string;
  host: string;
  partnerId: number;
  partnerCookie: string;
  riderId: number;
  riderCookie: string;
  otherRiderCookie: string;
  driverId: number;
  vehicleId: number;
};

export const trip = (hoursAhead = 36) => ({
  rideType: 'oneway' as const,
  tripKind: 'outstation' as const,
  pickupLocation: { lat: 13.0878, lng: 80.2785, name: 'Chennai' },
  dropoffLocation: { lat: 12.9719, lng: 77.5937, name: 'Bengaluru' },
  pickupTime: new Date(Date.now() + hoursAhead * 3600_000).toISOString(),
});

/** An operator with a partner, two riders, a verified driver and a vehicle; GST details when `gst` is set. */
export async function makeWorld(db: Db, slug: string, options: { gst?: 'intra' | 'inter'; riderEmail?: string } = {}): Promise<World> {
  const business = await createBusiness(db, { slug, name: `${slug} cabs`, countryCode: 'in' });
  const [partner] = await db
    .insert(users)
    .values({ businessId: business.id, role: 'travelsx-partner', email: `ops@${slug}.example`, name: 'Ops' })
    .returning();
  const [rider] = await db
    .insert(users)
    .values({ businessId: business.id, role: 'travelsx-user', name: 'Asha Raman', phoneCode: '91', phone: '9845000001', email: options.riderEmail ?? null })
    .returning();
  const [other] = await db
    .insert(users)
    .values({ businessId: business.id, role: 'travelsx-user', name: 'Bala', phoneCode: '91', phone: '9845000009' })
    .returning();
  const [driverUser] = await db
    .insert(users)
    .values({ businessId: business.id, role: 'travelsx-driver', name: 'Ravi Kumar', phoneCode: '91', phone: '9845000002' })
    .returning();
  const [vehicle] = await db.insert(vehicles).values({ businessId: business.id, vehicleType: 'sedan', model: 'Honda City', number: 'TN 01AB1234' }).returning();
  const [driver] = await db
    .insert(drivers)
    .values({
      businessId: business.id,
      userId: driverUser.id,
      name: 'Ravi Kumar',
      phoneCode: '91',
      phone: '9845000002',
      accountStatus: 'Verified',
      online: true,
      vehicleId: vehicle.id,
    })
    .returning();
  if (options.gst) {
    await db.insert(invoiceSettings).values({
      businessId: business.id,
      legalName: `${slug} Travels Pvt Ltd`,
      address: '12 Anna Salai, Chennai 600002',
      taxNumber: '33ABCDE1234F1Z5',
      taxRateBps: 500,
      sacCode: '996412',
      supplyType: options.gst,
    });
  }
  return {
    id: business.id,
    slug,
    host: slug === 'demo' ? 'localhost:3000' : `${slug}.localhost:3000`,
    partnerId: partner.id,
    partnerCookie: `__Host-session=${await createSession(db, { id: partner.id, businessId: business.id })}`,
    riderId: rider.id,
    riderCookie: `__Host-session=${await createSession(db, { id: rider.id, businessId: business.id })}`,
    otherRiderCookie: `__Host-session=${await createSession(db, { id: other.id, businessId: business.id })}`,
    driverId: driver.id,
    vehicleId: vehicle.id,
  };
}

let keys = 0;
export async function book(db: Db, world: World, extra: Partial<BookRideInput> = {}, hoursAhead = 36) {
  const quote = await createQuote(db, { id: world.id, currency: 'INR', timeZone: 'Asia/Kolkata' } as never, trip(hoursAhead));
  const { ride } = await bookRide(db, world.id, world.riderId, {
    rideSearchId: quote.id,
    rideVehicle: 'sedan',
    idempotencyKey: `trust-key-${++keys}`,
    paymentMethod: 'cash',
    source: 'form',
    ...extra,
  });
  return ride;
}

let spares = 0;
/** Another verified, online driver with a sedan of the world's operator (a driver holding an open ride is busy). */
export async function freeDriver(db: Db, world: World): Promise<{ driverId: number; vehicleId: number }> {
  const n = ++spares;
  const phone = `97${String(n).padStart(8, '0')}`;
  const [user] = await db
    .insert(users)
    .values({ businessId: world.id, role: 'travelsx-driver', name: `Spare Driver ${n}`, phoneCode: '91', phone })
    .returning();
  const [vehicle] = await db
    .insert(vehicles)
    .values({ businessId: world.id, vehicleType: 'sedan', model: 'Maruti Dzire', number: `TN 02SP${String(n).padStart(4, '0')}` })
    .returning();
  const [driver] = await db
    .insert(drivers)
    .values({
      businessId: world.id,
      userId: user.id,
      name: `Spare Driver ${n}`,
      phoneCode: '91',
      phone,
      accountStatus: 'Verified',
      online: true,
      vehicleId: vehicle.id,
    })
    .returning();
  return { driverId: driver.id, vehicleId: vehicle.id };
}

/** Accepts with the world's driver, or with a spare driver while the world's one is on another ride. */
export async function accept(db: Db, world: World, rideId: number) {
  try {
    return await applyRideAction(db, world.id, world.partnerId, rideId, { action: 'accept', driverId: world.driverId, vehicleId: world.vehicleId });
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== 'driver_busy') throw error;
    return applyRideAction(db, world.id, world.partnerId, rideId, { action: 'accept', ...(await freeDriver(db, world)) });
  }
}

/** Books, accepts, starts with the code and completes with final tolls (major units). */
export async function completedRide(db: Db, world: World, extra: Partial<BookRideInput> = {}, finalTolls = 120.5) {
  const ride = await book(db, world, extra);
  // a card ride is one PayU has confirmed (lib/payments marks it paid on the verified callback)
  if (extra.paymentMethod === 'card') await db.update(rides).set({ paid: true }).where(eq(rides.id, ride.id));
  await accept(db, world, ride.id);
  await applyRideAction(db, world.id, world.partnerId, ride.id, { action: 'start', startCode: ride.startCode });
  return applyRideAction(db, world.id, world.partnerId, ride.id, { action: 'complete', finalTolls });
}

/** The fare of a ride in the operator's ledger (minor units): credited for UPI and card rides, the cash memo for cash rides. */
export async function ledgerEarning(db: Db, rideId: number): Promise<number> {
  const rows = await db.select().from(walletEntries).where(eq(walletEntries.rideId, rideId));
  return (
    rows.filter((r) => r.kind === 'ride_earning').reduce((sum, r) => sum + r.available, 0) +
    rows.filter((r) => r.kind === 'ride_cash').reduce((sum, r) => sum + r.cash, 0)
  );
}

export function request(world: World, path: string, init: { method?: string; cookie?: string; body?: unknown; host?: string } = {}) {
  const host = init.host ?? world.host;
  return new Request(`http://${host}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    headers: { host, origin: `http://${host}`, 'content-type': 'application/json', cookie: init.cookie ?? world.riderCookie },
  });
}
