import { NextRequest } from 'next/server';
import { and, eq } from 'drizzle-orm';
import { callApi } from '../../api';
import { drivers, outbox, rides, users, vehicles } from '@/lib/db/schema';
import en from '@/messages/en.json';
import { createBusiness } from '@/lib/tenancy/commands';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import { createSession } from '@/lib/auth/session';
import { createQuote } from '@/lib/fares/quote';
import { bookRide } from '@/lib/rides/commands';
import { ridesCsv } from '@/lib/rides/board';
import { localDate } from '@/lib/time/zoned';
import { operatorAccount } from '@/lib/wallet/ledger';
import { balanceOf } from '@/lib/wallet/ledger';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../../db';
import { chennaiToBengaluru } from '../../trips';

const listRoute = callApi;
const actionRoute = callApi;
const exportRoute = callApi;
const assignableRoute = callApi;
const bookRoute = callApi;

let db: Db;
const biz: Record<
  'demo' | 'acme',
  {
    id: number;
    currency: string;
    timeZone: string;
    partnerCookie: string;
    riderId: number;
    riderCookie: string;
    driverId: number;
    vehicleId: number;
    pendingDriverId: number;
  }
> = {} as never;
const HOSTS = { demo: 'localhost:3000', acme: 'acme.localhost:3000' } as const;

const trip = chennaiToBengaluru;

async function setUp(slug: 'demo' | 'acme', country: 'in' | 'ae') {
  const business = await createBusiness(db, { slug, name: `${slug} cabs`, countryCode: country });
  const [partner] = await db
    .insert(users)
    .values({ businessId: business.id, role: 'travelsx-partner', email: `ops@${slug}.example`, name: 'Ops' })
    .returning();
  const [rider] = await db
    .insert(users)
    .values({ businessId: business.id, role: 'travelsx-user', name: 'Asha', phoneCode: '91', phone: '9845000001' })
    .returning();
  const [driverUser] = await db
    .insert(users)
    .values({ businessId: business.id, role: 'travelsx-driver', name: 'Ravi', phoneCode: '91', phone: '9845000002' })
    .returning();
  const [pendingUser] = await db
    .insert(users)
    .values({ businessId: business.id, role: 'travelsx-driver', name: 'Mani', phoneCode: '91', phone: '9845000003' })
    .returning();
  const [vehicle] = await db.insert(vehicles).values({ businessId: business.id, vehicleType: 'sedan', model: 'Honda City', number: 'TN 01AB1234' }).returning();
  // Online: issue 14 gives rides to available drivers only (verified, online, holding no open ride).
  const [driver] = await db
    .insert(drivers)
    .values({
      businessId: business.id,
      userId: driverUser.id,
      name: 'Ravi',
      phoneCode: '91',
      phone: '9845000002',
      accountStatus: 'Verified',
      online: true,
      vehicleId: vehicle.id,
    })
    .returning();
  const [pending] = await db
    .insert(drivers)
    .values({ businessId: business.id, userId: pendingUser.id, name: 'Mani', phoneCode: '91', phone: '9845000003' })
    .returning();
  biz[slug] = {
    ...business,
    partnerCookie: `__Host-session=${await createSession(db, { id: partner.id, businessId: business.id })}`,
    riderId: rider.id,
    riderCookie: `__Host-session=${await createSession(db, { id: rider.id, businessId: business.id })}`,
    driverId: driver.id,
    vehicleId: vehicle.id,
    pendingDriverId: pending.id,
  };
}

beforeAll(async () => {
  db = await openTestDb();
  clearTenantCache();
  await setUp('demo', 'in');
  await setUp('acme', 'ae');
});
afterAll(closeTestDb);

async function bookFor(slug: 'demo' | 'acme', key: string) {
  const quote = await createQuote(db, biz[slug], trip());
  return (
    await bookRide(db, biz[slug].id, biz[slug].riderId, {
      rideSearchId: quote.id,
      rideVehicle: 'sedan',
      idempotencyKey: key,
      paymentMethod: 'cash',
      source: 'form',
    })
  ).ride;
}

type Handler = (r: NextRequest, c: { params: Promise<Record<string, string>> }) => Promise<Response>;
async function call(handler: Handler, path: string, init: { slug?: 'demo' | 'acme'; cookie?: string; body?: unknown; params?: Record<string, string> } = {}) {
  const host = HOSTS[init.slug ?? 'demo'];
  const res = await handler(
    new NextRequest(`http://${host}${path}`, {
      method: init.body === undefined ? 'GET' : 'POST',
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      headers: { host, origin: `http://${host}`, 'content-type': 'application/json', cookie: init.cookie ?? biz[init.slug ?? 'demo'].partnerCookie },
    }),
    { params: Promise.resolve(init.params ?? {}) },
  );
  const text = await res.text();
  return { status: res.status, text, json: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null };
}
/** The board's range that holds the rides booked here (pickups 36 hours ahead), in the operator's zone. */
const RANGE = () => `from=${localDate(new Date(), 'Asia/Kolkata')}&to=${localDate(new Date(Date.now() + 48 * 3600_000), 'Asia/Kolkata')}`;
const act = (rideId: number, body: unknown, slug: 'demo' | 'acme' = 'demo', cookie?: string) =>
  call(actionRoute, `/api/partner/rides/${rideId}`, { slug, body, cookie, params: { id: String(rideId) } });

describe('console rides', () => {
  it('lists the business rides with the customer, filtered by status tab and ride id, without the start code', async () => {
    const ride = await bookFor('demo', 'list-0001');
    const all = await call(listRoute, `/api/partner/rides?${RANGE()}`);
    expect(all.status).toBe(200);
    const card = all.json.data.rides.find((r: { id: number }) => r.id === ride.number);
    expect(card).toMatchObject({ customerName: 'Asha', phone: '+91 9845000001', status: 'booked' });
    expect(card.startCode).toBeUndefined();
    expect(all.json.data.counts.booked).toBeGreaterThanOrEqual(1);
    const completed = await call(listRoute, `/api/partner/rides?status=completed&${RANGE()}`);
    expect(completed.json.data.rides.every((r: { status: string }) => r.status === 'completed')).toBe(true);
    const byId = await call(listRoute, `/api/partner/rides?q=${ride.number}`);
    expect(byId.json.data.rides.map((r: { id: number }) => r.id)).toEqual([ride.number]);
    expect((await call(listRoute, '/api/partner/rides?q=abc')).status).toBe(400);
  });

  it('runs a ride from booked to completed: accept with driver and vehicle, start with the rider code, complete with final tolls', async () => {
    const ride = await bookFor('demo', 'life-0101');
    const accepted = await act(ride.number, { action: 'accept', driverId: biz.demo.driverId, vehicleId: biz.demo.vehicleId });
    expect(accepted.status).toBe(200);
    expect(accepted.json.data).toMatchObject({ status: 'accepted' });
    const wrong = ride.startCode === '0000' ? '1111' : '0000';
    expect((await act(ride.number, { action: 'start', startCode: wrong })).json.error.code).toBe('start_code_wrong');
    expect((await act(ride.number, { action: 'start', startCode: ride.startCode })).json.data.status).toBe('ontrip');
    const before = await operatorAccount(db, biz.demo.id);
    const done = await act(ride.number, { action: 'complete', finalTolls: 120.5, paymentMethod: 'upi' });
    expect(done.json.data).toMatchObject({ status: 'completed', tolls: 12_050, totalAmount: ride.rideAmount + ride.driverBata + 12_050, paymentMethod: 'upi' });
    const after = await operatorAccount(db, biz.demo.id);
    // Paid by UPI: the fare less the platform's commission is credited; nothing is owed.
    expect(after.balance - before.balance).toBe(ride.rideAmount + ride.driverBata + 12_050 - Math.round(ride.rideAmount * 0.1));
    expect(after.owed).toBe(before.owed);
  });

  it('locks the start code after 5 wrong tries until the partner resets it', async () => {
    const ride = await bookFor('demo', 'lock-0001');
    await act(ride.number, { action: 'accept', driverId: biz.demo.driverId, vehicleId: biz.demo.vehicleId });
    const wrong = ride.startCode === '0000' ? '1111' : '0000';
    for (let i = 0; i < 5; i++) expect((await act(ride.number, { action: 'start', startCode: wrong })).status).toBe(400);
    const locked = await act(ride.number, { action: 'start', startCode: ride.startCode });
    expect(locked.status).toBe(423);
    expect((await act(ride.number, { action: 'resetStartCode' })).status).toBe(200);
    // the reset drew a new code (sent to the rider): that one starts the trip
    const [reset] = await db.select().from(rides).where(eq(rides.id, ride.id));
    expect(reset.startCodeAttempts).toBe(0);
    expect((await act(ride.number, { action: 'start', startCode: reset.startCode })).json.data.status).toBe('ontrip');
  });

  it('start code guessing by the operator: at most 3 resets per ride a day, each sending the rider a new code; the 4th is 429', async () => {
    const ride = await bookFor('demo', 'guess-0001');
    // a driver of its own: the seeded one may hold a ride from the cases above
    const [driverUser] = await db
      .insert(users)
      .values({ businessId: biz.demo.id, role: 'travelsx-driver', name: 'Guna', phoneCode: '91', phone: '9845000009' })
      .returning();
    const [vehicle] = await db
      .insert(vehicles)
      .values({ businessId: biz.demo.id, vehicleType: 'sedan', model: 'Honda City', number: 'TN 01AB9999' })
      .returning();
    const [driver] = await db
      .insert(drivers)
      .values({
        businessId: biz.demo.id,
        userId: driverUser.id,
        name: 'Guna',
        phoneCode: '91',
        phone: '9845000009',
        accountStatus: 'Verified',
        online: true,
        vehicleId: vehicle.id,
      })
      .returning();
    expect((await act(ride.number, { action: 'accept', driverId: driver.id, vehicleId: vehicle.id })).status).toBe(200);
    const codes = [ride.startCode];
    const lockOut = async (code: string) => {
      const wrong = code === '0000' ? '1111' : '0000';
      for (let i = 0; i < 5; i++) await act(ride.number, { action: 'start', startCode: wrong });
      expect((await act(ride.number, { action: 'start', startCode: wrong })).status).toBe(423);
    };
    for (let reset = 1; reset <= 3; reset++) {
      await lockOut(codes.at(-1)!);
      expect((await act(ride.number, { action: 'resetStartCode' })).status).toBe(200);
      const [row] = await db.select().from(rides).where(eq(rides.id, ride.id));
      expect(row.startCodeAttempts).toBe(0);
      codes.push(row.startCode);
      // the new code went to the rider's phone, through the message budget
      const sent = await db
        .select()
        .from(outbox)
        .where(and(eq(outbox.rideId, ride.id), eq(outbox.purpose, 'start-code-reset')))
        .orderBy(outbox.id);
      expect(sent).toHaveLength(reset);
      expect(sent.at(-1)).toMatchObject({ recipient: '+919845000001', status: expect.not.stringMatching(/refused/) });
      expect(sent.at(-1)!.body).toContain(`Your new code is ${row.startCode}`);
    }
    // a new code each time (four 4-digit draws: equal ones would be a 1-in-10,000 coincidence at most per pair)
    expect(new Set(codes).size).toBeGreaterThan(1);
    await lockOut(codes.at(-1)!);
    const limited = await act(ride.number, { action: 'resetStartCode' });
    expect(limited.status).toBe(429);
    expect(limited.json.error).toMatchObject({ code: 'rate_limited', key: 'startCodeResetLimit', values: { ride: ride.number, max: 3 } });
    expect(limited.json.error.message).toContain('was reset 3 times today');
    expect(en.Validation.startCodeResetLimit).toContain('{hours}');
    // still locked, no fourth code sent
    const [after] = await db.select().from(rides).where(eq(rides.id, ride.id));
    expect(after.startCodeAttempts).toBeGreaterThanOrEqual(5);
    expect(after.startCode).toBe(codes.at(-1));
    expect(
      await db
        .select()
        .from(outbox)
        .where(and(eq(outbox.rideId, ride.id), eq(outbox.purpose, 'start-code-reset'))),
    ).toHaveLength(3);
  });

  it('refuses a blocked or pending driver, a foreign vehicle, and accepting a cancelled ride; nothing changes', async () => {
    const ride = await bookFor('demo', 'refuse-0001');
    expect((await act(ride.number, { action: 'accept', driverId: biz.demo.pendingDriverId, vehicleId: biz.demo.vehicleId })).status).toBe(409);
    expect((await act(ride.number, { action: 'accept', driverId: biz.demo.driverId, vehicleId: biz.acme.vehicleId })).status).toBe(404);
    expect((await act(ride.number, { action: 'accept', driverId: biz.acme.driverId, vehicleId: biz.demo.vehicleId })).status).toBe(404);
    expect((await act(ride.number, { action: 'decline', reason: '' })).status).toBe(400);
    expect((await act(ride.number, { action: 'fly' })).status).toBe(400);
    const [row] = await db.select().from(rides).where(eq(rides.id, ride.id));
    expect(row.status).toBe('booked');
    const pending = await balanceOf(db, biz.demo.id, biz.demo.riderId, 'INR');
    expect((await act(ride.number, { action: 'decline', reason: 'No driver near the pickup' })).json.data.status).toBe('cancelled');
    expect((await balanceOf(db, biz.demo.id, biz.demo.riderId, 'INR')).pending).toBe(pending.pending - ride.cashbackAmount);
    expect((await act(ride.number, { action: 'accept', driverId: biz.demo.driverId, vehicleId: biz.demo.vehicleId })).status).toBe(409);
  });

  it('keeps tenants apart: a partner of another business gets 404 on these rides and sees none of them; riders get 403', async () => {
    const ride = await bookFor('demo', 'iso-0001');
    for (const body of [
      { action: 'accept', driverId: biz.acme.driverId, vehicleId: biz.acme.vehicleId },
      { action: 'decline', reason: 'x' },
      { action: 'start', startCode: ride.startCode },
      { action: 'complete' },
      { action: 'resetStartCode' },
    ]) {
      expect((await act(ride.number, body, 'acme')).status).toBe(404);
    }
    const acmeList = await call(listRoute, `/api/partner/rides?q=${ride.number}`, { slug: 'acme' });
    expect(acmeList.json.data.rides).toEqual([]);
    const acmeAssignable = await call(assignableRoute, '/api/partner/rides/assignable', { slug: 'acme' });
    // Every driver of acme (the pending one shown, but not available), none of demo's.
    expect(acmeAssignable.json.data.drivers.map((d: { id: number }) => d.id).sort()).toEqual([biz.acme.driverId, biz.acme.pendingDriverId].sort());
    expect(acmeAssignable.json.data.drivers.filter((d: { availability: string }) => d.availability === 'available').map((d: { id: number }) => d.id)).toEqual([
      biz.acme.driverId,
    ]);
    expect((await call(listRoute, '/api/partner/rides', { cookie: biz.demo.riderCookie })).status).toBe(403);
    expect((await act(ride.number, { action: 'decline', reason: 'x' }, 'demo', biz.demo.riderCookie)).status).toBe(403);
    expect((await call(listRoute, '/api/partner/rides', { slug: 'acme', cookie: biz.demo.partnerCookie })).status).toBe(401);
    const [row] = await db.select().from(rides).where(eq(rides.id, ride.id));
    expect(row.status).toBe('booked');
  });

  it('exports the filtered list as CSV with quoted cells and no spreadsheet formulas', async () => {
    const csv = await call(exportRoute, `/api/partner/rides/export?status=booked&${RANGE()}`);
    expect(csv.status).toBe(200);
    const [header, ...lines] = csv.text.trim().split('\r\n');
    expect(header).toMatch(/^ride_id,status,/);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((l) => l.split(',')[1] === 'booked')).toBe(true);
    const sample = ridesCsv(
      [
        {
          id: 1,
          status: 'booked',
          rideType: 'oneway',
          tripKind: 'local',
          vehicleType: 'sedan',
          pickupTime: '2026-05-01T00:00:00.000Z',
          pickup: { name: '=HYPERLINK("x")', lat: 0, lng: 0 },
          dropoff: { name: 'A, "B"', lat: 0, lng: 0 },
          customerName: '+1',
          phone: '',
          driverName: null,
          vehicleNumber: null,
          currency: 'INR',
          rideAmount: 100,
          driverBata: 0,
          tolls: 0,
          totalAmount: 100,
          paymentMethod: 'cash',
        } as never,
      ],
      'Asia/Kolkata',
    );
    expect(sample).toContain(`"'=HYPERLINK(""x"")"`);
    expect(sample).toContain('"A, ""B"""');
    expect(sample).toContain(",'+1,");
  });

  it('books for a customer by phone, once per idempotency key', async () => {
    const quote = await createQuote(db, biz.demo, trip());
    const body = {
      customerName: 'Meena',
      customerPhone: { dialCode: '91', number: '9840012345' },
      rideSearchId: quote.id,
      rideVehicle: 'suv',
      idempotencyKey: 'console-0001',
    };
    const first = await call(bookRoute, '/api/partner/rides/book', { body });
    expect(first.status).toBe(201);
    const again = await call(bookRoute, '/api/partner/rides/book', { body });
    expect(again.json.data[0].rideId).toBe(first.json.data[0].rideId);
    const [customer] = await db.select().from(users).where(eq(users.phone, '9840012345'));
    expect(customer).toMatchObject({ role: 'travelsx-user', name: 'Meena', businessId: biz.demo.id });
    expect((await call(bookRoute, '/api/partner/rides/book', { body: { ...body, customerPhone: { dialCode: '91', number: 'abc' } } })).status).toBe(400);
  });
});
