import { users } from '@/lib/db/schema';
import { createBusiness } from '@/lib/tenancy/commands';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import { createSession } from '@/lib/auth/session';
import { apiApp } from '@/lib/api/app';
import type { Db } from '@/lib/db/client';
import { bookRide, fetchQuote, searchPlaces } from '@/components/booking/api';
import { fetchRiderRides } from '@/components/rider/api';
import { ApiRequestError } from '@/components/data/fetch-data';
import { closeTestDb, openTestDb } from '../../db';

/** Every request the typed client sends, as the router received it. */
let sent: { method: string; path: string; type: string | null; body: unknown }[];
let cookie = '';
const realFetch = global.fetch;

const CHENNAI = { lat: 13.0878, lng: 80.2785, name: 'Chennai' };
const BENGALURU = { lat: 12.9719, lng: 77.5937, name: 'Bengaluru' };
const tomorrow = () => new Date(Date.now() + 36 * 3600_000).toISOString();

beforeAll(async () => {
  const db: Db = await openTestDb();
  clearTenantCache();
  const demo = await createBusiness(db, { slug: 'demo', name: 'Demo Cabs', countryCode: 'in', phone: '9000000000', email: 'ops@demo.example' });
  const [rider] = await db.insert(users).values({ businessId: demo.id, role: 'travelsx-user', name: 'Asha', phoneCode: '91', phone: '9845012345' }).returning();
  cookie = `__Host-session=${await createSession(db, { id: rider.id, businessId: demo.id })}`;
  // The browser's fetch, answered by the real API router (the page's origin and session cookie added as a browser would).
  global.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost:3000');
    const headers = new Headers(init?.headers);
    headers.set('host', url.host);
    headers.set('origin', url.origin);
    headers.set('cookie', cookie);
    const body = typeof init?.body === 'string' ? init.body : undefined;
    sent.push({
      method: init?.method ?? 'GET',
      path: `${url.pathname}${url.search}`,
      type: headers.get('content-type'),
      body: body ? JSON.parse(body) : undefined,
    });
    return apiApp.request(new Request(url, { method: init?.method, headers, body, signal: init?.signal }));
  }) as typeof fetch;
});
afterAll(async () => {
  global.fetch = realFetch;
  await closeTestDb();
});
beforeEach(() => {
  sent = [];
});

describe('the typed client against the real router', () => {
  it('sends the quote body as JSON to POST /api/rides/quote and reads the priced vehicles', async () => {
    const trip = {
      rideType: 'oneway' as const,
      tripKind: 'outstation' as const,
      pickupLocation: CHENNAI,
      dropoffLocation: BENGALURU,
      pickupTime: tomorrow(),
      returnTime: null,
    };
    const quote = await fetchQuote(trip);
    expect(sent).toEqual([{ method: 'POST', path: '/api/rides/quote', type: 'application/json', body: trip }]);
    expect(quote.ride_search_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(quote.ride_details.length).toBeGreaterThan(0);
    expect(quote.ride_details[0].fee.currency).toBe('INR');
  });

  it('throws the API error with its field and key (the screens localise them)', async () => {
    const failure = await fetchQuote({ tripKind: 'outstation', pickupLocation: CHENNAI, pickupTime: tomorrow() }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect((failure as ApiRequestError).failure).toMatchObject({ status: 400, field: 'dropoffLocation', key: 'dropoffRequired' });
  });

  it('books with a typed 201 answer, then reads the rider rides', async () => {
    const quote = await fetchQuote({ tripKind: 'outstation', pickupLocation: CHENNAI, dropoffLocation: BENGALURU, pickupTime: tomorrow() });
    const fee = quote.ride_details[0].fee;
    const booked = await bookRide({
      rideSearchId: quote.ride_search_id,
      rideVehicle: quote.ride_details[0].vehicle.vehicle_type,
      idempotencyKey: crypto.randomUUID(),
      paymentMethod: 'cash',
      currency: fee.currency,
      rideAmount: fee.ride_amount,
      tolls: fee.tolls,
      driverBata: fee.driver_bata,
      totalAmount: fee.total_fee,
    });
    if (!booked.ok) throw new Error(booked.error.message);
    const rideId = booked.data.data[0].rideId;
    expect(rideId).toBeGreaterThan(0);
    const lists = await fetchRiderRides();
    expect(sent.at(-1)).toMatchObject({ method: 'GET', path: '/api/rides' });
    expect(lists.upcoming.map((ride) => ride.id)).toContain(rideId);
  });

  it('puts a query in the URL (place search)', async () => {
    await searchPlaces('Chen', 'en').catch(() => undefined);
    expect(sent).toEqual([expect.objectContaining({ method: 'GET', path: '/api/places/search?q=Chen&lang=en' })]);
  });
});
