import { eq } from 'drizzle-orm';
import { pushSubscriptions } from '@/lib/db/schema';
import { payuAnswer } from '../lib/payments/payu-answer';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../db';
import { describedRoutes, pathParams, undescribed, urlFor, type Method, type MethodSpec } from './routes';
import { changedTables, configureEnv, pushKeys, seedWorld, send, snapshot, type Answer, type Call, type TenantWorld, type World } from './world';

/*
 * Two operators on one server. Everything operator A holds (rides, fleet,
 * travel companies, blog posts and uploads, payments, push subscriptions,
 * chat history, share links, customers, wallet, leads, outbox, login tickets)
 * must be invisible and unchangeable from operator B's host, whether B's
 * caller names A's ids in the path, the query or the body; and A's sessions
 * are worth nothing on B's host.
 */

let db: Db;
let world: World;
let a: TenantWorld;
let b: TenantWorld;

beforeAll(async () => {
  configureEnv(true);
  db = await openTestDb();
  world = await seedWorld(db);
  ({ a, b } = world);
}, 120_000);
afterAll(async () => {
  await closeTestDb();
  configureEnv(false);
});

/** Text only operator A's data contains: its people, fleet, posts, chat, payment, lead, outbox and share token. */
function markersOf(t: TenantWorld): string[] {
  return [
    'Demo Cabs',
    'demo rider',
    'demo other rider',
    'demo ops',
    'demo driver',
    'demo Travels',
    'TN01 AB1234',
    t.blogSlug,
    'demo hill drives',
    'demo secret trip',
    t.chatSession,
    t.txnId,
    'lead@demo.example',
    'demo code 4321',
    t.shareToken,
    t.cover.imageWebp.split('/').pop()!,
    t.riderPhone,
  ];
}

/** Ride numbers an answer mentions: `rideId` fields, ids of ride views (with a pickup), and the CSV export's first column. */
function rideIdsIn(answer: Answer): number[] {
  if (answer.type.includes('text/csv'))
    return answer.text
      .split('\n')
      .slice(1)
      .map((line) => Number(line.split(',')[0]))
      .filter(Boolean);
  const found: number[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (!value || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    if (typeof record.rideId === 'number') found.push(record.rideId);
    // a ride's own id; an event (or other row) naming its ride by rideId has an id of its own
    if (typeof record.id === 'number' && 'pickup' in record && !('rideId' in record)) found.push(record.id);
    Object.values(record).forEach(walk);
  };
  walk(answer.json);
  return found;
}

function leaks(answer: Answer): string[] {
  const text = markersOf(a).filter((m) => answer.text.includes(m) || (answer.headers.get('content-disposition') ?? '').includes(m));
  const rides = rideIdsIn(answer).filter((id) => Object.values(a.rides).includes(id));
  return [...text, ...rides.map((id) => `ride #${id}`)];
}

const cookieOf = (t: TenantWorld, spec: MethodSpec) => (spec.as === 'anon' ? undefined : t[spec.as].cookie);
/** Path parameters that name an object of the operator (a vehicle type and a sitemap file number are the same words for everyone). */
// vehicleType and kind (whatsapp | payu) name a fixed vocabulary, file a sitemap part: none names another tenant's object
const isObjectParam = (name: string) => name !== 'vehicleType' && name !== 'file' && name !== 'kind';

type Row = { path: string; method: Method; spec: MethodSpec };

/** Every route of the router's table with its description; a route without one fails the suite rather than going unchecked. */
function allRoutes(): Row[] {
  expect(undescribed()).toEqual([]);
  return describedRoutes();
}

function callOn(
  host: TenantWorld,
  caller: TenantWorld,
  row: Row,
  refs: { params: TenantWorld; query: TenantWorld; body: TenantWorld },
  extra: Partial<Call> = {},
): Call {
  return {
    method: row.method,
    host: host.host,
    cookie: cookieOf(caller, row.spec),
    path: urlFor(row.path, row.spec.params?.(refs.params) ?? {}, row.spec.query?.(refs.query) ?? {}),
    body: row.method === 'GET' ? undefined : row.spec.sample?.(refs.body),
    ...extra,
  };
}

describe("operator B's host and sessions", () => {
  it('refuse every object of A named in the path (404/403), changing nothing and showing nothing of A', async () => {
    const failures: string[] = [];
    const before = await snapshot(db);
    let checked = 0;
    for (const row of allRoutes()) {
      if (!pathParams(row.path).some((p) => isObjectParam(p.name))) continue;
      checked += 1;
      // B's own caller and body, A's object in the path.
      const answer = await send(callOn(b, b, row, { params: a, query: b, body: b }));
      const name = `${row.method} ${row.path}`;
      if (![403, 404].includes(answer.status)) failures.push(`${name}: ${answer.status} ${answer.text.slice(0, 160)}`);
      if (leaks(answer).length) failures.push(`${name} shows ${leaks(answer).join(', ')}`);
    }
    expect(checked).toBeGreaterThanOrEqual(14);
    expect(failures).toEqual([]);
    expect(changedTables(before, await snapshot(db))).toEqual([]);
  });

  it("refuse or ignore A's objects named in the query or body, changing nothing and showing nothing of A", async () => {
    const failures: string[] = [];
    const before = await snapshot(db);
    let checked = 0;
    for (const row of allRoutes()) {
      const ownQuery = JSON.stringify(row.spec.query?.(b) ?? {});
      const ownBody = JSON.stringify(row.spec.sample?.(b) ?? {});
      const namesA = JSON.stringify(row.spec.query?.(a) ?? {}) !== ownQuery || (row.method !== 'GET' && JSON.stringify(row.spec.sample?.(a) ?? {}) !== ownBody);
      if (!namesA) continue;
      checked += 1;
      const answer = await send(callOn(b, b, row, { params: b, query: a, body: a }));
      const name = `${row.method} ${row.path}`;
      // Writes must be refused (forgetting a device B does not have may say so); reads may answer, with B's data only.
      const nothingToForget = name === 'DELETE /api/push/subscriptions' && (answer.json?.data as { removed?: boolean } | undefined)?.removed === false;
      if (answer.status >= 500 || (row.method !== 'GET' && answer.status < 400 && !nothingToForget))
        failures.push(`${name}: ${answer.status} ${answer.text.slice(0, 160)}`);
      if (answer.headers.get('set-cookie')) failures.push(`${name} set a cookie`);
      if (leaks(answer).length) failures.push(`${name} shows ${leaks(answer).join(', ')}`);
    }
    expect(checked).toBeGreaterThan(12);
    expect(failures).toEqual([]);
    // Refused bookings still count against the booking limits (rate_limits); nothing else moves.
    expect(changedTables(before, await snapshot(db)).filter((t) => t !== 'rate_limits')).toEqual([]);
  });

  it("show none of A's data on any read, with B's own parameters", async () => {
    const failures: string[] = [];
    const ridesOfB: number[] = [];
    const showingA: string[] = [];
    for (const row of allRoutes()) {
      if (row.method !== 'GET') continue;
      // The same read on A's own host does show A's data: the markers are real.
      if (leaks(await send(callOn(a, a, row, { params: a, query: a, body: a }))).length) showingA.push(row.path);
      const answer = await send(callOn(b, b, row, { params: b, query: b, body: b }));
      if (answer.status >= 400) failures.push(`GET ${row.path}: ${answer.status} ${answer.text.slice(0, 120)}`);
      if (leaks(answer).length) failures.push(`GET ${row.path} shows ${leaks(answer).join(', ')}`);
      ridesOfB.push(...rideIdsIn(answer));
    }
    expect(failures).toEqual([]);
    expect(showingA.length).toBeGreaterThan(15);
    // The ride lists did list B's own rides, so the check above looked at real lists.
    expect(new Set(ridesOfB)).toEqual(new Set(Object.values(b.rides)));
  });

  it("refuse A's drivers, vehicles, travel companies and uploads as references in B's own changes", async () => {
    const partner = { host: b.host, cookie: b.partner.cookie };
    const before = await snapshot(db);
    const answers = {
      acceptWithAsDriver: await send({
        ...partner,
        method: 'POST',
        path: `/api/partner/rides/${b.rides.booked}`,
        body: { action: 'accept', driverId: a.driverId, vehicleId: b.vehicleId },
      }),
      acceptWithAsVehicle: await send({
        ...partner,
        method: 'POST',
        path: `/api/partner/rides/${b.rides.booked}`,
        body: { action: 'accept', driverId: b.driverId, vehicleId: a.vehicleId },
      }),
      assignAsVehicle: await send({ ...partner, method: 'PATCH', path: `/api/partner/drivers/${b.driverId}`, body: { vehicleId: a.vehicleId } }),
      driverUnderAsAgency: await send({
        ...partner,
        method: 'POST',
        path: '/api/partner/drivers',
        body: { name: 'Mani', phone: { dialCode: '91', number: '9845177777' }, agencyId: a.agencyId },
      }),
      postWithAsCover: await send({
        ...partner,
        method: 'POST',
        path: '/api/blog',
        body: {
          title: 'Borrowed cover',
          slug: 'borrowed-cover',
          keywords: 'x',
          description: `<p>${'Hill roads and early starts. '.repeat(6)}</p>`,
          image: a.cover.image,
          imageWebp: a.cover.imageWebp,
        },
      }),
    };
    expect(Object.fromEntries(Object.entries(answers).map(([k, v]) => [k, v.status]))).toEqual({
      acceptWithAsDriver: 404,
      acceptWithAsVehicle: 404,
      assignAsVehicle: 404,
      driverUnderAsAgency: 404,
      postWithAsCover: 400,
    });
    expect(answers.postWithAsCover.json?.error?.field).toBe('image');
    expect(changedTables(before, await snapshot(db))).toEqual([]);
  });

  it("keep A's guest conversations closed to guests on B's host", async () => {
    const before = await snapshot(db);
    const sent = await send({
      method: 'POST',
      host: b.host,
      path: '/api/chat/message',
      body: { chatSession: a.guestChat, text: 'What did I ask?', locale: 'en-IN' },
    });
    const read = await send({ method: 'GET', host: b.host, path: `/api/chat/history?chat_session=${a.guestChat}` });
    expect([sent.status, read.status]).toEqual([403, 403]);
    expect(changedTables(before, await snapshot(db))).toEqual([]);
  });

  it("cannot complete A's card payment with a correctly hashed callback on B's host", async () => {
    const form = (await send({ method: 'GET', host: a.host, cookie: a.rider.cookie, path: urlFor('/api/payments/:txnId', { txnId: a.txnId }) })).json
      ?.data as Record<string, string>;
    expect(form.txnid).toBe(a.txnId);
    const before = await snapshot(db);
    const answer = await send({
      method: 'POST',
      host: b.host,
      path: '/api/payments/payu/success',
      body: new URLSearchParams(payuAnswer(form, { salt: 'secSalt01' })).toString(),
      origin: 'https://test.payu.in',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
    });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(changedTables(before, await snapshot(db))).toEqual([]);
  });

  it("cannot take over A's push subscription by subscribing its endpoint", async () => {
    const [original] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, a.pushEndpoint));
    const answer = await send({
      method: 'POST',
      host: b.host,
      cookie: b.rider.cookie,
      path: '/api/push/subscriptions',
      body: { endpoint: a.pushEndpoint, keys: pushKeys() },
    });
    expect(answer.status).toBeLessThan(500);
    expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, a.pushEndpoint))).toEqual([original]);
  });
});

describe("operator A's sessions on B's host", () => {
  it('are refused by every signed-in route (cookie or bearer), changing nothing and showing nothing of A', async () => {
    const failures: string[] = [];
    const before = await snapshot(db);
    let checked = 0;
    for (const row of allRoutes()) {
      if (row.spec.as === 'anon') continue;
      const role = row.spec.as;
      for (const [how, auth] of [
        ['cookie', { cookie: a[role].cookie }],
        ['bearer', { cookie: undefined, headers: { authorization: `Bearer ${a[role].token}` } }],
      ] as const) {
        checked += 1;
        const answer = await send(callOn(b, b, row, { params: b, query: b, body: b }, auth));
        const name = `${row.method} ${row.path} (${how})`;
        // Routes open to guests treat the foreign session as none: auth/me answers null, chats of B's riders stay closed.
        const asGuest = row.path === '/api/auth/me' ? answer.status === 200 && answer.json?.data === null : answer.status === 403;
        if (answer.status !== 401 && !asGuest) failures.push(`${name}: ${answer.status} ${answer.text.slice(0, 160)}`);
        if (leaks(answer).length) failures.push(`${name} shows ${leaks(answer).join(', ')}`);
      }
    }
    expect(checked).toBeGreaterThan(60);
    expect(failures).toEqual([]);
    expect(changedTables(before, await snapshot(db))).toEqual([]);
  });
});
