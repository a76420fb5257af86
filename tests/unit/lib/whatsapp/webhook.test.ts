import { NextRequest } from 'next/server';
import { and, eq, sql } from 'drizzle-orm';
import { callApi } from '../../api';
import { chatMessages, rides, users, whatsappInbound } from '@/lib/db/schema';
import { resetEnvForTests } from '@/lib/env';
import { transitionRide } from '@/lib/rides/lifecycle';
import { createBusiness } from '@/lib/tenancy/commands';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import { backgroundIdle } from '@/lib/whatsapp/background';
import { watchWhatsAppRides } from '@/lib/whatsapp/ride-updates';
import { signBody } from '@/lib/whatsapp/signature';
import type { Db } from '@/lib/db/client';
import en from '@/messages/en.json';
import { closeTestDb, openTestDb } from '../../db';
import { startGraphStandIn, type GraphCall } from './graph-stand-in';

const GET = callApi;
const POST = callApi;

const SECRET = 'app-secret-for-tests';
const VERIFY = 'verify-me-please';
const PHONE_ID = '109876543210';
const TOKEN = 'graph-token';
const SENDER = '919845012345';
const URL_BASE = 'http://localhost:3000/api/whatsapp/webhook';

let db: Db;
let graph: Awaited<ReturnType<typeof startGraphStandIn>>;
let businessId: number;
let stopWatching: () => void;
let nextId = 0;

const ctx = { params: Promise.resolve({}) };

function configure(on: boolean) {
  const vars = {
    WHATSAPP_TOKEN: TOKEN,
    WHATSAPP_APP_SECRET: SECRET,
    WHATSAPP_VERIFY_TOKEN: VERIFY,
    WHATSAPP_PHONE_NUMBER_ID: PHONE_ID,
    WHATSAPP_API_BASE: graph.base,
  };
  for (const [key, value] of Object.entries(vars)) {
    if (on) process.env[key] = value;
    else delete process.env[key];
  }
  resetEnvForTests();
}

beforeAll(async () => {
  db = await openTestDb();
  clearTenantCache();
  graph = await startGraphStandIn();
  configure(true);
  businessId = (await createBusiness(db, { slug: 'demo', name: 'Demo Cabs', countryCode: 'in', phone: '9000000000' })).id;
  stopWatching = watchWhatsAppRides();
});

afterAll(async () => {
  stopWatching();
  await backgroundIdle();
  configure(false);
  await graph.close();
  await closeTestDb();
});

const payload = (id: string, text: string, from = SENDER) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: 'WABA-1',
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '15550001111', phone_number_id: PHONE_ID },
            contacts: [{ wa_id: from, profile: { name: 'Asha Raman' } }],
            messages: [{ from, id, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: text } }],
          },
        },
      ],
    },
  ],
});

function post(body: unknown, signature: string | null = 'good') {
  const raw = JSON.stringify(body);
  const headers: Record<string, string> = { host: 'localhost:3000', 'content-type': 'application/json' };
  if (signature === 'good') headers['x-hub-signature-256'] = signBody(raw, SECRET);
  else if (signature) headers['x-hub-signature-256'] = signature;
  return POST(new NextRequest(URL_BASE, { method: 'POST', body: raw, headers }), ctx);
}

const verify = (query: string) => GET(new NextRequest(`${URL_BASE}?${query}`, { headers: { host: 'localhost:3000' } }), ctx);
const inboundCount = async () => Number((await db.select({ n: sql<number>`count(*)` }).from(whatsappInbound))[0].n);
const repliesTo = (phone: string): GraphCall[] => graph.calls.filter((c) => c.body.to === phone);

/** Sends one text as a fresh WhatsApp message (`times` deliveries of the same id) and waits for the work to finish. */
async function say(text: string, times = 1, from = SENDER): Promise<string> {
  const id = `wamid.test.${++nextId}`;
  const answers = await Promise.all(Array.from({ length: times }, () => post(payload(id, text, from))));
  expect(answers.map((a) => a.status)).toEqual(Array(times).fill(200));
  await backgroundIdle();
  return id;
}

async function lastAgentData(phone = SENDER) {
  const [row] = await db
    .select({ data: chatMessages.data })
    .from(chatMessages)
    .where(and(eq(chatMessages.sessionId, `wa-${phone}`), eq(chatMessages.role, 'agent')))
    .orderBy(sql`${chatMessages.id} desc`)
    .limit(1);
  return row?.data as { kind?: string; rideId?: number } | null | undefined;
}

describe('verification handshake', () => {
  it('answers hub.challenge when the verify token matches', async () => {
    const res = await verify(`hub.mode=subscribe&hub.verify_token=${VERIFY}&hub.challenge=1158201444`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('1158201444');
  });

  it('refuses a wrong verify token with 403', async () => {
    const res = await verify('hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1158201444');
    expect(res.status).toBe(403);
    expect(await res.text()).not.toContain('1158201444');
  });

  it('answers 404 while WhatsApp is not configured', async () => {
    configure(false);
    try {
      expect((await verify(`hub.mode=subscribe&hub.verify_token=${VERIFY}&hub.challenge=1`)).status).toBe(404);
      expect((await post(payload('wamid.unconfigured', 'hi'))).status).toBe(404);
    } finally {
      configure(true);
    }
  });
});

describe('signature', () => {
  it.each([
    ['missing', null],
    ['not hex', 'sha256=zz'],
    ['signed with another secret', signBody(JSON.stringify(payload('wamid.bad', 'Book a taxi')), 'wrong-secret')],
    ['without the sha256= prefix', signBody(JSON.stringify(payload('wamid.bad', 'Book a taxi')), SECRET).slice(7)],
  ])('refuses a %s signature with 401 and processes nothing', async (_, signature) => {
    const before = { inbound: await inboundCount(), calls: graph.calls.length };
    const res = await post(payload('wamid.bad', 'Book a taxi'), signature);
    expect(res.status).toBe(401);
    await backgroundIdle();
    expect(await inboundCount()).toBe(before.inbound);
    expect(graph.calls.length).toBe(before.calls);
  });

  it('refuses a body changed after signing', async () => {
    const raw = JSON.stringify(payload('wamid.tampered', 'Book a taxi'));
    const res = await POST(
      new NextRequest(URL_BASE, {
        method: 'POST',
        body: raw.replace('Book a taxi', 'Cancel my ride'),
        headers: { host: 'localhost:3000', 'x-hub-signature-256': signBody(raw, SECRET) },
      }),
      ctx,
    );
    expect(res.status).toBe(401);
  });
});

describe('messages', () => {
  it('answers a signed message once through the Graph API, as the rider account of the phone', async () => {
    const before = graph.calls.length;
    await say('hello');
    const sent = graph.calls.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      path: `/v21.0/${PHONE_ID}/messages`,
      authorization: `Bearer ${TOKEN}`,
      body: { to: SENDER, type: 'text', messaging_product: 'whatsapp' },
    });
    expect(sent[0].body.text.body.trim().length).toBeGreaterThan(0);
    const [rider] = await db
      .select()
      .from(users)
      .where(and(eq(users.businessId, businessId), eq(users.phone, '9845012345')));
    expect(rider).toMatchObject({ role: 'travelsx-user', phoneCode: '91', name: 'Asha Raman' });
  });

  it('drops redeliveries of one message id: three deliveries, one reply', async () => {
    const before = repliesTo(SENDER).length;
    await say('hi', 3);
    expect(repliesTo(SENDER).length).toBe(before + 1);
  });

  it('answers a non-text message with a text-only note', async () => {
    const before = repliesTo(SENDER).length;
    const body = payload('wamid.image', 'x');
    const message = body.entry[0].changes[0].value.messages[0] as Record<string, unknown>;
    message.type = 'image';
    delete message.text;
    expect((await post(body)).status).toBe(200);
    await backgroundIdle();
    expect(
      repliesTo(SENDER)
        .slice(before)
        .map((c) => c.body.text.body),
    ).toEqual(['I can read text messages only. Please type where and when you want to go.']);
  });

  it('answers a message over 2,000 characters with a clear refusal, storing nothing for the agent', async () => {
    const before = repliesTo(SENDER).length;
    await say('Chennai '.repeat(1250));
    expect(
      repliesTo(SENDER)
        .slice(before)
        .map((c) => c.body.text.body),
    ).toEqual(['That message is too long for me. Please send at most 2,000 characters.']);
  });

  it('ignores status callbacks and malformed entries with 200', async () => {
    const before = graph.calls.length;
    const statuses = {
      object: 'whatsapp_business_account',
      entry: [{ changes: [{ field: 'messages', value: { statuses: [{ id: 'wamid.out.1', status: 'delivered' }] } }] }],
    };
    expect((await post(statuses)).status).toBe(200);
    expect(
      (await post({ object: 'whatsapp_business_account', entry: [{ changes: [{ value: { messages: [{ id: 'x', from: 'not-a-phone' }] } }] }] })).status,
    ).toBe(200);
    await backgroundIdle();
    expect(graph.calls.length).toBe(before);
  });

  it('asks for the flight of an airport pickup, as the web chat does, and books nothing yet', async () => {
    const phone = '919845088888';
    await say('from Chennai airport to Tambaram at 2 pm tomorrow', 1, phone);
    expect(repliesTo(phone).map((c) => c.body.text.body)).toEqual([en.ChatAgent.askFlight]);
    expect(await lastAgentData(phone)).toBeNull();
  });

  it('books once when the confirming message is delivered three times, and sends later status changes back', async () => {
    const phone = '919845099999';
    const riderRides = async () => {
      const [rider] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.businessId, businessId), eq(users.phone, '9845099999')));
      return rider ? db.select().from(rides).where(eq(rides.riderId, rider.id)) : [];
    };
    let deliveries = 0;
    await say('Book a non-AC sedan one-way from Chennai to Bangalore tomorrow at 8 PM', 1, phone);
    deliveries++;
    for (let turn = 0; turn < 6; turn++) {
      const data = await lastAgentData(phone);
      if (data?.kind === 'booked') break;
      if (data?.kind === 'confirm') await say('yes', 3, phone);
      else if (data?.kind === 'quotes') await say('sedan', 1, phone);
      else await say('tomorrow at 8 pm', 1, phone);
      deliveries++;
    }
    const booked = await lastAgentData(phone);
    expect(booked?.kind).toBe('booked');
    expect(repliesTo(phone)).toHaveLength(deliveries);
    const made = await riderRides();
    expect(made).toHaveLength(1);
    expect(made[0].id).toBe(booked?.rideId);

    await transitionRide(db, { businessId, rideId: made[0].id, to: 'cancelled', actorUserId: null, cancelledBy: 'partner', reason: 'No driver' });
    for (let i = 0; i < 50 && repliesTo(phone).length === deliveries; i++) await new Promise((r) => setTimeout(r, 20));
    const update = repliesTo(phone).at(-1)!;
    expect(update.body.text.body).toBe(`Demo Cabs: your ride #${made[0].id} has been cancelled.`);
  });
});
