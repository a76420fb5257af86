import { NextRequest } from 'next/server';
import { users, rideCounters } from '@/lib/db/schema';
import { createSession } from '@/lib/auth/session';
import { createQuote } from '@/lib/fares/quote';
import { bookRide } from '@/lib/rides/commands';
import { createBusiness } from '@/lib/tenancy/commands';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import { resetEnvForTests } from '@/lib/env';
import type { Db } from '@/lib/db/client';

export const KEY = 'gtKFFx';
export const SALT = 'eCwWELxi';
export const HOST = 'localhost:3000';

export { sha512 } from './payu-answer';

export function configurePayu(on: boolean) {
  if (on) Object.assign(process.env, { PAYU_KEY: KEY, PAYU_SALT: SALT, PAYU_MODE: 'test' });
  else for (const name of ['PAYU_KEY', 'PAYU_SALT', 'PAYU_MODE']) delete process.env[name];
  resetEnvForTests();
}

/** Two riders of the demo operator (one without e-mail), and their session cookies. */
export async function seed(db: Db) {
  clearTenantCache();
  const demo = await createBusiness(db, { slug: 'demo', name: 'Demo Cabs', countryCode: 'in', phone: '9000000000', email: 'ops@demo.example' });
  // Ride numbers from 301: requests and return addresses must carry the number, not the database id.
  await db.insert(rideCounters).values({ businessId: demo.id, lastNumber: 300 });
  const [asha] = await db
    .insert(users)
    .values({ businessId: demo.id, role: 'travelsx-user', name: 'Asha | Raman', phoneCode: '91', phone: '9845012345' })
    .returning();
  const [ravi] = await db
    .insert(users)
    .values({ businessId: demo.id, role: 'travelsx-user', name: 'Ravi', email: 'ravi@example.in', phoneCode: '91', phone: '9845054321' })
    .returning();
  const cookie = async (id: number) => `__Host-session=${await createSession(db, { id, businessId: demo.id })}`;
  return { demo, asha, ravi, ashaCookie: await cookie(asha.id), raviCookie: await cookie(ravi.id) };
}

let keys = 0;
/** A booked outstation ride paid by card. */
export async function cardRide(db: Db, tenant: { id: number; currency: string; timeZone: string }, riderId: number) {
  const quote = await createQuote(db, tenant, {
    rideType: 'oneway',
    tripKind: 'outstation',
    pickupLocation: { lat: 13.0878, lng: 80.2785, name: 'Chennai' },
    dropoffLocation: { lat: 12.9719, lng: 77.5937, name: 'Bengaluru' },
    pickupTime: new Date(Date.now() + 36 * 3600_000).toISOString(),
  });
  keys += 1;
  const { ride } = await bookRide(db, tenant.id, riderId, {
    rideSearchId: quote.id,
    rideVehicle: 'sedan',
    idempotencyKey: `pay-test-${keys}`,
    paymentMethod: 'card',
    source: 'form',
  });
  return ride;
}

export function jsonRequest(method: string, path: string, cookie: string | undefined, body?: unknown) {
  return new NextRequest(`http://${HOST}${path}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { host: HOST, origin: `http://${HOST}`, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
  });
}

/** The gateway's cross-site, form-encoded POST: no session, a foreign Origin. */
export function formRequest(path: string, fields: Record<string, string>) {
  return new NextRequest(`http://${HOST}${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { host: HOST, origin: 'https://test.payu.in', 'sec-fetch-site': 'cross-site', 'content-type': 'application/x-www-form-urlencoded' },
  });
}

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

export async function call(handler: Handler, req: NextRequest, params: Record<string, string> = {}) {
  const res = await handler(req, { params: Promise.resolve(params) });
  const text = await res.text();
  return { status: res.status, location: res.headers.get('location'), json: text ? JSON.parse(text) : undefined };
}
