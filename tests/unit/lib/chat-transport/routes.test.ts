import { NextRequest } from 'next/server';
import { sql } from 'drizzle-orm';
import { callApi } from '../../api';
import { createSession } from '@/lib/auth/session';
import { chatMessages, rides, users } from '@/lib/db/schema';
import { CLIENT_IP_HEADER } from '@/lib/http/client-ip';
import { LIMITS } from '@/lib/limits/requests';
import { createBusiness } from '@/lib/tenancy/commands';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../../db';

const historyGet = callApi;
const historyPut = callApi;
const messagePost = callApi;
const aiRidePost = callApi;

const HOST = 'localhost:3000';
const ctx = { params: Promise.resolve({}) };
let db: Db;
let asha: { id: number; cookie: string };
let ravi: { id: number; cookie: string };

beforeAll(async () => {
  db = await openTestDb();
  clearTenantCache();
  const demo = await createBusiness(db, { slug: 'demo', name: 'Demo Cabs', countryCode: 'in', phone: '9000000000' });
  await createBusiness(db, { slug: 'acme', name: 'Acme Travels', countryCode: 'ae' });
  const rider = async (phone: string, name: string) => {
    const [user] = await db.insert(users).values({ businessId: demo.id, role: 'travelsx-user', name, phoneCode: '91', phone }).returning();
    return { id: user.id, cookie: `__Host-session=${await createSession(db, user)}` };
  };
  asha = await rider('9845011111', 'Asha');
  ravi = await rider('9845022222', 'Ravi');
});
afterAll(closeTestDb);

type Init = { body?: unknown; cookie?: string; host?: string; origin?: string | null; ip?: string };
function request(method: string, path: string, { body, cookie, host = HOST, origin = `http://${host}`, ip }: Init = {}) {
  const headers: Record<string, string> = { host, 'content-type': 'application/json' };
  if (cookie) headers.cookie = cookie;
  if (ip) headers[CLIENT_IP_HEADER] = ip;
  if (origin) headers.origin = origin;
  return new NextRequest(`http://${host}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}
async function call(handler: (req: NextRequest, c: typeof ctx) => Promise<Response>, req: NextRequest) {
  const res = await handler(req, ctx);
  return { status: res.status, json: await res.json() };
}
const send = (body: unknown, init: Init = {}) => call(messagePost, request('POST', '/api/chat/message', { ...init, body }));
const history = (chatSession: string, init: Init = {}) =>
  call(historyGet, request('GET', `/api/chat/history?chat_session=${encodeURIComponent(chatSession)}`, init));
const storedCount = async () => Number((await db.select({ n: sql<number>`count(*)` }).from(chatMessages))[0].n);
const rideCount = async () => Number((await db.select({ n: sql<number>`count(*)` }).from(rides))[0].n);

describe('POST /api/chat/message (the HTTP fallback)', () => {
  it('runs one agent turn for a signed-in rider and stores both messages', async () => {
    const session = `${asha.id}-fallback01`;
    const { status, json } = await send({ chatSession: session, text: '  Book a sedan from Chennai to Bangalore  ', locale: 'en-IN' }, { cookie: asha.cookie });
    expect(status).toBe(200);
    expect(json.data.user).toMatchObject({ role: 'user', chatSession: session, content: { message: 'Book a sedan from Chennai to Bangalore' } });
    expect(json.data.agent).toMatchObject({ role: 'agent', chatSession: session });
    expect(json.data.agent.content.message.length).toBeGreaterThan(0);
    expect(json.data.agent.id).toBeGreaterThan(json.data.user.id);
    expect(new Date(json.data.agent.content.createIsoTime).toISOString()).toBe(json.data.agent.content.createIsoTime);
  });

  it('answers a signed-out sender through the agent (no exception, no booking)', async () => {
    const { status, json } = await send({ chatSession: 'guest-fallback02', text: 'hello', locale: 'en-IN' });
    expect(status).toBe(200);
    expect(json.data.agent.content.message.length).toBeGreaterThan(0);
  });

  it.each([
    ['a blank message', { chatSession: 'guest-badinput', text: '   ', locale: 'en-IN' }, 'text'],
    ['a 10,000-character message', { chatSession: 'guest-badinput', text: 'a'.repeat(10_000), locale: 'en-IN' }, 'text'],
    ['a malformed session id', { chatSession: 'x y', text: 'hi', locale: 'en-IN' }, 'chatSession'],
    ['an unknown locale', { chatSession: 'guest-badinput', text: 'hi', locale: 'xx-YY' }, 'locale'],
  ])('refuses %s with a 400 naming the field, storing nothing', async (_, body, field) => {
    const before = await storedCount();
    const { status, json } = await send(body);
    expect(status).toBe(400);
    expect(json.error.field).toBe(field);
    expect(await storedCount()).toBe(before);
  });

  it('treats a script-laden message as text', async () => {
    const { status, json } = await send(
      { chatSession: `${asha.id}-scripted01`, text: '<script>alert(1)</script> from <b>Chennai</b>', locale: 'en-IN' },
      { cookie: asha.cookie },
    );
    expect(status).toBe(200);
    expect(json.data.user.content.message).toBe('<script>alert(1)</script> from <b>Chennai</b>');
    expect(json.data.agent.content.message.length).toBeGreaterThan(0);
  });

  it("refuses another rider's conversation, a WhatsApp conversation and a cross-site post, storing nothing", async () => {
    const session = `${asha.id}-private01`;
    await send({ chatSession: session, text: 'hello', locale: 'en-IN' }, { cookie: asha.cookie });
    const before = await storedCount();
    expect((await send({ chatSession: session, text: 'hi', locale: 'en-IN' }, { cookie: ravi.cookie })).status).toBe(403);
    expect((await send({ chatSession: session, text: 'hi', locale: 'en-IN' })).status).toBe(403);
    expect((await send({ chatSession: 'wa-919845011111', text: 'hi', locale: 'en-IN' }, { cookie: asha.cookie })).status).toBe(403);
    expect((await send({ chatSession: session, text: 'hi', locale: 'en-IN' }, { cookie: asha.cookie, origin: 'https://evil.example' })).status).toBe(403);
    expect(await storedCount()).toBe(before);
  });
});

describe('a signed-out visitor (docs/requirements/rider.md#booking-by-chat)', () => {
  const say = (chatSession: string, text: string, init: Init = {}) => send({ chatSession, text, locale: 'en-IN' }, init);

  it('gets fares without signing in, is asked to sign in at the yes, and books in the same conversation once signed in', async () => {
    const guest = 'guest-k3v9q2m8x1p7w4z6';
    const quoted = await say(guest, 'sedan from Chennai to Bangalore tomorrow 8 PM');
    expect(quoted.status).toBe(200);
    expect(quoted.json.data.agent.data).toMatchObject({ kind: 'quotes', currency: 'INR' });
    expect(quoted.json.data.agent.data.options.length).toBeGreaterThan(1);
    expect((await say(guest, 'yes')).json.data.agent.data.kind).toBe('confirm');
    const before = await rideCount();
    expect((await say(guest, 'yes')).json.data.agent.data).toEqual({ kind: 'signin' });
    expect(await rideCount()).toBe(before);

    const booked = await say(guest, 'yes', { cookie: asha.cookie });
    expect(booked.json.data.agent.data).toMatchObject({ kind: 'booked' });
    expect(await rideCount()).toBe(before + 1);
    const own = await history(guest, { cookie: asha.cookie });
    expect(own.json.data.map((m: { role: string }) => m.role)).toEqual(['user', 'agent', 'user', 'agent', 'user', 'agent', 'user', 'agent']);
  });

  it("keeps a visitor's conversation from other visitors: signed out or signed in as someone else, once a rider has it, and on another operator's host", async () => {
    const guest = 'guest-r8t2y6u0i4o1p5a9';
    await say(guest, 'Chennai to Madurai tomorrow 6 AM');
    expect((await history('guest-s7d3f9g1h5j2k8l4')).json.data).toEqual([]);
    expect((await history(guest, { host: 'acme.localhost:3000' })).status).toBe(403);
    expect((await say(guest, 'hi', { host: 'acme.localhost:3000' })).status).toBe(403);
    await say(guest, 'hello', { cookie: ravi.cookie });
    const before = await storedCount();
    expect((await history(guest)).status).toBe(403);
    expect((await say(guest, 'hi')).status).toBe(403);
    expect((await history(guest, { cookie: asha.cookie })).status).toBe(403);
    expect(await storedCount()).toBe(before);
  });

  it(`is held to the chat limits: turn ${LIMITS.chatPerSession.max + 1} of one signed-out conversation is refused (429 rate_limited), nothing stored`, async () => {
    const guest = 'guest-z1x2c3v4b5n6m7q8';
    const ip = '203.0.113.77';
    for (let turn = 0; turn < LIMITS.chatPerSession.max; turn++) expect((await say(guest, 'hello', { ip })).status).toBe(200);
    const before = await storedCount();
    const refused = await say(guest, 'hello', { ip });
    expect([refused.status, refused.json.error.code]).toEqual([429, 'rate_limited']);
    expect(await storedCount()).toBe(before);
  }, 60_000);
});

describe('GET /api/chat/history', () => {
  const session = () => `${asha.id}-history01`;
  beforeAll(async () => {
    await send({ chatSession: session(), text: 'Book a cab from Chennai to Bangalore', locale: 'en-IN' }, { cookie: asha.cookie });
    await send({ chatSession: session(), text: 'tomorrow at 8 pm', locale: 'en-IN' }, { cookie: asha.cookie });
  });

  it("returns the conversation oldest first in the spec's message shape", async () => {
    const { status, json } = await history(session(), { cookie: asha.cookie });
    expect(status).toBe(200);
    expect(json.data.map((m: { role: string }) => m.role)).toEqual(['user', 'agent', 'user', 'agent']);
    expect(json.data[0]).toMatchObject({
      role: 'user',
      chatSession: session(),
      content: { message: 'Book a cab from Chennai to Bangalore', createIsoTime: expect.any(String) },
    });
    const ids = json.data.map((m: { id: number }) => m.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });

  it('is empty for a conversation that does not exist yet', async () => {
    expect(await history('guest-nothing-here')).toEqual({ status: 200, json: { data: [] } });
  });

  it("refuses another rider, a signed-out caller and another tenant's host", async () => {
    expect((await history(session(), { cookie: ravi.cookie })).status).toBe(403);
    expect((await history(session())).status).toBe(403);
    expect((await history(session(), { cookie: asha.cookie, host: 'acme.localhost:3000' })).status).toBe(403);
  });

  it('refuses a malformed id with 400', async () => {
    expect((await history('bad id')).status).toBe(400);
  });
});

describe('PUT /api/chat/history', () => {
  const session = () => `${asha.id}-history01`;
  const put = (body: unknown, init: Init = {}) => call(historyPut, request('PUT', '/api/chat/history', { ...init, body }));

  it('answers the stored list and the positions it never saw, writing nothing', async () => {
    const stored = (await history(session(), { cookie: asha.cookie })).json.data;
    const before = await storedCount();
    const shown = [
      ...stored.slice(0, 2),
      { role: 'user', content: { message: 'typed offline', createIsoTime: new Date().toISOString() } },
      { id: 999_999, role: 'agent', content: { message: 'made up' } },
    ];
    const { status, json } = await put({ chatSession: session(), messages: shown }, { cookie: asha.cookie });
    expect(status).toBe(200);
    expect(json.data).toEqual(stored);
    expect(json.unknown).toEqual([2, 3]);
    expect(await storedCount()).toBe(before);
  });

  it('needs a session and the caller must own the conversation', async () => {
    expect((await put({ chatSession: session(), messages: [] })).status).toBe(401);
    expect((await put({ chatSession: session(), messages: [] }, { cookie: ravi.cookie })).status).toBe(403);
    expect((await put({ chatSession: 'guest-fallback02', messages: [] }, { cookie: ravi.cookie })).status).toBe(403);
  });

  it('refuses a cross-site put', async () => {
    expect((await put({ chatSession: session(), messages: [] }, { cookie: asha.cookie, origin: 'https://evil.example' })).status).toBe(403);
  });
});

describe('POST /api/ai/ride', () => {
  const payload = (chatId: string, prompt: string) => ({
    prompt,
    chatId,
    lpId: 0,
    userId: 424242,
    userType: 'travelsx-user',
    firstName: 'Someone Else',
    countryCode: '91',
    phoneNumber: '9999999999',
    businessName: 'Demo Cabs',
    createIsoTime: new Date().toISOString(),
    createUxTime: Math.floor(Date.now() / 1000),
    source: 'web',
  });

  it('answers {data} with the agent reply for the caller of the session, not the ids in the payload', async () => {
    const chatId = `${asha.id}-aiRide0001`;
    const { status, json } = await call(
      aiRidePost,
      request('POST', '/api/ai/ride', { body: payload(chatId, 'Book a sedan from Chennai to Bangalore tomorrow at 8 PM'), cookie: asha.cookie }),
    );
    expect(status).toBe(200);
    expect(typeof json.data).toBe('string');
    expect(json.data.length).toBeGreaterThan(0);
    expect(json.message).toMatchObject({ role: 'agent', chatSession: chatId, content: { message: json.data } });
    expect((await history(chatId, { cookie: asha.cookie })).json.data).toHaveLength(2);
  });

  it("refuses a bad chatId with 400 and another rider's chatId with 403", async () => {
    expect((await call(aiRidePost, request('POST', '/api/ai/ride', { body: payload('no', 'hi'), cookie: asha.cookie }))).status).toBe(400);
    expect((await call(aiRidePost, request('POST', '/api/ai/ride', { body: payload(`${asha.id}-aiRide0001`, 'hi'), cookie: ravi.cookie }))).status).toBe(403);
  });
});
