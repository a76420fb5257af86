import { NextRequest } from 'next/server';
import { and, eq, inArray } from 'drizzle-orm';
import { callApi } from '../../api';
import { agencies, drivers, rateCards, rideEvents, rides, users, type Ride } from '@/lib/db/schema';
import { createBusiness } from '@/lib/tenancy/commands';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import { createSession } from '@/lib/auth/session';
import { createQuote } from '@/lib/fares/quote';
import { bookRide } from '@/lib/rides/commands';
import { transitionRide } from '@/lib/rides/lifecycle';
import { operatorAccount, balanceOf } from '@/lib/wallet/ledger';
import { addDays, startOfLocalDay } from '@/lib/partner/dates';
import { localDate } from '@/lib/time/zoned';
import { rateCardView } from '@/lib/partner/rates';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../../db';

const overviewRoute = callApi;
const walletRoute = callApi;
const ratesRoute = callApi;
const rateRoute = callApi;
const customersRoute = callApi;
const eventsRoute = callApi;

type Tenant = { id: number; currency: string; timeZone: string };
let db: Db;
let demo: Tenant;
let acme: Tenant;
let demoRider: number;
const cookies: Record<'demoPartner' | 'acmePartner' | 'demoRider', string> = { demoPartner: '', acmePartner: '', demoRider: '' };

const DEMO_HOST = 'localhost:3000';
const ACME_HOST = 'acme.localhost:3000';
const TZ = 'Asia/Kolkata';
const CHENNAI = { lat: 13.0878, lng: 80.2785, name: 'Chennai' };
const BENGALURU = { lat: 12.9719, lng: 77.5937, name: 'Bengaluru' };
const DUBAI = { lat: 25.2048, lng: 55.2708, name: 'Dubai' };
const ABU_DHABI = { lat: 24.4539, lng: 54.3773, name: 'Abu Dhabi' };
const inTwoDays = () => new Date(Date.now() + 48 * 3600_000).toISOString();
const trip = (pickup = CHENNAI, dropoff = BENGALURU) => ({
  rideType: 'oneway' as const,
  tripKind: 'outstation' as const,
  pickupLocation: pickup,
  dropoffLocation: dropoff,
  pickupTime: inTwoDays(),
});

async function session(businessId: number, role: 'travelsx-partner' | 'travelsx-user', name: string, email?: string): Promise<{ id: number; cookie: string }> {
  const [user] = await db
    .insert(users)
    .values({ businessId, role, name, email, phoneCode: '91', phone: String(9000000000 + Math.floor(Math.random() * 99999999)) })
    .returning();
  return { id: user.id, cookie: `__Host-session=${await createSession(db, { id: user.id, businessId })}` };
}

beforeAll(async () => {
  db = await openTestDb();
  clearTenantCache();
  demo = await createBusiness(db, { slug: 'demo', name: 'Demo Cabs', countryCode: 'in' });
  acme = await createBusiness(db, { slug: 'acme', name: 'Acme Travels', countryCode: 'ae' });
  cookies.demoPartner = (await session(demo.id, 'travelsx-partner', 'Demo Owner', 'owner@demo.example')).cookie;
  cookies.acmePartner = (await session(acme.id, 'travelsx-partner', 'Acme Owner', 'owner@acme.example')).cookie;
  const rider = await session(demo.id, 'travelsx-user', 'Asha Rider', 'asha@rider.example');
  demoRider = rider.id;
  cookies.demoRider = rider.cookie;
});
afterAll(closeTestDb);

const ctx = (params: Record<string, string> = {}) => ({ params: Promise.resolve(params) });
type Handler = (r: NextRequest, c: ReturnType<typeof ctx>) => Promise<Response>;

function get(path: string, cookie = cookies.demoPartner, host = DEMO_HOST) {
  return new NextRequest(`http://${host}${path}`, { headers: { host, cookie } });
}
function put(path: string, body: unknown, cookie = cookies.demoPartner, host = DEMO_HOST) {
  return new NextRequest(`http://${host}${path}`, {
    method: 'PUT',
    body: JSON.stringify(body),
    headers: { host, origin: `http://${host}`, 'content-type': 'application/json', cookie },
  });
}
async function call(handler: Handler, request: NextRequest, params: Record<string, string> = {}) {
  const res = await handler(request, ctx(params));
  return { status: res.status, json: await res.json() };
}

async function book(tenant: Tenant, riderId: number, key: string, pickup = CHENNAI, dropoff = BENGALURU): Promise<Ride> {
  const quote = await createQuote(db, tenant, trip(pickup, dropoff));
  return (await bookRide(db, tenant.id, riderId, { rideSearchId: quote.id, rideVehicle: 'sedan', idempotencyKey: key, paymentMethod: 'cash', source: 'form' }))
    .ride;
}
async function complete(tenant: Tenant, ride: Ride): Promise<Ride> {
  await transitionRide(db, { businessId: tenant.id, rideId: ride.id, to: 'accepted', actorUserId: null });
  await transitionRide(db, { businessId: tenant.id, rideId: ride.id, to: 'ontrip', actorUserId: null, startCode: ride.startCode });
  return transitionRide(db, { businessId: tenant.id, rideId: ride.id, to: 'completed', actorUserId: null });
}
const movePickup = (ride: Ride, pickupTime: Date) => db.update(rides).set({ pickupTime }).where(eq(rides.id, ride.id));
const commissionOf = (ride: Ride) => Math.round((ride.rideAmount * 1000) / 10_000);

/** A fixed past day in Chennai: 00:30 local on 11 March 2025 is 19:00 UTC on 10 March. */
const EDGE_DAY = '2025-03-11';
const LOCAL_0030 = new Date('2025-03-10T19:00:00Z');
const LOCAL_2330_BEFORE = new Date('2025-03-10T18:00:00Z');

describe('business overview', () => {
  let completedA: Ride;
  let completedB: Ride;

  beforeAll(async () => {
    completedA = await complete(demo, await book(demo, demoRider, 'ov-0001'));
    completedB = await complete(demo, await book(demo, demoRider, 'ov-0002'));
    const accepted = await book(demo, demoRider, 'ov-0003');
    await transitionRide(db, { businessId: demo.id, rideId: accepted.id, to: 'accepted', actorUserId: null });
    const onTrip = await book(demo, demoRider, 'ov-0004');
    await transitionRide(db, { businessId: demo.id, rideId: onTrip.id, to: 'accepted', actorUserId: null });
    await transitionRide(db, { businessId: demo.id, rideId: onTrip.id, to: 'ontrip', actorUserId: null, startCode: onTrip.startCode });
    const cancelled = await book(demo, demoRider, 'ov-0005');
    await transitionRide(db, { businessId: demo.id, rideId: cancelled.id, to: 'cancelled', actorUserId: null, cancelledBy: 'partner', reason: 'No car' });
    const booked = await book(demo, demoRider, 'ov-0006');
    // Everything above happens "today" in Chennai, at 00:30 local time (the start of the local day).
    const today0030 = new Date(startOfLocalDay(localDate(new Date(), TZ), TZ).getTime() + 30 * 60_000);
    for (const ride of [completedA, completedB, accepted, onTrip, cancelled, booked]) await movePickup(ride, today0030);
    // The time-zone edge: 00:30 local counts for that local day; 23:30 the evening before does not.
    const edge = await complete(demo, await book(demo, demoRider, 'ov-0007'));
    await movePickup(edge, LOCAL_0030);
    const before = await complete(demo, await book(demo, demoRider, 'ov-0008'));
    await movePickup(before, LOCAL_2330_BEFORE);
  });

  it("counts today's rides by status with revenue and commission from the completed ones", async () => {
    const { status, json } = await call(overviewRoute, get('/api/partner/overview?filter=today'));
    expect(status).toBe(200);
    const data = json.data;
    expect(data.counts).toEqual({ all: 6, booked: 1, accepted: 1, ontrip: 1, cancelled: 1, completed: 2 });
    expect(data.revenue).toBe(completedA.totalAmount + completedB.totalAmount);
    expect(data.commission).toBe(commissionOf(completedA) + commissionOf(completedB));
    expect(data).toMatchObject({ currency: 'INR', timeZone: TZ, from: localDate(new Date(), TZ), to: localDate(new Date(), TZ), bucket: 'day' });
    expect(data.series).toEqual([{ period: data.from, rides: 6, revenue: data.revenue }]);
  });

  it('puts a ride at 00:30 local time on that local day, not the UTC one', async () => {
    const edge = await call(overviewRoute, get(`/api/partner/overview?filter=custom&from=${EDGE_DAY}&to=${EDGE_DAY}`));
    expect(edge.status).toBe(200);
    expect(edge.json.data.counts.all).toBe(1);
    expect(edge.json.data.counts.completed).toBe(1);
    const dayBefore = await call(overviewRoute, get(`/api/partner/overview?filter=custom&from=${addDays(EDGE_DAY, -1)}&to=${addDays(EDGE_DAY, -1)}`));
    expect(dayBefore.json.data.counts.all).toBe(1);
    const both = await call(overviewRoute, get(`/api/partner/overview?filter=custom&from=${addDays(EDGE_DAY, -1)}&to=${EDGE_DAY}`));
    expect(both.json.data.series.map((p: { period: string; rides: number }) => [p.period, p.rides])).toEqual([
      ['2025-03-10', 1],
      ['2025-03-11', 1],
    ]);
  });

  it('charts long ranges per month and answers an empty range with zeros', async () => {
    const long = await call(overviewRoute, get('/api/partner/overview?filter=custom&from=2025-01-01&to=2025-04-30'));
    expect(long.json.data.bucket).toBe('month');
    expect(long.json.data.series.map((p: { period: string }) => p.period)).toEqual(['2025-01', '2025-02', '2025-03', '2025-04']);
    const empty = await call(overviewRoute, get('/api/partner/overview?filter=custom&from=2020-01-01&to=2020-01-07'));
    expect(empty.json.data).toMatchObject({ counts: { all: 0 }, revenue: 0, commission: 0 });
  });

  it.each([
    ['custom without a start date', 'filter=custom&to=2025-01-01', 'from'],
    ['a start before 2020-01-01', 'filter=custom&from=2019-12-31&to=2020-01-02', 'from'],
    ['an end after today', `filter=custom&from=2025-01-01&to=${addDays(localDate(new Date(), TZ), 2)}`, 'to'],
    ['an end before the start', 'filter=custom&from=2025-02-01&to=2025-01-01', 'to'],
    ['an impossible date', 'filter=custom&from=2025-02-30&to=2025-03-01', 'from'],
    ['an unknown filter', 'filter=forever', 'filter'],
  ])('refuses %s with a 400 naming the field', async (_, search, field) => {
    const { status, json } = await call(overviewRoute, get(`/api/partner/overview?${search}`));
    expect(status).toBe(400);
    expect(json.error.field).toBe(field);
  });
});

describe('partner wallet', () => {
  it("answers the spec shape: the business balance and this month's ledger, newest first", async () => {
    const { status, json } = await call(walletRoute, get('/api/partner/wallet?date_filter=This%20Month&offset=0&limit=100'));
    expect(status).toBe(200);
    const balance = await balanceOf(db, demo.id, null, 'INR');
    const account = await operatorAccount(db, demo.id);
    // Cash rides: the fare stays with the driver, the commission is owed; balance, owed and available apart.
    expect(json.data.total).toEqual({
      currency: 'INR',
      balance: balance.available / 100,
      owed: account.owed / 100,
      available: Math.max(0, balance.available - account.owed) / 100,
    });
    expect(account.owed).toBeGreaterThan(0);
    const transactions = json.data.transactions as { description: string; local_time: string; transaction: string; amount: number; kind: string }[];
    expect(transactions.length).toBeGreaterThanOrEqual(8);
    for (const t of transactions) {
      expect(Object.keys(t)).toEqual(expect.arrayContaining(['description', 'local_time', 'transaction', 'amount']));
      expect(t.local_time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+05:30$/);
      expect(t.amount).toBeGreaterThan(0);
      // cash a driver kept never reaches the balance: a memo, not a credit
      expect(t.transaction).toBe(['commission', 'commission_owed', 'payout'].includes(t.kind) ? 'debit' : t.kind === 'ride_cash' ? 'memo' : 'credit');
    }
    const signed = (kinds: string[]) =>
      transactions.filter((t) => kinds.includes(t.kind)).reduce((sum, t) => sum + (t.transaction === 'credit' ? 1 : -1) * Math.round(t.amount * 100), 0);
    expect(signed(['ride_earning', 'commission', 'payout', 'adjustment'])).toBe(balance.available);
    expect(-signed(['commission_owed', 'settlement'])).toBe(account.owed);
    expect(json.data.paging).toEqual({ offset: 0, limit: 100, count: transactions.length });
  });

  it('pages with offset and limit and filters by date', async () => {
    const first = await call(walletRoute, get('/api/partner/wallet?limit=2'));
    const second = await call(walletRoute, get('/api/partner/wallet?limit=2&offset=2'));
    expect(first.json.data.transactions).toHaveLength(2);
    expect(second.json.data.transactions[0].id).not.toBe(first.json.data.transactions[1].id);
    const lastMonth = await call(walletRoute, get('/api/partner/wallet?date_filter=lastMonth'));
    expect(lastMonth.json.data.transactions).toEqual([]);
    expect(lastMonth.json.data.total.balance).toBe(first.json.data.total.balance);
  });

  it('refuses a limit above 100 and an unknown filter', async () => {
    expect((await call(walletRoute, get('/api/partner/wallet?limit=101'))).json.error.field).toBe('limit');
    expect((await call(walletRoute, get('/api/partner/wallet?date_filter=Someday'))).json.error.field).toBe('date_filter');
  });
});

describe('rate cards', () => {
  const sedanInput = async () => {
    const { json } = await call(ratesRoute, get('/api/partner/rates'));
    const { vehicleType: _type, updatedAt: _at, ...input } = json.data.cards.find((c: { vehicleType: string }) => c.vehicleType === 'sedan');
    return input;
  };

  it('lists every vehicle type in major units', async () => {
    const { status, json } = await call(ratesRoute, get('/api/partner/rates'));
    expect(status).toBe(200);
    expect(json.data.currency).toBe('INR');
    expect(json.data.cards.map((c: { vehicleType: string }) => c.vehicleType)).toEqual(['hatchback', 'sedan', 'suv', 'electric', 'luxury']);
    expect(json.data.cards[1]).toMatchObject({ baseFare: 80, perKm: 14, outstationPerKm: 13, nightChargePercent: 10, tollPerKm: 1.2, active: true });
  });

  it("a saved edit prices the next quote at once and leaves a booked ride's price alone", async () => {
    const booked = await book(demo, demoRider, 'rate-0001');
    const before = await createQuote(db, demo, trip());
    const input = { ...(await sedanInput()), outstationPerKm: 20.5, driverBataPerDay: 500 };
    const { status, json } = await call(rateRoute, put('/api/partner/rates/sedan', input), { vehicleType: 'sedan' });
    expect(status).toBe(200);
    expect(json.data).toMatchObject({ vehicleType: 'sedan', outstationPerKm: 20.5, driverBataPerDay: 500 });
    const [card] = await db
      .select()
      .from(rateCards)
      .where(eq(rateCards.businessId, demo.id))
      .then((rows) => rows.filter((r) => r.vehicleType === 'sedan'));
    expect(card).toMatchObject({ outstationPerKm: 2050, driverBataPerDay: 50_000 });

    const after = await createQuote(db, demo, trip());
    const sedanBefore = before.items.find((i) => i.vehicleType === 'sedan')!;
    const sedanAfter = after.items.find((i) => i.vehicleType === 'sedan')!;
    expect(sedanAfter.rideAmount).toBe(2050 * sedanAfter.billedKm);
    expect(sedanAfter.driverBata).toBe(50_000 * sedanAfter.days);
    expect(sedanAfter.rideAmount).toBeGreaterThan(sedanBefore.rideAmount);

    const [stored] = await db.select().from(rides).where(eq(rides.id, booked.id));
    expect({ rideAmount: stored.rideAmount, totalAmount: stored.totalAmount }).toEqual({ rideAmount: booked.rideAmount, totalAmount: booked.totalAmount });
  });

  it('an inactive type leaves the next quote; the last active one cannot be switched off', async () => {
    const suv = {
      ...rateCardView((await db.select().from(rateCards).where(eq(rateCards.businessId, demo.id))).find((c) => c.vehicleType === 'suv')!),
      active: false,
    };
    const { vehicleType: _t, updatedAt: _u, ...input } = suv;
    expect((await call(rateRoute, put('/api/partner/rates/suv', input), { vehicleType: 'suv' })).status).toBe(200);
    expect((await createQuote(db, demo, trip())).items.map((i) => i.vehicleType)).not.toContain('suv');
    await db.update(rateCards).set({ active: false }).where(eq(rateCards.businessId, demo.id));
    await db
      .update(rateCards)
      .set({ active: true })
      .where(and(eq(rateCards.businessId, demo.id), inArray(rateCards.vehicleType, ['sedan'])));
    const last = await call(rateRoute, put('/api/partner/rates/sedan', { ...(await sedanInput()), active: false }), { vehicleType: 'sedan' });
    expect(last.status).toBe(409);
    expect(last.json.error.field).toBe('active');
    await db.update(rateCards).set({ active: true }).where(eq(rateCards.businessId, demo.id));
  });

  it.each([
    ['a negative base fare', { baseFare: -1 }, 'baseFare'],
    ['a base fare above the maximum', { baseFare: 1e7 }, 'baseFare'],
    ['three decimals', { perKm: 12.345 }, 'perKm'],
    ['a night hour of 24', { nightStartHour: 24 }, 'nightStartHour'],
    ['a night charge above 100%', { nightChargePercent: 150 }, 'nightChargePercent'],
    ['fractional minimum km', { minKm: 2.5 }, 'minKm'],
    ['no rental packages', { rentalPackages: [] }, 'rentalPackages'],
    ['a package without hours', { rentalPackages: [{ hours: 0, km: 40, price: 1000 }] }, 'rentalPackages.0.hours'],
    [
      'two identical packages',
      {
        rentalPackages: [
          { hours: 4, km: 40, price: 1000 },
          { hours: 4, km: 40, price: 1200 },
        ],
      },
      'rentalPackages.1.hours',
    ],
    ['a text amount', { airportFee: '150' }, 'airportFee'],
  ])('refuses %s with a 400 naming the field, changing nothing', async (_, change, field) => {
    const before = await db.select().from(rateCards).where(eq(rateCards.businessId, demo.id));
    const { status, json } = await call(rateRoute, put('/api/partner/rates/sedan', { ...(await sedanInput()), ...change }), { vehicleType: 'sedan' });
    expect(status).toBe(400);
    expect(json.error.field).toBe(field);
    expect(await db.select().from(rateCards).where(eq(rateCards.businessId, demo.id))).toEqual(before);
  });

  it('answers 404 for an unknown vehicle type', async () => {
    const { status } = await call(rateRoute, put('/api/partner/rates/rickshaw', await sedanInput()), { vehicleType: 'rickshaw' });
    expect(status).toBe(404);
  });
});

describe('customers', () => {
  beforeAll(async () => {
    const base = Date.parse('2025-01-01T00:00:00Z');
    const rows = Array.from({ length: 12 }, (_, i) => ({
      businessId: demo.id,
      role: 'travelsx-user' as const,
      name: `Customer ${String(i + 1).padStart(2, '0')}`,
      email: `customer${i + 1}@mail.example`,
      phoneCode: '91',
      phone: `98450${String(i).padStart(5, '0')}`,
      createdAt: new Date(base + i * 3600_000),
      deletedAt: i === 0 ? new Date(base + 99 * 3600_000) : null,
    }));
    await db.insert(users).values(rows);
    await db.insert(users).values({ businessId: demo.id, role: 'travelsx-driver', name: 'Ravi Driver', phoneCode: '91', phone: '9000012345' });
    const [meena] = await db
      .insert(users)
      .values({ businessId: demo.id, role: 'travelsx-driver', name: 'Meena Driver', phoneCode: '91', phone: '9000054321' })
      .returning();
    const [agency] = await db.insert(agencies).values({ businessId: demo.id, name: 'Coast Travels', phoneCode: '91', phone: '9000099999' }).returning();
    await db.insert(drivers).values({ businessId: demo.id, userId: meena.id, agencyId: agency.id, name: 'Meena Driver', phoneCode: '91', phone: '9000054321' });
    await db.insert(users).values({ businessId: acme.id, role: 'travelsx-user', name: 'Customer at Acme', phoneCode: '971', phone: '501234567' });
  });

  it('lists users of this business, newest first, five per page by default, with the row fields', async () => {
    const { status, json } = await call(customersRoute, get('/api/partner/customers'));
    expect(status).toBe(200);
    expect(json.data).toMatchObject({ page: 0, size: 5 });
    expect(json.data.total).toBe(13);
    expect(json.data.items).toHaveLength(5);
    expect(json.data.items[0]).toEqual(expect.objectContaining({ name: 'Asha Rider', country: 'IN', status: 'Active', company: null }));
  });

  it('searches by name, phone and e-mail, sorts oldest first and marks deleted accounts Inactive', async () => {
    const byName = await call(customersRoute, get('/api/partner/customers?q=customer%2012'));
    expect(byName.json.data.items.map((c: { name: string }) => c.name)).toEqual(['Customer 12']);
    const byPhone = await call(customersRoute, get('/api/partner/customers?q=%2B91%2098450%2000003'));
    expect(byPhone.json.data.items.map((c: { name: string }) => c.name)).toEqual(['Customer 04']);
    const byEmail = await call(customersRoute, get('/api/partner/customers?q=customer7%40mail'));
    expect(byEmail.json.data.items.map((c: { name: string }) => c.name)).toEqual(['Customer 07']);
    const oldest = await call(customersRoute, get('/api/partner/customers?sort=oldest&q=customer'));
    expect(oldest.json.data.items[0]).toMatchObject({ name: 'Customer 01', status: 'Inactive', phone: '+91 9845000000' });
    const wildcard = await call(customersRoute, get('/api/partner/customers?q=%25'));
    expect(wildcard.json.data.total).toBe(0);
  });

  it('pages with page sizes 5, 10, 25 and 100 only', async () => {
    const page2 = await call(customersRoute, get('/api/partner/customers?q=customer&sort=oldest&size=10&page=1'));
    expect(page2.json.data).toMatchObject({ total: 12, page: 1, size: 10 });
    expect(page2.json.data.items.map((c: { name: string }) => c.name)).toEqual(['Customer 11', 'Customer 12']);
    const bad = await call(customersRoute, get('/api/partner/customers?size=7'));
    expect(bad.status).toBe(400);
    expect(bad.json.error.field).toBe('size');
    expect((await call(customersRoute, get('/api/partner/customers?page=-1'))).json.error.field).toBe('page');
  });

  it('filters by type: drivers and partners, with their company', async () => {
    const driversPage = await call(customersRoute, get('/api/partner/customers?type=driver'));
    expect(driversPage.json.data.items).toEqual([
      expect.objectContaining({ name: 'Meena Driver', company: 'Coast Travels' }),
      expect.objectContaining({ name: 'Ravi Driver', company: 'Demo Cabs' }),
    ]);
    const partners = await call(customersRoute, get('/api/partner/customers?type=partner'));
    expect(partners.json.data.items.map((c: { name: string }) => c.name)).toEqual(['Demo Owner']);
    expect((await call(customersRoute, get('/api/partner/customers?type=admin'))).json.error.field).toBe('type');
  });
});

describe('ride events', () => {
  let ride: Ride;

  beforeAll(async () => {
    ride = await book(demo, demoRider, 'ev-0001');
    await transitionRide(db, { businessId: demo.id, rideId: ride.id, to: 'accepted', actorUserId: null });
    const events = await db.select().from(rideEvents).where(eq(rideEvents.rideId, ride.id));
    const created = events.find((e) => e.toStatus === 'booked')!;
    await db
      .update(rideEvents)
      .set({ createdAt: new Date(Date.now() - 45 * 60_000) })
      .where(eq(rideEvents.id, created.id));
    const old = await book(demo, demoRider, 'ev-0002');
    const startOfToday = startOfLocalDay(localDate(new Date(), TZ), TZ);
    await db
      .update(rideEvents)
      .set({ createdAt: new Date(startOfToday.getTime() - 60_000) })
      .where(eq(rideEvents.rideId, old.id));
  });

  it('filters by ride id and time window: last 30 minutes, last hour', async () => {
    const last30 = await call(eventsRoute, get(`/api/partner/events?window=30&rideId=${ride.id}`));
    expect(last30.status).toBe(200);
    expect(last30.json.data.items.map((e: { toStatus: string }) => e.toStatus)).toEqual(['accepted']);
    const lastHour = await call(eventsRoute, get(`/api/partner/events?window=60&rideId=%23${ride.id}`));
    expect(lastHour.json.data.items).toEqual([
      expect.objectContaining({ rideId: ride.id, fromStatus: 'booked', toStatus: 'accepted' }),
      expect.objectContaining({ rideId: ride.id, fromStatus: null, toStatus: 'booked', pickup: 'Chennai', dropoff: 'Bengaluru' }),
    ]);
  });

  it("today starts at local midnight in the business's zone", async () => {
    const today = await call(eventsRoute, get('/api/partner/events?window=today&size=100'));
    const since = Date.parse(today.json.data.since);
    expect(since).toBe(startOfLocalDay(localDate(new Date(), TZ), TZ).getTime());
    for (const event of today.json.data.items) expect(Date.parse(event.createdAt)).toBeGreaterThanOrEqual(since);
    expect(today.json.data.items.some((e: { rideId: number }) => e.rideId === ride.id)).toBe(true);
    expect(today.json.data.total).toBe(today.json.data.items.length);
  });

  it('refuses an unknown window and a non-numeric ride id', async () => {
    expect((await call(eventsRoute, get('/api/partner/events?window=15'))).json.error.field).toBe('window');
    expect((await call(eventsRoute, get('/api/partner/events?rideId=abc'))).json.error.field).toBe('rideId');
  });
});

describe('tenant isolation and roles', () => {
  const reads: [string, Handler, string][] = [
    ['overview', overviewRoute, '/api/partner/overview'],
    ['wallet', walletRoute, '/api/partner/wallet'],
    ['rates', ratesRoute, '/api/partner/rates'],
    ['customers', customersRoute, '/api/partner/customers'],
    ['events', eventsRoute, '/api/partner/events'],
  ];

  it.each(reads)('%s: a rider gets 403, no session 401, a partner of another business 401', async (_, handler, path) => {
    expect((await call(handler, get(path, cookies.demoRider))).status).toBe(403);
    expect((await call(handler, get(path, ''))).status).toBe(401);
    expect((await call(handler, get(path, cookies.demoPartner, ACME_HOST))).status).toBe(401);
  });

  it("rate edits: a rider gets 403 and another business's partner 401, changing nothing", async () => {
    const acmeBefore = await db.select().from(rateCards).where(eq(rateCards.businessId, acme.id));
    const sedan = rateCardView(acmeBefore.find((c) => c.vehicleType === 'sedan')!);
    const { vehicleType: _t, updatedAt: _u, ...input } = { ...sedan, baseFare: 1 };
    expect((await call(rateRoute, put('/api/partner/rates/sedan', input, cookies.demoRider), { vehicleType: 'sedan' })).status).toBe(403);
    expect((await call(rateRoute, put('/api/partner/rates/sedan', input, cookies.demoPartner, ACME_HOST), { vehicleType: 'sedan' })).status).toBe(401);
    expect(await db.select().from(rateCards).where(eq(rateCards.businessId, acme.id))).toEqual(acmeBefore);
  });

  it('each partner sees only its own business', async () => {
    const [acmeRider] = await db
      .insert(users)
      .values({ businessId: acme.id, role: 'travelsx-user', name: 'Omar', phoneCode: '971', phone: '501111111' })
      .returning();
    const acmeRide = await complete(acme, await book(acme, acmeRider.id, 'acme-0001', DUBAI, ABU_DHABI));
    await movePickup(acmeRide, new Date());

    const overview = await call(overviewRoute, get('/api/partner/overview?filter=today', cookies.acmePartner, ACME_HOST));
    expect(overview.json.data).toMatchObject({ currency: 'AED', timeZone: 'Asia/Dubai', counts: { all: 1, completed: 1 }, revenue: acmeRide.totalAmount });
    const wallet = await call(walletRoute, get('/api/partner/wallet', cookies.acmePartner, ACME_HOST));
    expect(wallet.json.data.total.currency).toBe('AED');
    expect(wallet.json.data.transactions.every((t: { description: string }) => t.description.includes(`#${acmeRide.number}`))).toBe(true);
    const customers = await call(customersRoute, get('/api/partner/customers?size=100', cookies.acmePartner, ACME_HOST));
    expect(customers.json.data.items.map((c: { name: string }) => c.name).sort()).toEqual(['Customer at Acme', 'Omar']);
    const events = await call(eventsRoute, get('/api/partner/events?size=100', cookies.acmePartner, ACME_HOST));
    expect(new Set(events.json.data.items.map((e: { rideId: number }) => e.rideId))).toEqual(new Set([acmeRide.number]));
    // Ride numbers are per operator: on demo's host acme's number names demo's own ride of that number, never acme's.
    const foreignRide = await call(eventsRoute, get(`/api/partner/events?rideId=${acmeRide.number}`));
    expect(foreignRide.json.data.items.filter((e: { pickup: string }) => e.pickup === DUBAI.name)).toEqual([]);
    const rates = await call(ratesRoute, get('/api/partner/rates', cookies.acmePartner, ACME_HOST));
    expect(rates.json.data.currency).toBe('AED');

    const demoOverview = await call(overviewRoute, get('/api/partner/overview?filter=today'));
    expect(demoOverview.json.data.currency).toBe('INR');
    expect(demoOverview.json.data.revenue).not.toBe(0);
  });
});
