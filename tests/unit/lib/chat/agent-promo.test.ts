import { desc, eq } from 'drizzle-orm';
import { promoCodes, promoRedemptions, rides, users } from '@/lib/db/schema';
import { createBusiness } from '@/lib/tenancy/commands';
import { handleUserMessage } from '@/lib/chat/service';
import { readState } from '@/lib/chat/state';
import { chatSessions } from '@/lib/db/schema';
import type { ChatActor } from '@/lib/chat/contract';
import type { Db } from '@/lib/db/client';
import en from '@/messages/en.json';
import hi from '@/messages/hi.json';
import { closeTestDb, openTestDb } from '../../db';

/*
 * Promo codes in the booking agents (issue 32): the rider says a code at any
 * point, the agent checks it on the chosen fare as the summary does
 * (lib/money/promos) and books with it; the refusals are the summary's own.
 */

let db: Db;
let demo: Awaited<ReturnType<typeof createBusiness>>;
let acme: Awaited<ReturnType<typeof createBusiness>>;
let rider: ChatActor;
let session = 0;

const T = en.ChatAgent;
const newSession = () => `promo-session-${String(++session).padStart(4, '0')}`;
const stateOf = async (id: string) => readState((await db.select().from(chatSessions).where(eq(chatSessions.id, id)))[0].state);
const lastRide = async () => (await db.select().from(rides).orderBy(desc(rides.id)).limit(1))[0];

function chat(chatSession: string, { locale = 'en-IN', channel = 'web' as 'web' | 'whatsapp', actor = rider } = {}) {
  return async (text: string) => (await handleUserMessage(db, { businessId: demo.id, chatSession, channel, actor, locale, text })).agent;
}

const code = (values: Partial<typeof promoCodes.$inferInsert> & { code: string }, businessId = demo.id) =>
  db.insert(promoCodes).values({ businessId, kind: 'fixed', value: 55_000, ...values });

beforeAll(async () => {
  db = await openTestDb();
  demo = await createBusiness(db, { slug: 'demo', name: 'Demo Cabs', countryCode: 'in', phone: '9000000000' });
  acme = await createBusiness(db, { slug: 'acme', name: 'Acme Travels', countryCode: 'in', phone: '9000000001' });
  const [user] = await db.insert(users).values({ businessId: demo.id, role: 'travelsx-user', name: 'Asha', phoneCode: '91', phone: '9845012345' }).returning();
  rider = { userId: user.id, role: user.role, name: user.name };
  await code({ code: 'FEST550' });
  await code({ code: 'EXPIRED1', validTo: new Date(Date.now() - 86_400_000) });
  await code({ code: 'PAUSED1', active: false });
  await code({ code: 'USEDUP1', maxUses: 1, uses: 1 });
  await code({ code: 'AIRPORT1', tripKinds: ['airport'] });
  await code({ code: 'BIGFARE1', minFare: 10_000_000 });
  await code({ code: 'ACME50' }, acme.id);
}, 60_000);
afterAll(closeTestDb);

/** A sedan from Chennai to Puducherry on the confirmation, then the code said. */
async function confirmThenCode(typed: string, options: Parameters<typeof chat>[1] = {}) {
  const id = newSession();
  const say = chat(id, options);
  await say('from Chennai to Pondicherry tomorrow 7am');
  const confirm = await say('the second one');
  if (confirm.data?.kind !== 'confirm') throw new Error('no confirm');
  return { id, say, full: confirm.data.total, reply: await say(typed) };
}

describe('promo codes in the chat agent', () => {
  it('checks a code said after the quote as its own line on the fare, and books the ride with the code and its discount', async () => {
    const { id, say, full, reply } = await confirmThenCode('  use code fest550 ');
    expect(reply.content.message).toMatch(/Promo FEST550: -₹550(\.00)?\b/);
    expect(reply.data).toMatchObject({ kind: 'confirm', vehicleType: 'sedan', total: full - 55_000 });
    expect((await stateOf(id)).promo).toBe('FEST550');
    const booked = await say('yes');
    expect(booked.data).toMatchObject({ kind: 'booked', total: full - 55_000 });
    const ride = await lastRide();
    expect(ride).toMatchObject({ promoCode: 'FEST550', discountAmount: 55_000, totalAmount: full - 55_000, source: 'chat' });
    expect(await db.select().from(promoRedemptions).where(eq(promoRedemptions.rideId, ride.id))).toHaveLength(1);
    expect((await stateOf(id)).promo).toBeUndefined();
  });

  it('keeps a code said before the trip and applies it once a vehicle is chosen', async () => {
    const say = chat(newSession());
    const saved = await say('apply coupon FEST550');
    expect(saved.content.message).toContain(T.promoSaved.replace('{code}', 'FEST550'));
    expect(saved.content.message).toContain(T.askPickup);
    expect((await say('from Chennai to Pondicherry tomorrow 7am')).data?.kind).toBe('quotes');
    const confirm = await say('the second one');
    expect(confirm.content.message).toMatch(/Promo FEST550: -₹550/);
    await say('yes');
    expect(await lastRide()).toMatchObject({ promoCode: 'FEST550', discountAmount: 55_000 });
  });

  it('takes the code in the same message as the trip', async () => {
    const say = chat(newSession());
    await say('sedan from Chennai to Pondicherry tomorrow 7am, promo FEST550');
    const confirm = await say('yes');
    expect(confirm.content.message).toMatch(/Promo FEST550: -₹550/);
  });

  it.each([
    ['EXPIRED1', 'promoExpired'],
    ['PAUSED1', 'promoPaused'],
    ['USEDUP1', 'promoExhausted'],
    ['NOPE123', 'promoUnknown'],
    ['AIRPORT1', 'promoTripKind'],
    ['BIGFARE1', 'promoMinFare'],
    ['ACME50', 'promoOtherOperator'],
  ] as const)('refuses %s with the summary’s text (%s), forgets it and books at the full fare', async (typed, key) => {
    const { id, say, full, reply } = await confirmThenCode(`use code ${typed}`);
    expect(reply.content.message).toContain(`Code ${typed}: ${en.Validation[key]}`);
    expect(reply.content.message).not.toContain('Promo ');
    expect(reply.data).toMatchObject({ kind: 'confirm', total: full });
    expect((await stateOf(id)).promo).toBeUndefined();
    await say('yes');
    expect(await lastRide()).toMatchObject({ promoCode: null, discountAmount: 0, totalAmount: full });
  });

  it('refuses in the rider’s language', async () => {
    const { reply } = await confirmThenCode('use code EXPIRED1', { locale: 'hi-IN' });
    expect(reply.content.message).toContain(hi.Validation.promoExpired);
  });

  it('says so when the last use went to someone else between the check and the yes, and books nothing', async () => {
    await code({ code: 'LAST1', maxUses: 1 });
    const { say, full, reply } = await confirmThenCode('use code LAST1');
    expect(reply.content.message).toMatch(/Promo LAST1: -₹550/);
    await db.update(promoCodes).set({ uses: 1 }).where(eq(promoCodes.code, 'LAST1'));
    const before = (await lastRide()).id;
    const refused = await say('yes');
    expect(refused.content.message).toContain(`Code LAST1: ${en.Validation.promoExhausted}`);
    expect(refused.data).toMatchObject({ kind: 'confirm', total: full });
    expect((await lastRide()).id).toBe(before);
  });
});

describe('promo codes in the console', () => {
  it('takes no code: the console books at the full fare', async () => {
    const [staff] = await db.insert(users).values({ businessId: demo.id, role: 'travelsx-partner', name: 'Desk', email: 'desk@demo.example' }).returning();
    const say = chat(newSession(), { actor: { userId: staff.id, role: staff.role, name: staff.name } });
    expect((await say('use code FEST550')).content.message).toBe(T.promoConsole);
  });
});

describe('promo codes over WhatsApp', () => {
  it('takes the code through the same agent and stores it on the WhatsApp ride', async () => {
    const { say, full, reply } = await confirmThenCode('promo fest550', { channel: 'whatsapp' });
    expect(reply.content.message).toMatch(/Promo FEST550: -₹550/);
    await say('yes');
    expect(await lastRide()).toMatchObject({ promoCode: 'FEST550', discountAmount: 55_000, totalAmount: full - 55_000, source: 'whatsapp' });
  });
});
