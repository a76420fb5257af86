import { refundCompletedRide } from '@/lib/money/refunds';
import { createPromo } from '@/lib/partner/promos';
import { CLIENT_IP_HEADER } from '@/lib/http/client-ip';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createECDH, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { agencies, chatMessages, chatSessions, drivers, outbox, rideCounters, users, vehicles, type Business, type UserRole } from '@/lib/db/schema';
import { createSession } from '@/lib/auth/session';
import { createLoginTicket } from '@/lib/auth/tickets';
import { createPost } from '@/lib/blog/commands';
import { storeBlogImage } from '@/lib/blog/images';
import { resetEnvForTests } from '@/lib/env';
import { createQuote } from '@/lib/fares/quote';
import { createLead } from '@/lib/leads/commands';
import { createPayment } from '@/lib/payments/commands';
import { subscribe } from '@/lib/push/subscriptions';
import { bookRide } from '@/lib/rides/commands';
import { transitionRide } from '@/lib/rides/lifecycle';
import { createShareLink } from '@/lib/rides/tracking';
import { rateRide } from '@/lib/ratings/ratings';
import { createBusiness } from '@/lib/tenancy/commands';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import type { Db } from '@/lib/db/client';
import { SECURITY_HEADERS } from '@/lib/http/security-headers.mjs';
import { callApi } from '../api';

/*
 * The world of the security suites: two operators (A = demo on the bare travel
 * host, B = acme on its subdomain), each with riders, a partner, a driver with
 * a vehicle, a travel company, rides in several states, a card payment, a blog
 * post with an uploaded cover, a push subscription, a chat conversation, a
 * share link, a lead, an outbox message and a console login ticket.
 */

export const HOSTS = { a: 'localhost:3000', b: 'acme.localhost:3000' } as const;
export const PAYU = { key: 'secKey01', salt: 'secSalt01' };
export const WHATSAPP = { token: 'graph-token', secret: 'whatsapp-app-secret', verify: 'verify-token', phoneId: '109876543210' };

const ENV = {
  PAYU_KEY: PAYU.key,
  PAYU_SALT: PAYU.salt,
  PAYU_MODE: 'test',
  DEV_OUTBOX: '1',
  WHATSAPP_TOKEN: WHATSAPP.token,
  WHATSAPP_APP_SECRET: WHATSAPP.secret,
  WHATSAPP_VERIFY_TOKEN: WHATSAPP.verify,
  WHATSAPP_PHONE_NUMBER_ID: WHATSAPP.phoneId,
  // Replies go nowhere: nothing listens on the discard port.
  WHATSAPP_API_BASE: 'http://127.0.0.1:9/v21.0',
};

let dataDir: string | undefined;

/** Card payments, the dev outbox and WhatsApp on; uploads into a temporary DATA_DIR. */
export function configureEnv(on: boolean): void {
  if (on) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sec-data-'));
    Object.assign(process.env, ENV, { DATA_DIR: dataDir });
  } else {
    for (const name of [...Object.keys(ENV), 'DATA_DIR']) delete process.env[name];
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
  resetEnvForTests();
}

export type Account = { userId: number; token: string; cookie: string };

/** An outstation trip the sweeps quote and book: Chennai to Bengaluru, a day and a half ahead. */
export const trip = () => ({
  rideType: 'oneway' as const,
  tripKind: 'outstation' as const,
  pickupLocation: { lat: 13.0878, lng: 80.2785, name: 'Chennai' },
  dropoffLocation: { lat: 12.9719, lng: 77.5937, name: 'Bengaluru' },
  pickupTime: new Date(Date.now() + 36 * 3600_000).toISOString(),
});

export function pushKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') };
}

const BLOG_TEXT = '<p>Our drivers know every road between the city and the hills, and they will wait while you stop for breakfast on the way.</p>';

async function seedTenant(db: Db, business: Business, tag: string, phoneBase: number, host: string) {
  let phones = phoneBase;
  const account = async (role: UserRole, name: string): Promise<Account> => {
    phones += 1;
    const [user] = await db
      .insert(users)
      .values({
        businessId: business.id,
        role,
        name,
        phoneCode: '91',
        phone: String(phones),
        email: role.endsWith('partner') ? `ops-${phones}@${tag}.example` : null,
      })
      .returning();
    const token = await createSession(db, { id: user.id, businessId: business.id });
    return { userId: user.id, token, cookie: `__Host-session=${token}` };
  };
  const rider = await account('travelsx-user', `${tag} rider`);
  const otherRider = await account('travelsx-user', `${tag} other rider`);
  const partner = await account('travelsx-partner', `${tag} ops`);
  const driver = await account('travelsx-driver', `${tag} driver`);

  const [agency] = await db
    .insert(agencies)
    .values({ businessId: business.id, name: `${tag} Travels`, phoneCode: '91', phone: String(phoneBase + 50), accountStatus: 'Verified' })
    .returning();
  const [vehicle] = await db
    .insert(vehicles)
    .values({ businessId: business.id, vehicleType: 'sedan', model: 'Honda City', number: tag === 'demo' ? 'TN01 AB1234' : 'KA05 XY9876' })
    .returning();
  const [driverRow] = await db
    .insert(drivers)
    .values({
      businessId: business.id,
      userId: driver.userId,
      name: `${tag} driver`,
      phoneCode: '91',
      phone: String(phoneBase + 4),
      accountStatus: 'Verified',
      vehicleId: vehicle.id,
      agencyId: agency.id,
    })
    .returning();

  // Rides are named by their number within the operator. Operator A's numbers start at 1001, so a
  // number of A's named on B's host is one B has no ride with: the suites then see whether A's ride
  // can be reached from B, rather than B's own ride of the same number.
  if (tag === 'demo') await db.insert(rideCounters).values({ businessId: business.id, lastNumber: 1000 });
  let keys = 0;
  const book = async (riderId: number, paymentMethod: 'cash' | 'card' = 'cash') => {
    const quote = await createQuote(db, business, trip());
    keys += 1;
    const { ride } = await bookRide(db, business.id, riderId, {
      rideSearchId: quote.id,
      rideVehicle: 'sedan',
      idempotencyKey: `${tag}-seed-${keys}`,
      paymentMethod,
      source: 'form',
    });
    return ride;
  };
  const booked = await book(rider.userId);
  const accepted = await transitionRide(db, {
    businessId: business.id,
    rideId: (await book(rider.userId)).id,
    to: 'accepted',
    actorUserId: partner.userId,
    driverId: driverRow.id,
    vehicleId: vehicle.id,
  });
  const cardRide = await book(rider.userId, 'card');
  const complete = async () => {
    const ride = await book(rider.userId);
    await transitionRide(db, {
      businessId: business.id,
      rideId: ride.id,
      to: 'accepted',
      actorUserId: partner.userId,
      driverId: driverRow.id,
      vehicleId: vehicle.id,
    });
    await transitionRide(db, { businessId: business.id, rideId: ride.id, to: 'ontrip', actorUserId: partner.userId, startCode: ride.startCode });
    return transitionRide(db, { businessId: business.id, rideId: ride.id, to: 'completed', actorUserId: partner.userId });
  };
  const completed = await complete();
  const rated = await complete();
  const review = await rateRide(db, business.id, rider.userId, rated.id, { stars: 4, comment: `${tag} driver was on time` });
  const { refund } = await refundCompletedRide(db, business.id, completed.id, {
    method: 'wallet',
    amount: 100,
    reason: `${tag} goodwill`,
    idempotencyKey: `${tag}-refund-1`,
    requestedBy: partner.userId,
  });
  const payment = await createPayment(db, business, rider.userId, cardRide.id);
  const promo = await createPromo(db, business, {
    code: `${tag}-PROMO`.toUpperCase().slice(0, 20),
    kind: 'percent',
    value: 10,
    maxDiscount: null,
    minFare: 0,
    validFrom: null,
    validTo: null,
    tripKinds: [],
    vehicleTypes: [],
    firstRideOnly: false,
    perRiderLimit: null,
    maxUses: null,
    budget: null,
    active: true,
  });
  const { token: shareToken } = await createShareLink(db, business.id, rider.userId, accepted.id);
  const quote = await createQuote(db, business, trip());

  const cover = await storeBlogImage(
    business.slug,
    await sharp({ create: { width: 4, height: 4, channels: 3, background: '#c00' } })
      .png()
      .toBuffer(),
  );
  const post = await createPost(db, business, partner.userId, {
    title: `${tag} hill drives`,
    slug: `${tag}-hill-drives`,
    keywords: 'hills, taxi',
    description: BLOG_TEXT,
    image: cover.image,
    imageWebp: cover.imageWebp,
  });

  const endpoint = `https://fcm.googleapis.com/fcm/send/${tag}-${randomBytes(8).toString('hex')}`;
  await subscribe(db, { userId: rider.userId, businessId: business.id }, { endpoint, keys: pushKeys() });

  const chatSession = `${rider.userId}-${tag}chat01`;
  await db.insert(chatSessions).values({ id: chatSession, businessId: business.id, userId: rider.userId, channel: 'web' });
  await db.insert(chatMessages).values([
    { sessionId: chatSession, businessId: business.id, role: 'user', content: `${tag} secret trip to the airport` },
    { sessionId: chatSession, businessId: business.id, role: 'agent', content: 'Which day?' },
  ]);
  const guestChat = `guest-${tag}chat02`;
  await db.insert(chatSessions).values({ id: guestChat, businessId: business.id, userId: null, channel: 'web' });

  const lead = await createLead(db, business.id, { source: 'lead', name: `${tag} lead`, email: `lead@${tag}.example`, phone: `+91${phoneBase + 60}` });
  await db.insert(outbox).values({ businessId: business.id, channel: 'sms', recipient: `+91${rider.userId}${tag}`, body: `${tag} code 4321`, status: 'held' });

  const [partnerUser] = await db
    .select()
    .from(users)
    .where(sql`${users.id} = ${partner.userId}`);
  const ticketUrl = await createLoginTicket(db, { user: partnerUser, business, host, scheme: 'http', nextPath: '/in/en/travel/home' });
  const ticket = new URL(ticketUrl).searchParams.get('ticket')!;

  return {
    business,
    host,
    rider,
    otherRider,
    partner,
    driver,
    agencyId: agency.id,
    vehicleId: vehicle.id,
    driverId: driverRow.id,
    rides: { booked: booked.number, accepted: accepted.number, card: cardRide.number, completed: completed.number, rated: rated.number },
    reviewId: review.id,
    refundId: refund.id,
    promoId: promo.id,
    promoCode: promo.code,
    txnId: payment.txnid,
    shareToken,
    quoteId: quote.id,
    blogSlug: post.slug,
    cover,
    pushEndpoint: endpoint,
    chatSession,
    guestChat,
    leadId: lead.id,
    ticket,
    riderPhone: `${phoneBase + 1}`,
    book,
  };
}

export type TenantWorld = Awaited<ReturnType<typeof seedTenant>>;
export type World = { a: TenantWorld; b: TenantWorld };

export async function seedWorld(db: Db): Promise<World> {
  clearTenantCache();
  const demo = await createBusiness(db, { slug: 'demo', name: 'Demo Cabs', countryCode: 'in', phone: '9000000000', email: 'ops@demo.example' });
  const acme = await createBusiness(db, { slug: 'acme', name: 'Acme Cabs', countryCode: 'in', phone: '9000000001', email: 'ops@acme.example' });
  return { a: await seedTenant(db, demo, 'demo', 9845000000, HOSTS.a), b: await seedTenant(db, acme, 'acme', 9845100000, HOSTS.b) };
}

/* Requests */

/** One request, sent through the API router with the real URL (path parameters filled in, see urlFor in routes.ts). */
export type Call = {
  method: string;
  /** Path and query, e.g. `/api/rides/12/cancel?locale=en-IN`. */
  path: string;
  host?: string;
  cookie?: string;
  /** A string, bytes or a stream is sent as is; anything else as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Default: the request's own origin on state-changing methods. */
  origin?: string | null;
};

/** A JSON answer as the suites read it: the wrapper's error shape, or data of any shape. */
export type Json = { success?: boolean; error?: { code?: string; message?: string; field?: string; key?: string }; data?: unknown; [key: string]: unknown };
export type Answer = { status: number; type: string; text: string; json: Json | undefined; headers: Headers };

export function buildRequest({ method, path: url, host = HOSTS.a, cookie, body, headers = {}, origin }: Call): Request {
  // server.ts always sets the client address; these calls come from this machine unless a test says otherwise
  const all: Record<string, string> = { host, [CLIENT_IP_HEADER]: '127.0.0.1' };
  const sendsOrigin = origin !== null && (origin !== undefined || !['GET', 'HEAD', 'OPTIONS'].includes(method));
  if (sendsOrigin) all.origin = origin ?? `http://${host}`;
  if (cookie) all.cookie = cookie;
  if (body !== undefined && !(body instanceof ReadableStream)) all['content-type'] = 'application/json';
  Object.assign(all, headers);
  const init: RequestInit & { duplex?: 'half' } = { method, headers: all };
  if (body !== undefined) {
    init.body = body instanceof ReadableStream || typeof body === 'string' || body instanceof Uint8Array ? (body as BodyInit) : JSON.stringify(body);
    if (body instanceof ReadableStream) init.duplex = 'half';
  }
  return new Request(`http://${host}${url}`, init);
}

/** Sends a call through the API router (apiApp.request), as server.ts does; never to a handler function. */
export async function send(call: Call): Promise<Answer> {
  const res = await callApi(buildRequest(call));
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  let json: Json | undefined;
  if (type.includes('json')) {
    try {
      json = JSON.parse(text) as Json;
    } catch {
      json = undefined;
    }
  }
  return { status: res.status, type, text, json, headers: res.headers };
}

/** The security headers (lib/http/security-headers.mjs) an answer lacks or changes: the router sets them on every answer. */
export function missingSecurityHeaders(answer: Answer): string[] {
  return SECURITY_HEADERS.filter(({ key, value }) => answer.headers.get(key) !== value).map(({ key }) => key);
}

/* Database snapshots */

/** Every public table's row count and content hash, in one statement. */
export async function snapshot(db: Db, except: readonly string[] = []): Promise<Record<string, string>> {
  const tables = await db.execute<{ tablename: string }>(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`);
  const names = ((tables as unknown as { rows: { tablename: string }[] }).rows ?? []).map((r) => r.tablename).filter((n) => !except.includes(n));
  const parts = names.map(
    (n) => `select '${n}' as t, count(*)::text || ':' || md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${n}" x`,
  );
  const result = await db.execute<{ t: string; h: string }>(sql.raw(parts.join(' union all ')));
  return Object.fromEntries((result as unknown as { rows: { t: string; h: string }[] }).rows.map((r) => [r.t, r.h]));
}

/** The tables whose rows differ between two snapshots. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t]);
}
