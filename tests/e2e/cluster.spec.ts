/**
 * Two instances on one PostgreSQL behind the shipped nginx site
 * (deploy/nginx/travelsx.conf), all started here: a throw-away PostgreSQL
 * cluster from /usr/lib/postgresql, the production build twice (instance A and
 * instance B, one DATA_DIR) and nginx (installed with apt when missing, as
 * root). What one instance does must reach clients of the other at once:
 * ride events over socket.io (its PostgreSQL adapter), page purges (NOTIFY),
 * and one conversation's turns (advisory lock) must not interleave.
 */
import { expect, test } from '@playwright/test';
import { io, type Socket } from 'socket.io-client';
import type { Cluster } from '../../bench/cluster.mjs';

// The harness is plain ESM shared with bench/rolling.mjs and bench/scale.mjs; Playwright would
// compile a static import of it to CommonJS, so it is loaded as it is.
type Harness = typeof import('../../bench/cluster.mjs');
let harness: Harness;
const apiClient: Harness['apiClient'] = (origin) => harness.apiClient(origin);
const benchTrip: Harness['benchTrip'] = () => harness.benchTrip();
const signInRider: Harness['signInRider'] = (origin, index, prefix) => harness.signInRider(origin, index, prefix);
const codeRequestOf: Harness['codeRequestOf'] = (headers) => harness.codeRequestOf(headers);

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let cluster: Cluster;
let A: string;
let B: string;
const sockets: Socket[] = [];

test.beforeAll(async () => {
  test.setTimeout(240_000);
  harness = (await import(`${process.cwd()}/bench/cluster.mjs`)) as Harness;
  const { freePort, startCluster } = harness;
  const [pgPort, nginxPort, portA, portB] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  cluster = await startCluster({
    pgPort,
    nginxPort,
    instancePorts: [portA, portB],
    env: { RATE_LIMITS: 'off', DEV_OUTBOX: '1', SMTP_URL: '' },
    dbName: 'travelsx_two',
  });
  [A, B] = cluster.origins;
});

test.afterAll(async () => {
  for (const socket of sockets) socket.close();
  await cluster?.stop();
});

type RideEvent = { id: number; from: string | null; to: string; status: string };

/** A socket.io client of `origin` signed in by `cookie`, connected (websocket, as browsers do once upgraded). */
async function connect(origin: string, cookie?: string, query?: Record<string, string>): Promise<Socket> {
  const socket = io(origin, { transports: ['websocket'], extraHeaders: cookie ? { cookie } : {}, query, reconnection: false });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  // the server joins the user's rooms after reading the session (one database read; no event says when)
  await new Promise((r) => setTimeout(r, 1_000));
  return socket;
}

function nextEvent<T>(socket: Socket, event: string, match: (payload: T) => boolean, ms = 10_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    const listener = (payload: T) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

let consoleSession: Promise<string> | undefined;
/** The demo operator's console session (one sign-in: a second code within 30 s would wait). */
const consoleSessionCookie = () => (consoleSession ??= partnerCookie(B, 'hello@meridiancabs.example'));

async function partnerCookie(origin: string, email: string): Promise<string> {
  const json = apiClient(origin);
  const sent = await json('/api/auth/otp/send', { method: 'POST', body: { userType: 'travelsx-partner', email } });
  expect(sent.status).toBe(200);
  const outbox = await json(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
  const otp = /\b(\d{6})\b/.exec(outbox.json.data[0].body)![1];
  const res = await fetch(`${origin}/api/auth/otp/verify`, {
    method: 'POST',
    // the code answers the request that asked for it (its code-request cookie)
    headers: { 'content-type': 'application/json', origin, cookie: codeRequestOf(sent.headers) },
    body: JSON.stringify({ userType: 'travelsx-partner', email, otp, feature: 'login' }),
  });
  expect(res.status).toBe(200);
  return res.headers.get('set-cookie')!.split(';')[0];
}

test('the shipped nginx site answers through both instances and upgrades socket.io to a websocket', async () => {
  const via = cluster.nginx.origin;
  const seen = new Set<string>();
  for (let i = 0; i < 6; i++) {
    const res = await fetch(`${via}/api/ready`);
    expect(res.status).toBe(200);
    seen.add((await res.json()).status);
  }
  expect([...seen]).toEqual(['ready']);
  const socket = await connect(via);
  expect(socket.io.engine.transport.name).toBe('websocket');
  // a page comes back as the app compressed it, and nginx adds no second encoding
  const page = await fetch(`${via}/in/en/blogs`, { headers: { 'accept-encoding': 'gzip' } });
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('</html>');
});

test('a rider on A books, the console on B hears it live and accepts, the rider on A hears the acceptance', async () => {
  const riderCookie = await signInRider(A, 41);
  const consoleCookie = await consoleSessionCookie();
  const rider = await connect(A, riderCookie);
  const partnerConsole = await connect(B, consoleCookie);
  // a second console through nginx (whichever instance it lands on) hears it too
  const viaNginx = await connect(cluster.nginx.origin, consoleCookie);

  const json = apiClient(A);
  const quote = await json('/api/rides/quote', { method: 'POST', body: benchTrip(), cookie: riderCookie });
  expect(quote.status).toBe(200);
  const booked = nextEvent<RideEvent>(partnerConsole, 'rideChanged', (e) => e.to === 'booked');
  const bookedViaNginx = nextEvent<RideEvent>(viaNginx, 'rideChanged', (e) => e.to === 'booked');
  const booking = await json('/api/rides', {
    method: 'POST',
    body: { rideSearchId: quote.json.data.ride_search_id, rideVehicle: 'sedan', idempotencyKey: `cluster-${Date.now()}` },
    cookie: riderCookie,
  });
  expect(booking.status, JSON.stringify(booking.json)).toBeLessThan(300);
  const rideId: number = booking.json.data[0].rideId;
  expect((await booked).id).toBe(rideId);
  expect((await bookedViaNginx).id).toBe(rideId);

  const accepted = nextEvent<RideEvent>(rider, 'rideChanged', (e) => e.id === rideId && e.to === 'accepted');
  const onB = apiClient(B);
  const fleet = await onB('/api/partner/rides/assignable', { cookie: consoleCookie });
  expect(fleet.status).toBe(200);
  const { drivers, vehicles } = fleet.json.data as { drivers: { id: number }[]; vehicles: { id: number }[] };
  const accept = await onB(`/api/partner/rides/${rideId}`, {
    method: 'POST',
    body: { action: 'accept', driverId: drivers[0].id, vehicleId: vehicles[0].id },
    cookie: consoleCookie,
  });
  expect(accept.status, JSON.stringify(accept.json)).toBe(200);
  expect(await accepted).toMatchObject({ id: rideId, from: 'booked', to: 'accepted' });
});

test('a post published on A is fresh on B at once (its cached copy there is purged)', async () => {
  const consoleCookie = await consoleSessionCookie();
  // B holds the blog list in its front door's cache
  await fetch(`${B}/in/en/blogs`);
  const cached = await fetch(`${B}/in/en/blogs`);
  expect(cached.headers.get('x-page-cache')).toBe('HIT');

  const title = `Two instances, one answer ${Date.now()}`;
  const slug = `two-instances-${Date.now()}`;
  const published = await apiClient(A)('/api/blog', {
    method: 'POST',
    cookie: consoleCookie,
    body: {
      title,
      slug,
      keywords: 'taxi, airport',
      description: `<p>${'A ride from the airport to the city, booked in a minute and paid at the end. '.repeat(3)}</p>`,
      image: 'https://images.example.com/airport.jpg',
    },
  });
  expect(published.status, JSON.stringify(published.json)).toBe(201);
  const publishedAt = Date.now();
  let fresh = '';
  await expect
    .poll(
      async () => {
        fresh = await (await fetch(`${B}/in/en/blogs`)).text();
        return fresh.includes(title);
        // within a fraction of a second on a quiet machine (the notice, then B renders the list once); the
        // bound allows for a machine shared with other builds, far below the 5-minute revalidate time that
        // would serve the stale copy without the notice
      },
      { timeout: 5_000, intervals: [0, 25, 50, 100] },
    )
    .toBe(true);
  const ms = Date.now() - publishedAt;
  test.info().annotations.push({ type: 'fresh on B after', description: `${ms} ms` });
  expect((await fetch(`${B}/in/en/blog/${slug}`)).status).toBe(200);
});

test('two messages of one conversation sent at the same moment through A and B are answered in order', async () => {
  const chatSession = `cluster-chat-${Date.now()}`;
  // a chat socket on B hears the replies of turns that A handles
  const listener = await connect(B, undefined, { chatSession });
  const replies: { id: number }[] = [];
  listener.on('agentMessage', (m: { id: number }) => replies.push(m));

  const send = (origin: string, text: string) => apiClient(origin)('/api/chat/message', { method: 'POST', body: { chatSession, text, locale: 'en-IN' } });
  const [first, second] = await Promise.all([send(A, 'Sedan one-way from Chennai to Bangalore'), send(B, 'tomorrow at 8 PM')]);
  expect(first.status, JSON.stringify(first.json)).toBe(200);
  expect(second.status, JSON.stringify(second.json)).toBe(200);

  const history = await apiClient(A)(`/api/chat/history?chat_session=${chatSession}`);
  const roles = (history.json.data as { role: string; id: number }[]).map((m) => m.role);
  // one turn, then the other: never both questions before both answers
  expect(roles).toEqual(['user', 'agent', 'user', 'agent']);
  const turns = [first.json.data, second.json.data] as { user: { id: number }; agent: { id: number } }[];
  turns.sort((x, y) => x.user.id - y.user.id);
  expect(turns[0].agent.id).toBeLessThan(turns[1].user.id);
  await expect.poll(() => replies.length).toBe(2);
});
