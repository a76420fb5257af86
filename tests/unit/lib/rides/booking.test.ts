import { NextRequest } from 'next/server';
import { eq, sql } from 'drizzle-orm';
import { callApi } from '../../api';
import { quotes, rideEvents, rides, users, walletEntries } from '@/lib/db/schema';
import { createBusiness } from '@/lib/tenancy/commands';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import { createSession } from '@/lib/auth/session';
import { createQuote } from '@/lib/fares/quote';
import { bookRide } from '@/lib/rides/commands';
import { bookForCustomer } from '@/lib/rides/partner';
import { setFreeSpaceForTests } from '@/lib/db/free-space';
import { canTransition, transitionRide, TRANSITIONS } from '@/lib/rides/lifecycle';
import { balanceOf, operatorAccount } from '@/lib/wallet/ledger';
import { DomainError } from '@/lib/errors/domain-error';
import { RIDE_STATUSES } from '@/lib/db/schema/rides';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../../db';

const quoteRoute = callApi;
const bookRoute = callApi;

let db: Db;
let demo: { id: number; currency: string; timeZone: string };
let acme: { id: number; currency: string; timeZone: string };
let riderId: number;
let cookie: string;

const CHENNAI = { lat: 13.0878, lng: 80.2785, name: 'Chennai' };
const BENGALURU = { lat: 12.9719, lng: 77.5937, name: 'Bengaluru' };
const tomorrow8pm = () => new Date(Date.now() + 36 * 3600_000).toISOString();
const outstation = (over: Record<string, unknown> = {}) => ({
  rideType: 'oneway' as const,
  tripKind: 'outstation' as const,
  pickupLocation: CHENNAI,
  dropoffLocation: BENGALURU,
  pickupTime: tomorrow8pm(),
  ...over,
});

beforeAll(async () => {
  db = await openTestDb();
  clearTenantCache();
  demo = await createBusiness(db, { slug: 'demo', name: 'Demo Cabs', countryCode: 'in', phone: '9000000000', email: 'ops@demo.example' });
  acme = await createBusiness(db, { slug: 'acme', name: 'Acme Travels', countryCode: 'ae' });
  const [rider] = await db.insert(users).values({ businessId: demo.id, role: 'travelsx-user', name: 'Asha', phoneCode: '91', phone: '9845012345' }).returning();
  riderId = rider.id;
  cookie = `__Host-session=${await createSession(db, { id: rider.id, businessId: demo.id })}`;
});
afterAll(closeTestDb);

function post(path: string, body: unknown, host = 'localhost:3000') {
  return new NextRequest(`http://${host}${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { host, origin: `http://${host}`, 'content-type': 'application/json', cookie },
  });
}
const ctx = { params: Promise.resolve({}) };
async function call(handler: (r: NextRequest, c: typeof ctx) => Promise<Response>, request: NextRequest) {
  const res = await handler(request, ctx);
  return { status: res.status, json: await res.json() };
}
const count = async (table: typeof rides | typeof quotes | typeof walletEntries | typeof rideEvents | typeof users) =>
  Number((await db.select({ n: sql<number>`count(*)` }).from(table))[0].n);

describe('quote API', () => {
  it('prices every vehicle type in the spec shape and stores the quote', async () => {
    const { status, json } = await call(quoteRoute, post('/api/rides/quote', outstation()));
    expect(status).toBe(200);
    expect(json.data.ride_search_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(json.data.ride_route.distance_time.ride_distance.unit).toBe('km');
    expect(json.data.ride_details.map((d: { vehicle: { vehicle_type: string } }) => d.vehicle.vehicle_type)).toEqual([
      'hatchback',
      'sedan',
      'suv',
      'electric',
      'luxury',
    ]);
    const sedan = json.data.ride_details[1].fee;
    expect(sedan.currency).toBe('INR');
    expect(sedan.total_fee).toBeCloseTo(sedan.ride_amount + sedan.driver_bata + sedan.tolls, 2);
  });

  it.each([
    ['missing pickup', outstation({ pickupLocation: undefined }), 'pickupLocation'],
    ['missing drop-off', outstation({ dropoffLocation: null }), 'dropoffLocation'],
    ['identical pickup and drop-off', outstation({ dropoffLocation: CHENNAI }), 'dropoffLocation'],
    ['a pickup in the past', outstation({ pickupTime: new Date(Date.now() - 3600_000).toISOString() }), 'pickupTime'],
    ['a return before the pickup', outstation({ rideType: 'return', returnTime: new Date(Date.now() + 3600_000).toISOString() }), 'returnTime'],
    ['a return without a return time', outstation({ rideType: 'return' }), 'returnTime'],
    ['a rental without a package', outstation({ tripKind: 'rental', dropoffLocation: null }), 'packageDetails'],
    ['an unknown trip kind', outstation({ tripKind: 'helicopter' }), 'tripKind'],
    ['a latitude out of range', outstation({ pickupLocation: { lat: 123, lng: 80, name: 'X' } }), 'pickupLocation.lat'],
  ])('refuses %s with a 400 naming the field, writing nothing', async (_, body, field) => {
    const before = await count(quotes);
    const { status, json } = await call(quoteRoute, post('/api/rides/quote', body));
    expect(status).toBe(400);
    expect(json.error.field).toBe(field);
    expect(json.error.message).toMatch(new RegExp(`^${field.replace('.', '\\.')}: `));
    expect(await count(quotes)).toBe(before);
  });
});

describe('booking', () => {
  it('books from the stored quote with a start code, its first event and pending cashback (5% of the ride amount)', async () => {
    const quote = await createQuote(db, demo, outstation());
    const sedan = quote.items.find((i) => i.vehicleType === 'sedan')!;
    const { status, json } = await call(
      bookRoute,
      post('/api/rides', {
        rideSearchId: quote.id,
        rideVehicle: 'sedan',
        idempotencyKey: 'attempt-0001',
        rideAmount: sedan.rideAmount / 100,
        totalAmount: sedan.total / 100,
      }),
    );
    expect(status).toBe(201);
    const ride = json.data[0];
    expect(ride).toMatchObject({ status: 'booked', vehicleType: 'sedan', totalAmount: sedan.total, cashbackAmount: Math.round(sedan.rideAmount * 0.05) / 100 });
    expect(ride.startCode).toMatch(/^\d{4}$/);
    const events = await db.select().from(rideEvents).where(eq(rideEvents.rideId, ride.rideId));
    expect(events).toEqual([expect.objectContaining({ fromStatus: null, toStatus: 'booked' })]);
    expect(await balanceOf(db, demo.id, riderId, 'INR')).toEqual({ available: 0, pending: Math.round(sedan.rideAmount * 0.05), currency: 'INR' });
  });

  it('is idempotent: the same key returns the first ride, concurrent or repeated', async () => {
    const quote = await createQuote(db, demo, outstation());
    const input = {
      rideSearchId: quote.id,
      rideVehicle: 'suv' as const,
      idempotencyKey: 'attempt-0002',
      paymentMethod: 'cash' as const,
      source: 'form' as const,
    };
    const before = await count(rides);
    const results = await Promise.all([bookRide(db, demo.id, riderId, input), bookRide(db, demo.id, riderId, input), bookRide(db, demo.id, riderId, input)]);
    const again = await call(bookRoute, post('/api/rides', input));
    expect(again.status).toBe(200);
    expect(new Set([...results.map((r) => r.ride.id), again.json.data[0].id]).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await count(rides)).toBe(before + 1);
  });

  it('refuses a tampered amount, an expired or foreign quote and an unknown vehicle, writing nothing', async () => {
    const quote = await createQuote(db, demo, outstation());
    const sedan = quote.items.find((i) => i.vehicleType === 'sedan')!;
    const before = { rides: await count(rides), wallet: await count(walletEntries) };
    const tampered = await call(
      bookRoute,
      post('/api/rides', { rideSearchId: quote.id, rideVehicle: 'sedan', idempotencyKey: 'attempt-0003', totalAmount: sedan.total / 100 - 500 }),
    );
    expect(tampered.status).toBe(409);
    expect(tampered.json.error.field).toBe('totalAmount');

    const unknownVehicle = await call(bookRoute, post('/api/rides', { rideSearchId: quote.id, rideVehicle: 'rickshaw', idempotencyKey: 'attempt-0004' }));
    expect(unknownVehicle.status).toBe(400);
    expect(unknownVehicle.json.error.field).toBe('rideVehicle');

    const foreign = await createQuote(db, acme, {
      ...outstation(),
      pickupLocation: { lat: 25.2, lng: 55.27, name: 'Dubai' },
      dropoffLocation: { lat: 24.45, lng: 54.38, name: 'Abu Dhabi' },
    });
    const foreignBooking = await call(bookRoute, post('/api/rides', { rideSearchId: foreign.id, rideVehicle: 'sedan', idempotencyKey: 'attempt-0005' }));
    expect(foreignBooking.status).toBe(404);

    const unknownQuote = await call(
      bookRoute,
      post('/api/rides', { rideSearchId: '00000000-0000-4000-8000-000000000000', rideVehicle: 'sedan', idempotencyKey: 'attempt-0006' }),
    );
    expect(unknownQuote.status).toBe(404);

    // half an hour later the quote has expired
    const clock = jest.spyOn(Date, 'now').mockReturnValue(quote.expiresAt.getTime() + 1000);
    const expired = await call(bookRoute, post('/api/rides', { rideSearchId: quote.id, rideVehicle: 'sedan', idempotencyKey: 'attempt-0007' })).finally(() =>
      clock.mockRestore(),
    );
    expect(expired.status).toBe(410);

    expect({ rides: await count(rides), wallet: await count(walletEntries) }).toEqual(before);
  });

  // the floor guards the embedded database's disk (DATA_DIR); on PostgreSQL that disk is the database server's
  const onPglite = process.env.TEST_DATABASE_URL ? it.skip : it;
  const onPostgres = process.env.TEST_DATABASE_URL ? it : it.skip;

  onPostgres('on PostgreSQL books whatever the free space of DATA_DIR (the database has its own disk)', async () => {
    const quote = await createQuote(db, demo, outstation());
    setFreeSpaceForTests(async () => 1024);
    try {
      const booked = await call(bookRoute, post('/api/rides', { rideSearchId: quote.id, rideVehicle: 'sedan', idempotencyKey: 'attempt-disk-pg' }));
      expect(booked.status).toBe(201);
    } finally {
      setFreeSpaceForTests();
    }
  });

  onPglite("refuses new bookings with 503 while the data directory's disk has less than BOOKING_MIN_FREE_MB (128 MiB) free, writing nothing", async () => {
    const quote = await createQuote(db, demo, outstation());
    const before = { rides: await count(rides), users: await count(users) };
    const MiB = 1024 * 1024;
    setFreeSpaceForTests(async () => 127 * MiB);
    try {
      const refused = await call(bookRoute, post('/api/rides', { rideSearchId: quote.id, rideVehicle: 'sedan', idempotencyKey: 'attempt-disk-1' }));
      expect(refused.status).toBe(503);
      expect(refused.json.error).toMatchObject({ code: 'bookings_paused', key: 'bookingsPausedDiskLow' });
      expect(refused.json.error.message).toMatch(/low on disk space/);
      // the console's and the agents' bookings go through the same refusal, before a customer's account is made
      await expect(
        bookForCustomer(db, demo.id, {
          customerName: 'Ravi',
          customerPhone: { dialCode: '91', number: '9845099999' },
          rideSearchId: quote.id,
          rideVehicle: 'sedan',
          idempotencyKey: 'attempt-disk-2',
          paymentMethod: 'cash',
        }),
      ).rejects.toMatchObject({ kind: 'unavailable', code: 'bookings_paused' });
      expect({ rides: await count(rides), users: await count(users) }).toEqual(before);
    } finally {
      setFreeSpaceForTests(async () => 128 * MiB);
    }
    const booked = await call(bookRoute, post('/api/rides', { rideSearchId: quote.id, rideVehicle: 'sedan', idempotencyKey: 'attempt-disk-1' }));
    expect(booked.status).toBe(201);
    setFreeSpaceForTests();
  });

  it('needs a rider session', async () => {
    const quote = await createQuote(db, demo, outstation());
    const res = await bookRoute(
      new NextRequest('http://localhost:3000/api/rides', {
        method: 'POST',
        body: JSON.stringify({ rideSearchId: quote.id, rideVehicle: 'sedan', idempotencyKey: 'attempt-0008' }),
        headers: { host: 'localhost:3000', origin: 'http://localhost:3000', 'content-type': 'application/json' },
      }),
      ctx,
    );
    expect(res.status).toBe(401);
  });
});

describe('ride lifecycle', () => {
  it('allows exactly booked -> accepted -> ontrip -> completed and booked|accepted -> cancelled', () => {
    const legal = RIDE_STATUSES.flatMap((from) => RIDE_STATUSES.filter((to) => canTransition(from, to)).map((to) => `${from}->${to}`));
    expect(legal.sort()).toEqual(['accepted->cancelled', 'accepted->ontrip', 'booked->accepted', 'booked->cancelled', 'ontrip->completed'].sort());
    expect(TRANSITIONS.completed).toEqual([]);
    expect(TRANSITIONS.cancelled).toEqual([]);
  });

  async function booked(key: string) {
    const quote = await createQuote(db, demo, outstation());
    return (await bookRide(db, demo.id, riderId, { rideSearchId: quote.id, rideVehicle: 'sedan', idempotencyKey: key, paymentMethod: 'cash', source: 'form' }))
      .ride;
  }

  it('completes with the start code and releases the cashback; a cash ride leaves the fare with the driver and the commission owed', async () => {
    const ride = await booked('life-0001');
    const before = await balanceOf(db, demo.id, riderId, 'INR');
    await transitionRide(db, { businessId: demo.id, rideId: ride.id, to: 'accepted', actorUserId: null });
    await expect(
      transitionRide(db, { businessId: demo.id, rideId: ride.id, to: 'ontrip', actorUserId: null, startCode: ride.startCode === '0000' ? '1111' : '0000' }),
    ).rejects.toMatchObject({ code: 'start_code_wrong' });
    await transitionRide(db, { businessId: demo.id, rideId: ride.id, to: 'ontrip', actorUserId: null, startCode: ride.startCode });
    const done = await transitionRide(db, { businessId: demo.id, rideId: ride.id, to: 'completed', actorUserId: null });
    expect(done.status).toBe('completed');
    const after = await balanceOf(db, demo.id, riderId, 'INR');
    expect(after.available - before.available).toBe(ride.cashbackAmount);
    expect(before.pending - after.pending).toBe(ride.cashbackAmount);
    const business = await operatorAccount(db, demo.id);
    expect(done.paymentMethod).toBe('cash');
    expect(business).toEqual({ balance: 0, owed: Math.round(ride.rideAmount * 0.1), available: 0 });
    const events = await db.select().from(rideEvents).where(eq(rideEvents.rideId, ride.id));
    expect(events.map((e) => e.toStatus)).toEqual(['booked', 'accepted', 'ontrip', 'completed']);
  });

  it('refuses illegal moves and changes nothing', async () => {
    const ride = await booked('life-0002');
    await expect(transitionRide(db, { businessId: demo.id, rideId: ride.id, to: 'completed', actorUserId: null })).rejects.toBeInstanceOf(DomainError);
    await expect(
      transitionRide(db, { businessId: demo.id, rideId: ride.id, to: 'ontrip', actorUserId: null, startCode: ride.startCode }),
    ).rejects.toMatchObject({ kind: 'conflict' });
    await expect(transitionRide(db, { businessId: acme.id, rideId: ride.id, to: 'cancelled', actorUserId: null })).rejects.toMatchObject({ kind: 'not_found' });
    const [row] = await db.select().from(rides).where(eq(rides.id, ride.id));
    expect(row.status).toBe('booked');
  });

  it('cancellation reverses the pending cashback, once', async () => {
    const ride = await booked('life-0003');
    const before = await balanceOf(db, demo.id, riderId, 'INR');
    await transitionRide(db, {
      businessId: demo.id,
      rideId: ride.id,
      to: 'cancelled',
      actorUserId: riderId,
      riderId,
      reason: 'Plans changed',
      cancelledBy: 'rider',
    });
    await expect(
      transitionRide(db, { businessId: demo.id, rideId: ride.id, to: 'cancelled', actorUserId: riderId, riderId, reason: 'again' }),
    ).rejects.toMatchObject({ kind: 'conflict' });
    const after = await balanceOf(db, demo.id, riderId, 'INR');
    expect(before.pending - after.pending).toBe(ride.cashbackAmount);
    expect(after.available).toBe(before.available);
  });
});
