import dns from 'node:dns';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import https from 'node:https';
import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { NextRequest } from 'next/server';
import { decrypt } from 'http_ece';
import { eq, sql } from 'drizzle-orm';
import { callApi } from '../../api';
import { pushSubscriptions, users, rideCounters } from '@/lib/db/schema';
import { createBusiness } from '@/lib/tenancy/commands';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import { createSession } from '@/lib/auth/session';
import { createQuote } from '@/lib/fares/quote';
import { bookRide } from '@/lib/rides/commands';
import { transitionRide } from '@/lib/rides/lifecycle';
import { resetEnvForTests } from '@/lib/env';
import { resetVapidForTests, vapidKeys } from '@/lib/push/vapid';
import { MAX_SUBSCRIPTIONS_PER_USER, rideAudience, subscribe, setPushSettings } from '@/lib/push/subscriptions';
import { MAX_FAILURES, PUSH_TTL_SECONDS, retryAfterDate, sendToUser } from '@/lib/push/send';
import { publicPushAgent } from '@/lib/push/endpoints';
import { startPushNotifications } from '@/lib/rides/push-listener';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../../db';
import { PlainTextAgent, startPushService } from './push-service';

const keyRoute = callApi;
const subscribeRoute = callApi;
const unsubscribeRoute = callApi;
const getSettingsRoute = callApi;
const putSettingsRoute = callApi;

let db: Db;
let demo: { id: number; name: string; currency: string; timeZone: string };
let riderId: number;
let cookie: string;
let service: Awaited<ReturnType<typeof startPushService>>;
let dataDir: string;
const realAgent = https.globalAgent;

type Device = { ecdh: ECDH; auth: string; json: { endpoint: string; keys: { p256dh: string; auth: string } } };

/** A browser's side of a subscription: a P-256 key pair and a 16-byte auth secret. */
function device(endpoint: string): Device {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  return { ecdh, auth, json: { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth } } };
}

const open = (d: Device, body: Buffer) => JSON.parse(decrypt(body, { version: 'aes128gcm', privateKey: d.ecdh, authSecret: d.auth }).toString('utf8'));

async function waitFor(check: () => boolean, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function request(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  return new NextRequest(`http://localhost:3000${url}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { host: 'localhost:3000', origin: 'http://localhost:3000', 'content-type': 'application/json', cookie, ...headers },
  });
}
const ctx = { params: Promise.resolve({}) };
async function call(handler: (r: NextRequest, c: typeof ctx) => Promise<Response>, req: NextRequest) {
  const res = await handler(req, ctx);
  return { status: res.status, json: await res.json() };
}
const subscriptionCount = async () => Number((await db.select({ n: sql<number>`count(*)` }).from(pushSubscriptions))[0].n);

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'push-test-'));
  process.env.DATA_DIR = dataDir;
  resetEnvForTests();
  resetVapidForTests();
  https.globalAgent = new PlainTextAgent();
  service = await startPushService();
  // the stand-in is a push service this deployment adds (public push services' hosts are accepted anyway)
  process.env.PUSH_ENDPOINT_HOSTS = new URL(service.endpoint('/')).host;
  resetEnvForTests();
  db = await openTestDb();
  clearTenantCache();
  demo = await createBusiness(db, { slug: 'demo', name: 'Demo Cabs', countryCode: 'in', phone: '9000000000', email: 'ops@demo.example' });
  // Ride numbers from 71: the pushes must carry the number, not the database id.
  await db.insert(rideCounters).values({ businessId: demo.id, lastNumber: 70 });
  const [rider] = await db.insert(users).values({ businessId: demo.id, role: 'travelsx-user', name: 'Asha', phoneCode: '91', phone: '9845012345' }).returning();
  riderId = rider.id;
  cookie = `__Host-session=${await createSession(db, { id: rider.id, businessId: demo.id })}`;
});

afterAll(async () => {
  delete process.env.PUSH_ENDPOINT_HOSTS;
  https.globalAgent = realAgent;
  await service.close();
  await closeTestDb();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await db.delete(pushSubscriptions);
  await setPushSettings(db, riderId, { pushEnabled: true });
  service.received.length = 0;
});

describe('VAPID keys', () => {
  it('are generated once into DATA_DIR/vapid.json (mode 600) and reused', async () => {
    const first = vapidKeys();
    const file = path.join(dataDir, 'vapid.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    resetVapidForTests();
    expect(vapidKeys()).toEqual(first);
    expect(first.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    const { status, json } = await call(keyRoute, request('GET', '/api/push/key'));
    expect(status).toBe(200);
    expect(json.data.publicKey).toBe(first.publicKey);
  });
});

describe('subscriptions API', () => {
  it('stores a subscription per user and device, and deletes it by endpoint', async () => {
    const phone = device(service.endpoint('/push/api-1'));
    const created = await call(subscribeRoute, request('POST', '/api/push/subscriptions', phone.json, { 'user-agent': 'x'.repeat(2000) }));
    expect(created.status).toBe(201);
    const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, phone.json.endpoint));
    expect(row).toMatchObject({ businessId: demo.id, userId: riderId, p256dh: phone.json.keys.p256dh, auth: phone.auth });
    expect(row.userAgent).toHaveLength(500);
    const again = await call(subscribeRoute, request('POST', '/api/push/subscriptions', phone.json));
    expect(again.status).toBe(201);
    expect(await subscriptionCount()).toBe(1);
    const removed = await call(unsubscribeRoute, request('DELETE', '/api/push/subscriptions', { endpoint: phone.json.endpoint }));
    expect(removed).toEqual({ status: 200, json: { success: true, data: { removed: true } } });
    expect(await subscriptionCount()).toBe(0);
  });

  it.each([
    ['no keys', { endpoint: 'https://push.example/abc' }, 'keys'],
    ['an http endpoint', { endpoint: 'http://push.example/abc', keys: device('x').json.keys }, 'endpoint'],
    ['not a URL', { endpoint: 'nope', keys: device('x').json.keys }, 'endpoint'],
    ['a short auth secret', { endpoint: 'https://push.example/abc', keys: { ...device('x').json.keys, auth: 'abc' } }, 'keys.auth'],
    ['a key off the curve', { endpoint: 'https://push.example/abc', keys: { ...device('x').json.keys, p256dh: `B${'A'.repeat(86)}` } }, 'keys.p256dh'],
    ['a string body', 'subscription', undefined],
  ])('refuses a malformed subscription (%s) with a 400, writing nothing', async (_, body, field) => {
    const { status, json } = await call(subscribeRoute, request('POST', '/api/push/subscriptions', body));
    expect(status).toBe(400);
    if (field) expect(json.error.field).toBe(field);
    expect(await subscriptionCount()).toBe(0);
  });

  it('needs a session and a same-site origin', async () => {
    const phone = device(service.endpoint('/push/api-2'));
    expect((await call(subscribeRoute, request('POST', '/api/push/subscriptions', phone.json, { cookie: '' }))).status).toBe(401);
    expect((await call(subscribeRoute, request('POST', '/api/push/subscriptions', phone.json, { origin: 'https://evil.example' }))).status).toBe(403);
    expect(await subscriptionCount()).toBe(0);
  });

  it('reads and sets the per-user switch', async () => {
    expect((await call(getSettingsRoute, request('GET', '/api/push/settings'))).json.data).toEqual({ pushEnabled: true });
    expect((await call(putSettingsRoute, request('PUT', '/api/push/settings', { pushEnabled: false }))).json.data).toEqual({ pushEnabled: false });
    expect((await call(getSettingsRoute, request('GET', '/api/push/settings'))).json.data).toEqual({ pushEnabled: false });
    expect((await call(putSettingsRoute, request('PUT', '/api/push/settings', { pushEnabled: 'no' }))).status).toBe(400);
  });
});

describe('sendToUser', () => {
  it('sends an aes128gcm message with a TTL and VAPID auth that the device decrypts', async () => {
    const phone = device(service.endpoint('/push/send-1'));
    await subscribe(db, { businessId: demo.id, userId: riderId }, phone.json);
    const outcome = await sendToUser(db, demo.id, riderId, { title: 'Demo Cabs', body: 'Hello', data: { rideId: 7 } });
    expect(outcome).toEqual({ sent: 1, skipped: 0, removed: 0, failed: 0 });
    const [received] = service.received;
    expect(received.path).toBe('/push/send-1');
    expect(received.headers.ttl).toBe(String(PUSH_TTL_SECONDS));
    expect(received.headers['content-encoding']).toBe('aes128gcm');
    expect(received.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${vapidKeys().publicKey}$`));
    expect(open(phone, received.body)).toEqual({ title: 'Demo Cabs', body: 'Hello', data: { rideId: 7 } });
  });

  it('deletes the subscription when the push service answers 410 or 404', async () => {
    const gone = device(service.endpoint('/push/gone'));
    const unknown = device(service.endpoint('/push/unknown'));
    const live = device(service.endpoint('/push/live'));
    service.reply('/push/gone', { status: 410 });
    service.reply('/push/unknown', { status: 404 });
    for (const d of [gone, unknown, live]) await subscribe(db, { businessId: demo.id, userId: riderId }, d.json);
    const outcome = await sendToUser(db, demo.id, riderId, { title: 'x' });
    expect(outcome).toEqual({ sent: 1, skipped: 0, removed: 2, failed: 0 });
    const left = await db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions);
    expect(left).toEqual([{ endpoint: live.json.endpoint }]);
  });

  it('stores Retry-After on a 429 and skips the device until then', async () => {
    const busy = device(service.endpoint('/push/busy'));
    service.reply('/push/busy', { status: 429, headers: { 'retry-after': '120' } });
    await subscribe(db, { businessId: demo.id, userId: riderId }, busy.json);
    const now = new Date();
    expect(await sendToUser(db, demo.id, riderId, { title: 'x' }, now)).toMatchObject({ sent: 0, failed: 1 });
    const [row] = await db.select().from(pushSubscriptions);
    expect(row.retryAfter!.getTime()).toBe(now.getTime() + 120_000);
    expect(await sendToUser(db, demo.id, riderId, { title: 'x' }, new Date(now.getTime() + 60_000))).toMatchObject({ sent: 0, skipped: 1 });
    expect(service.received).toHaveLength(1);
    service.reply('/push/busy', { status: 201 });
    expect(await sendToUser(db, demo.id, riderId, { title: 'x' }, new Date(now.getTime() + 121_000))).toMatchObject({ sent: 1, skipped: 0 });
    expect((await db.select().from(pushSubscriptions))[0].retryAfter).toBeNull();
  });

  it('reads Retry-After as seconds or an HTTP date, bounded to a day', () => {
    const now = new Date('2030-01-01T00:00:00Z');
    expect(retryAfterDate('30', now).toISOString()).toBe('2030-01-01T00:00:30.000Z');
    expect(retryAfterDate('Tue, 01 Jan 2030 00:05:00 GMT', now).toISOString()).toBe('2030-01-01T00:05:00.000Z');
    expect(retryAfterDate(undefined, now).toISOString()).toBe('2030-01-01T00:01:00.000Z');
    expect(retryAfterDate('9999999', now).toISOString()).toBe('2030-01-02T00:00:00.000Z');
  });

  it('sends nothing when the user switched push off', async () => {
    await subscribe(db, { businessId: demo.id, userId: riderId }, device(service.endpoint('/push/off')).json);
    await setPushSettings(db, riderId, { pushEnabled: false });
    expect(await sendToUser(db, demo.id, riderId, { title: 'x' })).toEqual({ sent: 0, skipped: 0, removed: 0, failed: 0 });
    expect(service.received).toHaveLength(0);
  });
});

describe('ride changes', () => {
  it('push each transition to the rider once: business name as title, the status text, ride id and link', async () => {
    const stop = startPushNotifications();
    try {
      const phone = device(service.endpoint('/push/rider'));
      await subscribe(db, { businessId: demo.id, userId: riderId }, phone.json);
      const pickupTime = new Date(Date.now() + 36 * 3600_000).toISOString();
      const quote = await createQuote(db, demo, {
        rideType: 'oneway',
        tripKind: 'outstation',
        pickupLocation: { lat: 13.0878, lng: 80.2785, name: 'Chennai' },
        dropoffLocation: { lat: 12.9719, lng: 77.5937, name: 'Bengaluru' },
        pickupTime,
      });
      const { ride } = await bookRide(db, demo.id, riderId, {
        rideSearchId: quote.id,
        rideVehicle: 'sedan',
        idempotencyKey: 'push-0001',
        paymentMethod: 'cash',
        source: 'form',
      });
      await waitFor(() => service.received.length === 1);
      await transitionRide(db, { businessId: demo.id, rideId: ride.id, to: 'accepted', actorUserId: null });
      await waitFor(() => service.received.length === 2);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(service.received).toHaveLength(2);
      const [booked, accepted] = service.received.map((r) => open(phone, r.body));
      expect(booked).toEqual({
        title: 'Demo Cabs',
        body: `Ride #${ride.number} is booked. We will tell you when a driver is assigned.`,
        data: { rideId: ride.number, status: 'booked', url: '/in/en/user/rides' },
      });
      expect(accepted).toMatchObject({
        title: 'Demo Cabs',
        body: `A driver has been assigned to your ride #${ride.number}.`,
        data: { rideId: ride.number, status: 'accepted' },
      });
      expect(service.received[1].headers.ttl).toBe(String(PUSH_TTL_SECONDS));
    } finally {
      stop();
    }
  });
});

describe('ride events to the console', () => {
  it("push each transition to the business's console users who turned notifications on, never to another operator's", async () => {
    const other = await createBusiness(db, { slug: 'pushother', name: 'Other Cabs', countryCode: 'in', phone: '9000000001', email: 'ops@other.example' });
    const [desk, , otherDesk] = await db
      .insert(users)
      .values([
        { businessId: demo.id, role: 'travelsx-partner', name: 'Desk', email: 'desk@demo.example' },
        // a console user without a subscribed device gets nothing
        { businessId: demo.id, role: 'travelsx-partner', name: 'Quiet desk', email: 'quiet@demo.example' },
        { businessId: other.id, role: 'travelsx-partner', name: 'Other desk', email: 'desk@other.example' },
      ])
      .returning();
    const stop = startPushNotifications();
    try {
      const deskDevice = device(service.endpoint('/push/desk'));
      const otherConsole = device(service.endpoint('/push/other-desk'));
      await subscribe(db, { businessId: demo.id, userId: desk.id }, deskDevice.json);
      await subscribe(db, { businessId: other.id, userId: otherDesk.id }, otherConsole.json);
      // and the rider's device is no console's
      await subscribe(db, { businessId: demo.id, userId: riderId }, device(service.endpoint('/push/rider')).json);
      // one read: the rider's devices, and those of this business's console users only
      const audience = await rideAudience(db, demo.id, riderId);
      expect(audience.map(({ userId, role, subs }) => ({ userId, role, paths: subs.map((sub) => new URL(sub.endpoint).pathname) }))).toEqual(
        expect.arrayContaining([
          { userId: desk.id, role: 'travelsx-partner', paths: ['/push/desk'] },
          { userId: riderId, role: null, paths: ['/push/rider'] },
        ]),
      );
      expect(audience).toHaveLength(2);
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, riderId));
      const quote = await createQuote(db, demo, {
        rideType: 'oneway',
        tripKind: 'outstation',
        pickupLocation: { lat: 13.0878, lng: 80.2785, name: 'Chennai' },
        dropoffLocation: { lat: 12.9719, lng: 77.5937, name: 'Bengaluru' },
        pickupTime: new Date(Date.now() + 40 * 3600_000).toISOString(),
      });
      const { ride } = await bookRide(db, demo.id, riderId, {
        rideSearchId: quote.id,
        rideVehicle: 'sedan',
        idempotencyKey: 'push-desk-0001',
        paymentMethod: 'cash',
        source: 'form',
      });
      await waitFor(() => service.received.length === 1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      // the rider has no device here: the one push is the desk's
      expect(service.received.map((r) => r.path)).toEqual(['/push/desk']);
      expect(open(deskDevice, service.received[0].body)).toEqual({
        title: `Ride #${ride.number}`,
        body: 'Ride created',
        data: { rideId: ride.number, status: 'booked', url: `/in/en/travel/rides?q=${ride.number}` },
      });
    } finally {
      stop();
    }
  });
});

describe('push endpoints an attacker chooses', () => {
  const owner = () => ({ businessId: demo.id, userId: riderId });
  const endpoints = async () => (await db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions)).map((r) => r.endpoint).sort();

  it.each([
    ['loopback', 'https://127.0.0.1/push/x'],
    ['loopback on a port other than the added push service', 'https://127.0.0.1:1/push/x'],
    ['a private address', 'https://10.0.0.5/push/x'],
    ['the cloud metadata address', 'https://169.254.169.254/latest/meta-data/'],
    ['an IPv6-mapped loopback', 'https://[::ffff:127.0.0.1]/push/x'],
    ['the IPv6 loopback', 'https://[::1]/push/x'],
    ['localhost', 'https://localhost/push/x'],
    ['a host that is no push service', 'https://push.example/abc'],
    ['a push service name as a prefix', 'https://fcm.googleapis.com.attacker.example/x'],
  ])('a subscription to %s is refused with a 400 naming endpoint, storing nothing', async (_, endpoint) => {
    const { status, json } = await call(subscribeRoute, request('POST', '/api/push/subscriptions', device(endpoint).json));
    expect(status).toBe(400);
    expect(json.error.field).toBe('endpoint');
    expect(json.error.message).toMatch(/^endpoint: must /);
    expect(await subscriptionCount()).toBe(0);
  });

  it('a subscription to a browser push service is stored', async () => {
    const phone = device('https://fcm.googleapis.com/fcm/send/real-device');
    expect((await call(subscribeRoute, request('POST', '/api/push/subscriptions', phone.json))).status).toBe(201);
    expect(await endpoints()).toEqual([phone.json.endpoint]);
  });

  it('a push service name that resolves to an internal address at send time is never connected to, and the subscription is dropped', async () => {
    const phone = device('https://fcm.googleapis.com/fcm/send/rebound');
    await subscribe(db, owner(), phone.json);
    const realLookup = dns.lookup;
    // the name "moves inside" (DNS rebinding, or a resolver that lies): it answers loopback
    const lookup = jest
      .spyOn(dns, 'lookup')
      .mockImplementation(((hostname: string, options: dns.LookupOptions, callback: (...a: unknown[]) => void) =>
        hostname === 'fcm.googleapis.com'
          ? setImmediate(callback, null, [{ address: '127.0.0.1', family: 4 }])
          : realLookup(hostname, options, callback as never)) as unknown as typeof dns.lookup);
    const socketEvents: string[] = [];
    const realCreate = publicPushAgent.createConnection.bind(publicPushAgent);
    const create = jest.spyOn(publicPushAgent, 'createConnection').mockImplementation((...args: Parameters<typeof realCreate>) => {
      const socket = realCreate(...args)!;
      socket.on('lookup', (error: Error | null, address?: string) => socketEvents.push(error ? `lookup refused: ${error.message}` : `lookup ${address}`));
      socket.on('connectionAttempt', (ip: string, port: number) => socketEvents.push(`connecting to ${ip}:${port}`));
      socket.on('connect', () => socketEvents.push('connected'));
      return socket;
    });
    try {
      const outcome = await sendToUser(db, demo.id, riderId, { title: 'x' });
      expect(outcome).toEqual({ sent: 0, skipped: 0, removed: 1, failed: 0 });
      expect(lookup).toHaveBeenCalledWith('fcm.googleapis.com', expect.anything(), expect.any(Function));
      expect(socketEvents).toEqual(['lookup refused: fcm.googleapis.com resolves to 127.0.0.1']);
      expect(await subscriptionCount()).toBe(0);
    } finally {
      create.mockRestore();
      lookup.mockRestore();
    }
  });

  it('an endpoint stored before endpoints were checked is dropped at send time without a connection', async () => {
    const port = new URL(service.endpoint('/')).port;
    // the stand-in's own address, written so it is not the added host: an address literal needs no DNS
    const legacy = [`https://[::ffff:127.0.0.1]:${port}/push/legacy`, `https://localhost:${port}/push/legacy`];
    for (const endpoint of legacy)
      await db.insert(pushSubscriptions).values({ ...owner(), endpoint, p256dh: device('x').json.keys.p256dh, auth: device('x').auth });
    const before = service.connections();
    expect(await sendToUser(db, demo.id, riderId, { title: 'x' })).toEqual({ sent: 0, skipped: 0, removed: 2, failed: 0 });
    expect(service.connections()).toBe(before);
    expect(await subscriptionCount()).toBe(0);
  });

  it(`30 subscriptions by one user keep the newest ${MAX_SUBSCRIPTIONS_PER_USER}, so one ride pushes at most ${MAX_SUBSCRIPTIONS_PER_USER} requests`, async () => {
    const [other] = await db
      .insert(users)
      .values({ businessId: demo.id, role: 'travelsx-user', name: 'Ravi', phoneCode: '91', phone: '9845012399' })
      .returning();
    const theirs = device(service.endpoint('/push/other-user'));
    await subscribe(db, { businessId: demo.id, userId: other.id }, theirs.json);
    const flood = Array.from({ length: 30 }, (_, i) => device(service.endpoint(`/push/flood-${String(i + 1).padStart(2, '0')}`)));
    for (const d of flood) expect((await call(subscribeRoute, request('POST', '/api/push/subscriptions', d.json))).status).toBe(201);
    const mine = () => endpoints().then((all) => all.filter((e) => e !== theirs.json.endpoint));
    expect(await mine()).toEqual(flood.slice(20).map((d) => d.json.endpoint));
    expect(await endpoints()).toContain(theirs.json.endpoint);

    // subscribing again renews a device: the oldest kept one stays, the next oldest goes
    await subscribe(db, owner(), flood[20].json);
    const newest = device(service.endpoint('/push/flood-31'));
    await subscribe(db, owner(), newest.json);
    expect(await mine()).toEqual([flood[20], ...flood.slice(22), newest].map((d) => d.json.endpoint).sort());

    expect(await sendToUser(db, demo.id, riderId, { title: 'x' })).toMatchObject({ sent: MAX_SUBSCRIPTIONS_PER_USER });
    expect(service.received).toHaveLength(MAX_SUBSCRIPTIONS_PER_USER);
  });

  it(`an endpoint failing ${MAX_FAILURES} times in a row is dropped; a delivery in between starts the count again`, async () => {
    const flaky = device(service.endpoint('/push/flaky'));
    await subscribe(db, owner(), flaky.json);
    const failures = async () => (await db.select({ failures: pushSubscriptions.failures }).from(pushSubscriptions))[0]?.failures;
    const failTimes = async (n: number) => {
      for (let i = 0; i < n; i += 1) expect(await sendToUser(db, demo.id, riderId, { title: 'x' })).toEqual({ sent: 0, skipped: 0, removed: 0, failed: 1 });
    };
    service.reply('/push/flaky', { status: 500 });
    await failTimes(MAX_FAILURES - 1);
    expect(await failures()).toBe(MAX_FAILURES - 1);
    service.reply('/push/flaky', { status: 201 });
    expect(await sendToUser(db, demo.id, riderId, { title: 'x' })).toMatchObject({ sent: 1 });
    expect(await failures()).toBe(0);
    service.reply('/push/flaky', { status: 500 });
    await failTimes(MAX_FAILURES - 1);
    expect(await sendToUser(db, demo.id, riderId, { title: 'x' })).toEqual({ sent: 0, skipped: 0, removed: 1, failed: 0 });
    expect(await subscriptionCount()).toBe(0);
    expect(service.received).toHaveLength(2 * MAX_FAILURES);
  });
});
