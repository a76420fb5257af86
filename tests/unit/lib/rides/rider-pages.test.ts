import { randomUUID } from 'node:crypto';
import { NextRequest } from 'next/server';
import { eq } from 'drizzle-orm';
import { callApi } from '../../api';
import { rideEvents, rides, users, walletEntries, type Business, type Ride } from '@/lib/db/schema';
import { createBusiness } from '@/lib/tenancy/commands';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import { createSession } from '@/lib/auth/session';
import { createQuote } from '@/lib/fares/quote';
import { bookRideSchema } from '@/lib/booking/schemas';
import { bookRide } from '@/lib/rides/commands';
import type { RideView } from '@/lib/rides/queries';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../../db';

const ridesRoute = callApi;
const cancelRoute = callApi;
const walletRoute = callApi;
const deleteProfileRoute = callApi;
const patchProfileRoute = callApi;
const meRoute = callApi;

const DEMO_HOST = 'localhost:3000';
const ACME_HOST = 'acme.localhost:3000';
const CHENNAI = { lat: 13.0878, lng: 80.2785, name: 'Chennai Central' };
const BENGALURU = { lat: 12.9719, lng: 77.5937, name: 'Bengaluru' };

let db: Db;
let demo: Business;
let acme: Business;
let phoneSeq = 0;

beforeAll(async () => {
  db = await openTestDb();
  clearTenantCache();
  demo = await createBusiness(db, { slug: 'demo', name: 'Demo Cabs', countryCode: 'in' });
  acme = await createBusiness(db, { slug: 'acme', name: 'Acme Travels', countryCode: 'ae' });
});
afterAll(closeTestDb);

type Rider = { id: number; cookie: string };

async function newRider(business: Business, fields: { name?: string; email?: string } = {}): Promise<Rider> {
  const phone = `98450${String(++phoneSeq).padStart(5, '0')}`;
  const [user] = await db
    .insert(users)
    .values({ businessId: business.id, role: 'travelsx-user', name: fields.name ?? 'Asha', email: fields.email, phoneCode: business.phoneCode, phone })
    .returning();
  return { id: user.id, cookie: `__Host-session=${await createSession(db, { id: user.id, businessId: business.id })}` };
}

async function bookFor(business: Business, rider: Rider): Promise<Ride> {
  const quote = await createQuote(db, business, {
    rideType: 'oneway',
    tripKind: 'outstation',
    pickupLocation: CHENNAI,
    dropoffLocation: BENGALURU,
    pickupTime: new Date(Date.now() + 36 * 3600_000).toISOString(),
  });
  const { ride } = await bookRide(
    db,
    business.id,
    rider.id,
    bookRideSchema.parse({ rideSearchId: quote.id, rideVehicle: 'sedan', idempotencyKey: randomUUID() }),
  );
  return ride;
}

type Init = { method?: string; body?: unknown; cookie?: string; host?: string; origin?: string };
function request(path: string, { method = 'GET', body, cookie, host = DEMO_HOST, origin = `http://${host}` }: Init = {}) {
  const headers: Record<string, string> = { host, 'content-type': 'application/json' };
  if (cookie) headers.cookie = cookie;
  if (method !== 'GET') headers.origin = origin;
  return new NextRequest(`http://${host}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

type Handler = (req: NextRequest, ctx: { params?: Promise<Record<string, string>> }) => Promise<Response>;
async function call(handler: Handler, req: NextRequest, params: Record<string, string> = {}) {
  const res = await handler(req, { params: Promise.resolve(params) });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null, headers: res.headers };
}

const listRides = (rider: Rider, host = DEMO_HOST) => call(ridesRoute, request('/api/rides', { cookie: rider.cookie, host }));
const wallet = (rider: Rider) => call(walletRoute, request('/api/wallet', { cookie: rider.cookie }));
const cancel = (rider: Rider, rideId: number, body: unknown, init: Init = {}) =>
  call(cancelRoute, request(`/api/rides/${rideId}/cancel`, { method: 'POST', cookie: rider.cookie, body, ...init }), { id: String(rideId) });
const patchProfile = (rider: Rider, body: unknown) => call(patchProfileRoute, request('/api/profile', { method: 'PATCH', cookie: rider.cookie, body }));
const rideRow = async (id: number) => (await db.select().from(rides).where(eq(rides.id, id)))[0];
const eventsOf = async (id: number) => db.select().from(rideEvents).where(eq(rideEvents.rideId, id));

describe('my rides and wallet', () => {
  let rider: Rider;
  let ride: Ride;

  beforeAll(async () => {
    rider = await newRider(demo);
    ride = await bookFor(demo, rider);
  });

  it('lists a booked ride as upcoming with its start code and itemised fare', async () => {
    const { status, json } = await listRides(rider);
    expect(status).toBe(200);
    expect(json.data.past).toEqual([]);
    expect(json.data.upcoming).toHaveLength(1);
    const view: RideView = json.data.upcoming[0];
    expect(view).toMatchObject({
      id: ride.id,
      status: 'booked',
      tripKind: 'outstation',
      rideType: 'oneway',
      vehicleType: 'sedan',
      currency: 'INR',
      startCode: ride.startCode,
    });
    expect(view.startCode).toMatch(/^\d{4}$/);
    expect(view.pickup.name).toBe('Chennai Central');
    expect(view.dropoff?.name).toBe('Bengaluru');
    expect(view.totalAmount).toBe(view.rideAmount + view.driverBata + view.tolls);
    expect(view.cashbackAmount).toBe(Math.round((view.rideAmount * demo.cashbackBps) / 10_000));
    expect(view.cashbackAmount).toBeGreaterThan(0);
  });

  it('shows the pending cashback in the wallet', async () => {
    const { status, json } = await wallet(rider);
    expect(status).toBe(200);
    expect(json.data.balance).toEqual({ available: 0, pending: ride.cashbackAmount, currency: 'INR' });
    expect(json.data.entries).toEqual([
      expect.objectContaining({ kind: 'cashback_pending', rideId: ride.id, available: 0, pending: ride.cashbackAmount, currency: 'INR' }),
    ]);
    expect(Number.isNaN(Date.parse(json.data.entries[0].createdAt))).toBe(false);
  });

  it("refuses another rider's cancel with 404 and changes nothing", async () => {
    const other = await newRider(demo);
    const events = (await eventsOf(ride.id)).length;
    const { status } = await cancel(other, ride.id, { reason: 'Not my ride' });
    expect(status).toBe(404);
    expect((await rideRow(ride.id)).status).toBe('booked');
    expect(await eventsOf(ride.id)).toHaveLength(events);
    expect((await wallet(rider)).json.data.balance.pending).toBe(ride.cashbackAmount);
  });

  it('hides the ride from a rider of another business, and the session from the other host', async () => {
    const stranger = await newRider(acme);
    const seen = await listRides(stranger, ACME_HOST);
    expect(seen.status).toBe(200);
    expect(seen.json.data).toEqual({ upcoming: [], past: [] });
    expect((await cancel(stranger, ride.id, { reason: 'Let me in' }, { host: ACME_HOST })).status).toBe(404);
    expect((await listRides(rider, ACME_HOST)).status).toBe(401);
    expect((await rideRow(ride.id)).status).toBe('booked');
  });

  it.each([
    ['a blank reason', { reason: '   ' }],
    ['no reason', {}],
    ['a reason over 300 characters', { reason: 'x'.repeat(301) }],
  ])('refuses %s with a 400 naming the field, changing nothing', async (_, body) => {
    const { status, json } = await cancel(rider, ride.id, body);
    expect(status).toBe(400);
    expect(json.error.field).toBe('reason');
    expect(json.error.message).toMatch(/^reason: /);
    expect((await rideRow(ride.id)).status).toBe('booked');
  });

  it('refuses a cross-site cancel and a signed-out one', async () => {
    expect((await cancel(rider, ride.id, { reason: 'Plans changed' }, { origin: 'https://evil.example' })).status).toBe(403);
    expect(
      (await call(cancelRoute, request(`/api/rides/${ride.id}/cancel`, { method: 'POST', body: { reason: 'Plans changed' } }), { id: String(ride.id) })).status,
    ).toBe(401);
    expect((await call(ridesRoute, request('/api/rides'))).status).toBe(401);
    expect((await call(walletRoute, request('/api/wallet'))).status).toBe(401);
    expect((await rideRow(ride.id)).status).toBe('booked');
  });

  it('cancels with a reason: the ride moves to past without its start code and the pending cashback goes back to 0', async () => {
    const { status, json } = await cancel(rider, ride.id, { reason: '  Plans changed  ' });
    expect(status).toBe(200);
    expect(json.data).toMatchObject({ id: ride.id, status: 'cancelled', startCode: null, cancelReason: 'Plans changed', cancelledBy: 'rider' });

    const listed = await listRides(rider);
    expect(listed.json.data.upcoming).toEqual([]);
    expect(listed.json.data.past).toEqual([expect.objectContaining({ id: ride.id, status: 'cancelled', startCode: null })]);

    const after = await wallet(rider);
    expect(after.json.data.balance).toEqual({ available: 0, pending: 0, currency: 'INR' });
    expect(after.json.data.entries.map((e: { kind: string; pending: number }) => [e.kind, e.pending])).toEqual([
      ['cashback_reversal', -ride.cashbackAmount],
      ['cashback_pending', ride.cashbackAmount],
    ]);
  });

  it('answers 409 to a second cancel and writes nothing more', async () => {
    const entries = (await db.select().from(walletEntries).where(eq(walletEntries.rideId, ride.id))).length;
    const events = (await eventsOf(ride.id)).length;
    const { status, json } = await cancel(rider, ride.id, { reason: 'Again' });
    expect(status).toBe(409);
    expect(json.error.code).toBe('illegal_transition');
    expect(await db.select().from(walletEntries).where(eq(walletEntries.rideId, ride.id))).toHaveLength(entries);
    expect(await eventsOf(ride.id)).toHaveLength(events);
    expect((await rideRow(ride.id)).cancelReason).toBe('Plans changed');
  });

  it('answers 404 to an unknown or malformed ride id', async () => {
    expect((await cancel(rider, 999_999, { reason: 'Plans changed' })).status).toBe(404);
    const malformed = await call(cancelRoute, request('/api/rides/abc/cancel', { method: 'POST', cookie: rider.cookie, body: { reason: 'x' } }), { id: 'abc' });
    expect(malformed.status).toBe(404);
  });
});

describe('profile', () => {
  it.each([
    ['a blank name', { name: '   ', email: '' }, 'name'],
    ['a name over 50 characters', { name: 'A'.repeat(51) }, 'name'],
    ['no name', { email: 'asha@example.com' }, 'name'],
    ['a malformed e-mail', { name: 'Asha', email: 'asha@' }, 'email'],
  ])('refuses %s with a 400 naming the field, changing nothing', async (_, body, field) => {
    const email = `asha.${randomUUID().slice(0, 8)}@example.com`;
    const rider = await newRider(demo, { name: 'Asha', email });
    const { status, json } = await patchProfile(rider, body);
    expect(status).toBe(400);
    expect(json.error.field).toBe(field);
    const [row] = await db.select().from(users).where(eq(users.id, rider.id));
    expect(row).toMatchObject({ name: 'Asha', email });
  });

  it('saves a trimmed name and a lower-cased e-mail, and a blank e-mail removes it', async () => {
    const rider = await newRider(demo);
    const saved = await patchProfile(rider, { name: '  Asha Rao ', email: ' Asha.Rao@Example.COM ' });
    expect(saved.status).toBe(200);
    expect(saved.json.data).toEqual({ name: 'Asha Rao', email: 'asha.rao@example.com' });
    const me = await call(meRoute, request('/api/auth/me', { cookie: rider.cookie }));
    expect(me.json.data).toMatchObject({ name: 'Asha Rao', email: 'asha.rao@example.com' });

    const cleared = await patchProfile(rider, { name: 'Asha Rao', email: '' });
    expect(cleared.json.data).toEqual({ name: 'Asha Rao', email: null });
  });

  it('answers 409 when another rider of the business has the e-mail', async () => {
    await newRider(demo, { email: 'taken@example.com' });
    const rider = await newRider(demo);
    const { status, json } = await patchProfile(rider, { name: 'Asha', email: 'Taken@example.com' });
    expect(status).toBe(409);
    expect(json.error).toMatchObject({ field: 'email', key: 'emailTaken', message: 'email: Another account already uses this e-mail.' });
  });

  it('refuses a cross-site profile change', async () => {
    const rider = await newRider(demo);
    const res = await call(
      patchProfileRoute,
      request('/api/profile', { method: 'PATCH', cookie: rider.cookie, body: { name: 'Mallory' }, origin: 'https://evil.example' }),
    );
    expect(res.status).toBe(403);
  });

  it('deletes the account: the cookie is cleared, the session no longer works and personal data is erased', async () => {
    const rider = await newRider(demo, { name: 'Asha', email: 'asha.delete@example.com' });
    const ride = await bookFor(demo, rider);
    const other = await createSession(db, { id: rider.id, businessId: demo.id });

    const res = await call(deleteProfileRoute, request('/api/profile', { method: 'DELETE', cookie: rider.cookie }));
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/^__Host-session=;.*Max-Age=0/);

    expect((await call(meRoute, request('/api/auth/me', { cookie: rider.cookie }))).json.data).toBeNull();
    expect((await call(meRoute, request('/api/auth/me', { cookie: `__Host-session=${other}` }))).json.data).toBeNull();
    expect((await listRides(rider)).status).toBe(401);
    expect((await patchProfile(rider, { name: 'Back again' })).status).toBe(401);

    const [row] = await db.select().from(users).where(eq(users.id, rider.id));
    expect(row).toMatchObject({ name: null, email: null, phone: null, phoneCode: null });
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(await rideRow(ride.id)).toBeDefined();
  });
});
