import { and, eq, sql } from 'drizzle-orm';
import { callApi } from '../../api';
import { quotes, rides, users, walletEntries } from '@/lib/db/schema';
import { createBusiness } from '@/lib/tenancy/commands';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import { createSession } from '@/lib/auth/session';
import { createQuote, quoteView } from '@/lib/fares/quote';
import { DEFAULT_TRIP_RULES, tripLimitIssue } from '@/lib/fares/trip-limits';
import { forgetTripRules, saveTripRules } from '@/lib/fares/trip-rules';
import { bookRide } from '@/lib/rides/commands';
import { walletShare } from '@/lib/money/minor';
import { transitionRide } from '@/lib/rides/lifecycle';
import { appendEntry, balanceOf } from '@/lib/wallet/ledger';
import { tripFares } from '@/lib/seo/catalogue/trip-fares';
import { popularRoutes } from '@/lib/seo/routes';
import { listServiceAreas } from '@/lib/tenancy/queries';
import { parseMessage } from '@/lib/chat/parse';
import { hindiWhenToEnglish } from '@/lib/chat/parse-hindi-when';
import { handleUserMessage } from '@/lib/chat/service';
import { loadPlaceIndex, resolvePlace } from '@/lib/chat/places';
import { DomainError } from '@/lib/errors/domain-error';
import { negotiateOperatorMarket } from '@/lib/i18n/markets';
import type { Db } from '@/lib/db/client';
import en from '@/messages/en.json';
import { closeTestDb, openTestDb } from '../../db';

/*
 * Issue 20 (rider flow): the operator's trip limits (quote, form rules, chat),
 * spending wallet cashback at booking (ledger entries, reversal on
 * cancellation), Hindi time phrases, and the route page's figures equal to
 * the booking quote for the same trip.
 */

let db: Db;
let demo: Awaited<ReturnType<typeof createBusiness>>;
let riderId: number;
let riderCookie: string;
let partnerCookie: string;

const CITIES = [
  { name: 'Chennai', region: 'Tamil Nadu', lat: 13.0827, lng: 80.2707 },
  { name: 'Bangalore', region: 'Karnataka', lat: 12.9716, lng: 77.5946 },
];
const CHENNAI = { lat: 13.0878, lng: 80.2785, name: 'Chennai' };
const BENGALURU = { lat: 12.9719, lng: 77.5937, name: 'Bengaluru' };
const LONDON = { lat: 51.5085, lng: -0.1257, name: 'London' };
const DELHI = { lat: 28.6519, lng: 77.2315, name: 'Delhi' };
const MUMBAI = { lat: 19.076, lng: 72.8777, name: 'Mumbai' };
const LEH = { lat: 34.1526, lng: 77.5771, name: 'Leh' };
const PUNE = { lat: 18.5204, lng: 73.8567, name: 'Pune' };
const TAMBARAM = { lat: 12.9249, lng: 80.1, name: 'Tambaram' };
const inHours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();
const trip = (over: Record<string, unknown> = {}) => ({
  rideType: 'oneway' as const,
  tripKind: 'outstation' as const,
  pickupLocation: CHENNAI,
  dropoffLocation: BENGALURU,
  pickupTime: inHours(36),
  ...over,
});
const ORIGIN = 'http://localhost:3000';

function request(method: string, path: string, body: unknown, cookie = riderCookie) {
  return callApi(
    new Request(`${ORIGIN}${path}`, {
      method,
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: { host: 'localhost:3000', origin: ORIGIN, 'content-type': 'application/json', cookie },
    }),
  );
}
const countQuotes = async () => Number((await db.select({ n: sql<number>`count(*)` }).from(quotes))[0].n);
const ledgerOf = (rideId: number) =>
  db
    .select()
    .from(walletEntries)
    .where(and(eq(walletEntries.rideId, rideId), eq(walletEntries.userId, riderId)));

beforeAll(async () => {
  db = await openTestDb();
  clearTenantCache();
  demo = await createBusiness(db, { slug: 'demo', name: 'Demo Cabs', countryCode: 'in', phone: '9000000000', cities: CITIES });
  const [rider] = await db.insert(users).values({ businessId: demo.id, role: 'travelsx-user', name: 'Asha', phoneCode: '91', phone: '9845012345' }).returning();
  riderId = rider.id;
  riderCookie = `__Host-session=${await createSession(db, { id: rider.id, businessId: demo.id })}`;
  const [partner] = await db
    .insert(users)
    .values({ businessId: demo.id, role: 'travelsx-partner', name: 'Ops', email: 'ops@demo.example', phoneCode: '91', phone: '9000000001' })
    .returning();
  partnerCookie = `__Host-session=${await createSession(db, { id: partner.id, businessId: demo.id })}`;
  // the chat's place index (built once per process, ~3 s quiet, much longer on a busy machine)
  await loadPlaceIndex();
}, 180_000);
afterAll(closeTestDb);

describe('trip limits (the rules the form and the quote share)', () => {
  const cities = CITIES;
  const check = (over: {
    tripKind?: 'local' | 'airport' | 'outstation' | 'rental';
    pickup?: typeof CHENNAI;
    dropoff?: typeof CHENNAI | null;
    pickupTime?: Date;
    distanceKm: number;
  }) =>
    tripLimitIssue(DEFAULT_TRIP_RULES, cities, {
      tripKind: over.tripKind ?? 'outstation',
      pickup: over.pickup ?? CHENNAI,
      dropoff: over.dropoff === undefined ? BENGALURU : over.dropoff,
      pickupTime: over.pickupTime ?? new Date(Date.now() + 36 * 3600_000),
      distanceM: over.distanceKm * 1000,
    });

  it('refuses Chennai to London (past the outstation maximum) and keeps Chennai to Bengaluru', () => {
    expect(check({ dropoff: LONDON, distanceKm: 10_674 })).toMatchObject({ code: 'trip_too_far', field: 'dropoffLocation', limitKm: 2500, km: 10_674 });
    expect(check({ distanceKm: 378 })).toBeUndefined();
  });

  it('refuses "Now" for Chennai to Delhi but takes it for tomorrow; "Now" stays fine for Chennai to Bengaluru', () => {
    expect(check({ dropoff: DELHI, distanceKm: 2300, pickupTime: new Date(Date.now() + 10 * 60_000) })).toMatchObject({
      code: 'now_too_far',
      field: 'pickupTime',
      limitKm: 600,
    });
    expect(check({ dropoff: DELHI, distanceKm: 2300 })).toBeUndefined();
    expect(check({ distanceKm: 378, pickupTime: new Date(Date.now() + 10 * 60_000) })).toBeUndefined();
  });

  it('keeps local and airport trips within the local radius', () => {
    expect(check({ tripKind: 'local', dropoff: TAMBARAM, distanceKm: 24 })).toBeUndefined();
    expect(check({ tripKind: 'airport', distanceKm: 378 })).toMatchObject({ code: 'local_too_far', limitKm: 80 });
  });

  it('picks up only within the service radius of the operator’s cities (naming the nearest); none set means anywhere', () => {
    expect(check({ pickup: MUMBAI, dropoff: PUNE, distanceKm: 156 })).toMatchObject({
      code: 'outside_service_area',
      field: 'pickupLocation',
      nearest: 'Bangalore',
    });
    expect(
      tripLimitIssue(DEFAULT_TRIP_RULES, [], {
        tripKind: 'outstation',
        pickup: MUMBAI,
        dropoff: PUNE,
        pickupTime: new Date(Date.now() + 86_400_000),
        distanceM: 156_000,
      }),
    ).toBeUndefined();
    expect(
      tripLimitIssue({ ...DEFAULT_TRIP_RULES, serviceRadiusKm: 0, outstationMaxKm: 0 }, cities, {
        tripKind: 'outstation',
        pickup: MUMBAI,
        dropoff: LONDON,
        pickupTime: new Date(Date.now() + 86_400_000),
        distanceM: 9e6,
      }),
    ).toBeUndefined();
  });
});

describe('quote API with the operator’s limits', () => {
  it('answers Chennai to Leh with a 400 naming the drop-off and its Validation key, storing nothing', async () => {
    const before = await countQuotes();
    const res = await request('POST', '/api/rides/quote', trip({ dropoffLocation: LEH }));
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error).toMatchObject({ code: 'trip_too_far', field: 'dropoffLocation', key: 'tripTooFar' });
    expect(error.message).toMatch(/^dropoffLocation: This trip is \d+ km; we drive up to 2500 km\.$/);
    expect(en.Validation.tripTooFar).toBeTruthy();
    expect(await countQuotes()).toBe(before);
  });

  it('answers Chennai to London with a 400: a country the operator does not drive in, before any distance', async () => {
    const before = await countQuotes();
    const res = await request('POST', '/api/rides/quote', trip({ dropoffLocation: LONDON }));
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({ code: 'other_country', field: 'dropoffLocation', key: 'otherCountry', values: { place: 'London' } });
    expect(await countQuotes()).toBe(before);
  });

  it('answers "Now" for Chennai to Delhi with a 400 naming the pickup time', async () => {
    const res = await request('POST', '/api/rides/quote', trip({ dropoffLocation: DELHI, pickupTime: inHours(0.1) }));
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({ code: 'now_too_far', field: 'pickupTime', key: 'nowTooFar' });
    expect((await request('POST', '/api/rides/quote', trip({ dropoffLocation: DELHI }))).status).toBe(200);
  });

  it('the operator sets its limits in the console API; bad input is a 400 naming the field and changes nothing', async () => {
    const got = await request('GET', '/api/partner/trip-rules', undefined, partnerCookie);
    expect(got.status).toBe(200);
    expect((await got.json()).data).toEqual({ localMaxKm: 80, outstationMaxKm: 2500, serviceRadiusKm: 150, nowMaxKm: 600, walletSpendPercent: 20 });
    const bad = await request(
      'PUT',
      '/api/partner/trip-rules',
      { localMaxKm: -1, outstationMaxKm: 2500, serviceRadiusKm: 150, nowMaxKm: 600, walletSpendPercent: 20 },
      partnerCookie,
    );
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.field).toBe('localMaxKm');
    expect(
      (await request('PUT', '/api/partner/trip-rules', { localMaxKm: 80, outstationMaxKm: 2500, serviceRadiusKm: 150, nowMaxKm: 600, walletSpendPercent: 20 }))
        .status,
    ).toBe(403);

    const put = await request(
      'PUT',
      '/api/partner/trip-rules',
      { localMaxKm: 80, outstationMaxKm: 300, serviceRadiusKm: 150, nowMaxKm: 600, walletSpendPercent: 20 },
      partnerCookie,
    );
    expect(put.status).toBe(200);
    expect((await request('POST', '/api/rides/quote', trip())).status).toBe(400);
    await saveTripRules(db, demo.id, DEFAULT_TRIP_RULES);
    expect((await request('POST', '/api/rides/quote', trip())).status).toBe(200);
  });

  it('the chat says why Chennai to Leh cannot be booked, with the figures, and asks for another drop-off', async () => {
    const { agent } = await handleUserMessage(db, {
      businessId: demo.id,
      chatSession: 'rider-flow-leh-0001',
      channel: 'web',
      actor: null,
      locale: 'en-IN',
      text: 'Chennai to Leh tomorrow 8 am',
    });
    expect(agent.content.message).toMatch(/This trip is [\d,.]+ km; we drive up to 2,500 km\. Choose a nearer drop-off\./);
    expect(agent.content.message).toContain(en.ChatAgent.askDropoff);
    expect(agent.data?.kind).not.toBe('quotes');
  });

  it('the chat says London is in a country the operator does not drive in, and asks for another drop-off', async () => {
    const { agent } = await handleUserMessage(db, {
      businessId: demo.id,
      chatSession: 'rider-flow-london-0001',
      channel: 'web',
      actor: null,
      locale: 'en-IN',
      text: 'Chennai to London tomorrow 8 am',
    });
    expect(agent.content.message).toContain('London is in a country we do not drive in.');
    expect(agent.content.message).toContain(en.ChatAgent.askDropoff);
    expect(agent.data?.kind).not.toBe('quotes');
  });
});

describe('chat places near the operator', () => {
  const near = CITIES;
  it('takes exact towns anywhere, but asks about weak matches (a typo, or part of the phrase) far from the service cities', () => {
    expect(resolvePlace('T Nagar', { country: 'IN', near })?.name).toBe('T Nagar, Chennai');
    expect(resolvePlace('Jaipur', { country: 'IN', near })?.name).toBe('Jaipur');
    expect(resolvePlace('Qwerty Jaipur', { country: 'IN', near })).toBeUndefined();
    expect(resolvePlace('Qwerty Jaipur', { country: 'IN' })?.name).toBe('Qwerty, Jaipur');
    expect(resolvePlace('Jaipr', { country: 'IN', near })).toBeUndefined();
    expect(resolvePlace('Bangalor', { country: 'IN', near })?.name).toBe('Bengaluru');
  });

  it('the chat asks which town a far weak match is instead of quoting it', async () => {
    const { agent } = await handleUserMessage(db, {
      businessId: demo.id,
      chatSession: 'rider-flow-far-00001',
      channel: 'web',
      actor: null,
      locale: 'en-IN',
      text: 'from Chennai to Qwerty Jaipur tomorrow 8 am',
    });
    expect(agent.content.message).toContain('Which city or town is that?');
    expect(agent.data?.kind).not.toBe('quotes');
  });
});

describe('spending wallet cashback at booking', () => {
  const fund = (amount: number) =>
    appendEntry(db, { businessId: demo.id, userId: riderId, rideId: null, kind: 'adjustment', available: amount, currency: 'INR', description: 'test credit' });
  let key = 0;
  const book = async (useWallet: boolean) => {
    const quote = await createQuote(db, demo, trip());
    const { ride } = await bookRide(db, demo.id, riderId, {
      rideSearchId: quote.id,
      rideVehicle: 'sedan',
      idempotencyKey: `wallet-spend-${++key}`,
      paymentMethod: 'cash',
      source: 'form',
      useWallet,
    });
    return ride;
  };

  it('applies the available balance up to the operator’s share of the total, writes a wallet_spend entry, and the driver collects the rest', async () => {
    await fund(246_35);
    const before = await balanceOf(db, demo.id, riderId, 'INR');
    const ride = await book(true);
    expect(ride.walletApplied).toBe(Math.min(before.available, walletShare(ride.totalAmount, 2000)));
    expect(ride.walletApplied).toBe(246_35);
    const entries = await ledgerOf(ride.id);
    expect(entries.find((e) => e.kind === 'wallet_spend')).toMatchObject({ available: -246_35, pending: 0 });
    expect((await balanceOf(db, demo.id, riderId, 'INR')).available).toBe(before.available - 246_35);

    const res = await request('GET', '/api/rides', undefined);
    const view = (await res.json()).data.upcoming.find((r: { id: number }) => r.id === ride.id);
    expect(view).toMatchObject({ walletApplied: 246_35, totalAmount: ride.totalAmount });
  });

  it('never takes more than the share of the fare, nor anything when the rider does not ask', async () => {
    await fund(1_000_000);
    const capped = await book(true);
    expect(capped.walletApplied).toBe(walletShare(capped.totalAmount, 2000));
    const plain = await book(false);
    expect(plain.walletApplied).toBe(0);
    expect((await ledgerOf(plain.id)).some((e) => e.kind === 'wallet_spend')).toBe(false);
  });

  it('two bookings at once never spend the same balance twice', async () => {
    const now = await balanceOf(db, demo.id, riderId, 'INR');
    await appendEntry(db, {
      businessId: demo.id,
      userId: riderId,
      rideId: null,
      kind: 'adjustment',
      available: -now.available + 100_00,
      currency: 'INR',
      description: 'test reset',
    });
    const [a, b] = await Promise.all([book(true), book(true)]);
    expect(a.walletApplied + b.walletApplied).toBe(100_00);
    expect((await balanceOf(db, demo.id, riderId, 'INR')).available).toBe(0);
  });

  it('cancelling refunds the wallet payment (wallet_refund) and reverses the pending cashback', async () => {
    await fund(50_00);
    const ride = await book(true);
    expect(ride.walletApplied).toBe(50_00);
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
    const entries = await ledgerOf(ride.id);
    expect(entries.find((e) => e.kind === 'wallet_refund')).toMatchObject({ available: 50_00 });
    expect(entries.find((e) => e.kind === 'cashback_reversal')).toMatchObject({ pending: -ride.cashbackAmount });
    const after = await balanceOf(db, demo.id, riderId, 'INR');
    expect(after.available).toBe(before.available + 50_00);
    expect(after.pending).toBe(before.pending - ride.cashbackAmount);
  });

  it('the booking API takes useWallet and answers what the wallet paid', async () => {
    const now = await balanceOf(db, demo.id, riderId, 'INR');
    await fund(-now.available + 10_00);
    const quote = await createQuote(db, demo, trip());
    const res = await request('POST', '/api/rides', { rideSearchId: quote.id, rideVehicle: 'sedan', idempotencyKey: 'wallet-api-0001', useWallet: true });
    expect(res.status).toBe(201);
    const first = (await res.json()).data[0];
    expect(first.walletApplied).toBe(10);
    const bad = await request('POST', '/api/rides', { rideSearchId: quote.id, rideVehicle: 'sedan', idempotencyKey: 'wallet-api-0002', useWallet: 'yes' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.field).toBe('useWallet');
  });
});

describe('rentals show what was bought', () => {
  it('the quote names the package and its extra-km and extra-hour rates', async () => {
    const quote = await createQuote(db, demo, {
      rideType: 'oneway',
      tripKind: 'rental',
      packageDetails: '4h40km',
      pickupLocation: CHENNAI,
      dropoffLocation: null,
      pickupTime: inHours(30),
    });
    const sedan = quoteView(quote).ride_details.find((d) => d.vehicle.vehicle_type === 'sedan')!;
    expect(sedan.fee.rental).toEqual({ hours: 4, km: 40, extra_km_rate: 14, extra_hour_rate: 150 });
    const outstation = quoteView(await createQuote(db, demo, trip())).ride_details[0];
    expect(outstation.fee.rental).toBeNull();
  });
});

describe('the route page’s figures equal the booking quote for the same trip', () => {
  it('Chennai to Bangalore: one distance and one fare computation', async () => {
    const route = popularRoutes(await listServiceAreas(demo.id, db)).find((r) => r.from.name === 'Chennai' && r.to.name === 'Bangalore')!;
    expect(route).toBeDefined();
    // what the Book button hands the form: the page's own places
    const from = { name: route.from.name, lat: route.from.lat, lng: route.from.lng };
    const to = { name: route.to.name, lat: route.to.lat, lng: route.to.lng };
    const fares = (await tripFares(db, demo, from, to, 'outstation'))!;
    const quote = await createQuote(db, demo, trip({ pickupLocation: from, dropoffLocation: to }));
    expect(quote.distanceM).toBe(fares.distanceM);
    expect(quote.durationS).toBe(fares.durationS);
    for (const line of fares.day) {
      const item = quote.items.find((i) => i.vehicleType === line.vehicleType)!;
      expect({ total: item.total, tolls: item.tolls, driverBata: item.driverBata }).toEqual({
        total: line.total,
        tolls: line.tolls,
        driverBata: line.driverAllowance,
      });
    }
  });
});

describe('Hindi time phrases in the chat', () => {
  const now = new Date('2026-11-27T04:00:00Z'); // 9:30 AM in India
  const slots = (text: string) => parseMessage(text, { now, timeZone: 'Asia/Kolkata', country: 'IN' }).slots;

  it.each([
    ['kal subah 8 baje', '2026-11-28', '08:00'],
    ['आज शाम 6 बजे', '2026-11-27', '18:00'],
    ['कल सुबह ८ बजे', '2026-11-28', '08:00'],
    ['kal raat 10 baje', '2026-11-28', '22:00'],
    ['parso dopahar 2 baje', '2026-11-29', '14:00'],
    ['aaj shaam saadhe 7 baje', '2026-11-27', '19:30'],
    ['kal sava 9 baje subah', '2026-11-28', '09:15'],
    ['kal paune 6 baje shaam', '2026-11-28', '17:45'],
  ])('"%s" is %s at %s', (text, date, time) => {
    expect(slots(text)).toMatchObject({ pickupDate: date, pickupTime: time });
  });

  it('"abhi" is now, and place names that contain the words keep them', () => {
    expect(slots('abhi')).toMatchObject({ pickupDate: '2026-11-27' });
    expect(hindiWhenToEnglish('kalyan to rathinapuri kal 9 baje')).toBe("kalyan to rathinapuri tomorrow 9 o'clock");
  });
});

describe('errors stay domain errors', () => {
  it('a limit refusal is a DomainError with the figures for the chat', async () => {
    forgetTripRules(demo.id);
    await expect(createQuote(db, demo, trip({ dropoffLocation: LONDON }))).rejects.toBeInstanceOf(DomainError);
    expect(await db.select().from(rides).where(eq(rides.businessId, -1))).toEqual([]);
  });
});

describe("an operator's rider site: its market wins the country, the browser only the language", () => {
  it.each([
    ['en-US,en;q=0.9', undefined, { country: 'in', lang: 'en' }],
    ['ta-IN', undefined, { country: 'in', lang: 'ta' }],
    ['fr-FR', undefined, { country: 'in', lang: 'en' }],
    [null, undefined, { country: 'in', lang: 'en' }],
    ['en-US', 'ar-AE', { country: 'ae', lang: 'ar' }],
  ])('Accept-Language %s, cookie %s -> %o', (accept, cookie, market) => {
    expect(negotiateOperatorMarket('in', cookie, accept)).toEqual(market);
  });
});
