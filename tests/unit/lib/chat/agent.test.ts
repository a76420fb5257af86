import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { businesses, chatSessions, promoCodes, rateCards, rides, users } from '@/lib/db/schema';
import { updateRateCard } from '@/lib/fares/rate-cards';
import { createBusiness } from '@/lib/tenancy/commands';
import { runBuiltInAgent } from '@/lib/chat/agent';
import { chatHistory, createRideFromPrompt, handleUserMessage } from '@/lib/chat/service';
import { readState } from '@/lib/chat/state';
import { bookTool } from '@/lib/chat/tools';
import type { ChatActor } from '@/lib/chat/contract';
import { DomainError } from '@/lib/errors/domain-error';
import { resetEnvForTests } from '@/lib/env';
import { setFreeSpaceForTests } from '@/lib/db/free-space';
import { logger } from '@/lib/log';
import type { Db } from '@/lib/db/client';
import en from '@/messages/en.json';
import { closeTestDb, openTestDb } from '../../db';

let db: Db;
let demo: Awaited<ReturnType<typeof createBusiness>>;
let acme: Awaited<ReturnType<typeof createBusiness>>;
let rider: ChatActor;
let session = 0;

const T = en.ChatAgent;
const newSession = () => `test-session-${String(++session).padStart(4, '0')}`;
const rideCount = async () => Number((await db.select({ n: sql<number>`count(*)` }).from(rides))[0].n);
const stateOf = async (id: string) => readState((await db.select().from(chatSessions).where(eq(chatSessions.id, id)))[0].state);

function chat(chatSession: string, actor: ChatActor = rider, locale = 'en-IN') {
  return async (text: string) => (await handleUserMessage(db, { businessId: demo.id, chatSession, channel: 'web', actor, locale, text })).agent;
}

beforeAll(async () => {
  db = await openTestDb();
  demo = await createBusiness(db, { slug: 'demo', name: 'Demo Cabs', countryCode: 'in', phone: '9000000000' });
  acme = await createBusiness(db, { slug: 'acme', name: 'Acme Travels', countryCode: 'ae' });
  const [user] = await db.insert(users).values({ businessId: demo.id, role: 'travelsx-user', name: 'Asha', phoneCode: '91', phone: '9845012345' }).returning();
  rider = { userId: user.id, role: user.role, name: user.name };
}, 60_000);
afterAll(closeTestDb);

describe('built-in agent', () => {
  it("quotes the spec's sample request straight away", async () => {
    const id = newSession();
    const say = chat(id);
    const reply = await say('non-AC sedan one-way from Chennai to Bangalore at 8 PM');
    expect(reply.role).toBe('agent');
    expect(reply.data).toMatchObject({ kind: 'quotes', currency: 'INR' });
    if (reply.data?.kind !== 'quotes') throw new Error('no quotes');
    expect(reply.data.options.map((o) => o.vehicleType)).toEqual(['hatchback', 'sedan', 'suv', 'electric', 'luxury']);
    for (const o of reply.data.options) expect(o.total).toBe(o.rideAmount + o.driverBata + o.tolls);
    expect(reply.content.message).toContain('Chennai → Bengaluru');
    // this operator offers no non-AC sedan: said so, with the AC fare, never the AC price as non-AC
    const sedan = reply.data.options.find((o) => o.vehicleType === 'sedan')!;
    expect(reply.content.message).toContain('There is no non-AC Sedan for this trip. The Sedan with AC is ₹');
    expect(reply.content.message).not.toContain('Sedan (non-AC)');
    // "yes" now picks the AC sedan
    expect((await stateOf(id)).slots).toMatchObject({ vehicleType: 'sedan' });
    expect((await stateOf(id)).slots.ac).toBeUndefined();
    expect(sedan.nonAc).toBeUndefined();
  });

  it('picks the non-AC sedan at its own, lower fare where the operator offers one, and books it', async () => {
    const [card] = await db
      .select()
      .from(rateCards)
      .where(and(eq(rateCards.businessId, demo.id), eq(rateCards.vehicleType, 'sedan')));
    const { id: _i, businessId: _b, vehicleType: _v, updatedAt: _u, ...values } = card;
    await updateRateCard(db, demo.id, 'sedan', { ...values, nonAcDiscountBps: 1000 });
    try {
      const say = chat(newSession());
      const reply = await say('non-AC sedan one-way from Chennai to Bangalore at 8 PM');
      if (reply.data?.kind !== 'quotes') throw new Error('no quotes');
      const sedans = reply.data.options.filter((o) => o.vehicleType === 'sedan');
      expect(sedans.map((o) => Boolean(o.nonAc))).toEqual([false, true]);
      const [ac, nonAc] = sedans;
      expect(nonAc.total).toBeLessThan(ac.total);
      expect(reply.content.message).toContain('You asked for a Sedan (non-AC)');
      const confirm = await say('yes');
      expect(confirm.data).toMatchObject({ kind: 'confirm', vehicleType: 'sedan', total: nonAc.total });
      expect(confirm.content.message).toContain('Sedan (non-AC)');
      const booked = await say('yes');
      if (booked.data?.kind !== 'booked') throw new Error('not booked');
      const [ride] = await db
        .select()
        .from(rides)
        .where(and(eq(rides.businessId, demo.id), eq(rides.number, booked.data.rideId)));
      expect(ride).toMatchObject({ vehicleType: 'sedan', totalAmount: nonAc.total });
      expect(ride.fareBreakdown.nonAcBps).toBe(1000);
      // "non-AC" said at the confirmation of the AC sedan: the non-AC fare is confirmed instead
      const other = chat(newSession());
      await other('sedan one-way from Chennai to Bangalore at 8 PM');
      expect(await other('yes')).toMatchObject({ data: { kind: 'confirm', total: ac.total } });
      expect(await other('non-AC please')).toMatchObject({ data: { kind: 'confirm', total: nonAc.total } });
    } finally {
      await updateRateCard(db, demo.id, 'sedan', { ...values, nonAcDiscountBps: null });
    }
  });

  it('asks for what is missing, one thing at a time', async () => {
    const say = chat(newSession());
    expect((await say('I need a sedan to Mysore')).content.message).toBe(T.askPickup);
    const when = await say('Bangalor');
    expect(when.content.message).toContain(T.askWhen);
    expect(when.content.message).toContain('Bengaluru → Mysore');
    expect((await say('tomorrow 6am')).data?.kind).toBe('quotes');
  });

  it('asks for the return time of a round trip and refuses a return before the pickup', async () => {
    const id = newSession();
    const say = chat(id);
    expect((await say('round trip from Chennai to Vellore tomorrow 6 pm')).content.message).toBe(T.askReturn);
    const refused = await say('tomorrow 8 am');
    expect(refused.content.message).toContain('The return has to be after the pickup');
    expect(refused.data).toBeUndefined();
    expect((await say('day after tomorrow 8 pm')).data?.kind).toBe('quotes');
    expect((await stateOf(id)).slots).toMatchObject({ rideType: 'return', returnTime: '20:00' });
  });

  it('accepts corrections of place, time and vehicle', async () => {
    const id = newSession();
    const say = chat(id);
    await say('SUV from Chennai to Vellore tomorrow 9am');
    const moved = await say('no, from Bangalore');
    expect(moved.data?.kind).toBe('quotes');
    expect(moved.content.message).toContain('Bengaluru → Vellore');
    await say('change the time to 9 pm');
    expect((await stateOf(id)).slots).toMatchObject({ pickupTime: '21:00', vehicleType: 'suv' });
    const confirm = await say('actually make it a sedan');
    expect(confirm.data).toMatchObject({ kind: 'confirm', vehicleType: 'sedan' });
  });

  it('books exactly one ride after pick and yes; a second yes books nothing', async () => {
    const id = newSession();
    const say = chat(id);
    await say('from Chennai to Pondicherry tomorrow 7am');
    const confirm = await say('the second one');
    expect(confirm.data).toMatchObject({ kind: 'confirm', vehicleType: 'sedan' });
    if (confirm.data?.kind !== 'confirm') throw new Error('no confirm');
    expect(confirm.data.summary).toContain('Chennai → Puducherry');
    const before = await rideCount();
    const booked = await say('yes');
    expect(booked.data).toMatchObject({ kind: 'booked', currency: 'INR', total: confirm.data.total });
    expect(await rideCount()).toBe(before + 1);
    const again = await say('yes');
    expect(again.data).toBeUndefined();
    expect(again.content.message).toContain('already booked');
    expect(await rideCount()).toBe(before + 1);
    const state = await stateOf(id);
    const repeat = await bookTool({ db, tenant: demo, actor: rider, sessionId: id, channel: 'web' }, { quoteId: state.quote!.id, vehicleType: 'sedan' });
    expect(repeat).toMatchObject({ ok: true, created: false });
    expect(await rideCount()).toBe(before + 1);
  });

  // PGlite only: on PostgreSQL the disk floor does not apply (tests/unit/lib/rides/booking.test.ts proves both)
  (process.env.TEST_DATABASE_URL ? it.skip : it)(
    "says bookings are paused, booking nothing, while the server's disk is low (BOOKING_MIN_FREE_MB)",
    async () => {
      const say = chat(newSession());
      await say('from Chennai to Pondicherry tomorrow 7am');
      await say('the second one');
      const before = await rideCount();
      setFreeSpaceForTests(async () => 100 * 1024 * 1024);
      try {
        const paused = await say('yes');
        expect(paused.data).toBeUndefined();
        expect(paused.content.message).toBe(T.bookingsPaused);
      } finally {
        setFreeSpaceForTests();
      }
      expect(await rideCount()).toBe(before);
      expect((await say('yes')).data).toMatchObject({ kind: 'booked' });
    },
  );

  it('never books without a signed-in rider and keeps the conversation for after sign-in', async () => {
    const id = newSession();
    const anonymous = chat(id, null);
    await anonymous('sedan from Chennai to Bangalore tomorrow 8 PM');
    expect((await anonymous('yes')).data?.kind).toBe('confirm');
    const before = await rideCount();
    const signin = await anonymous('yes');
    expect(signin.data).toEqual({ kind: 'signin' });
    expect(await rideCount()).toBe(before);
    expect((await stateOf(id)).stage).toBe('confirm');
    const booked = await chat(id, rider)('yes');
    expect(booked.data?.kind).toBe('booked');
    expect(await rideCount()).toBe(before + 1);
  });

  it('books an airport drop with the flight number, to the airport nearest the town', async () => {
    const say = chat(newSession());
    const quoted = await say('to the airport from Tambaram at 5 am tomorrow, flight 6E 561');
    expect(quoted.content.message).toContain('Tambaram → Chennai Airport (MAA)');
    await say('sedan');
    const booked = await say('yes');
    if (booked.data?.kind !== 'booked') throw new Error('not booked');
    const [row] = await db
      .select()
      .from(rides)
      .where(and(eq(rides.businessId, demo.id), eq(rides.number, booked.data.rideId)));
    expect(row).toMatchObject({ tripKind: 'airport', flightNumber: '6E561', flightDirection: 'departure', source: 'chat' });
  });

  it('asks for the flight of an airport pickup, refuses one that is no flight number, and books with a good one', async () => {
    const say = chat(newSession());
    expect((await say('from Chennai airport to Tambaram at 2 pm tomorrow')).content.message).toBe(T.askFlight);
    expect((await say('AI 3O2')).content.message).toBe(`${en.Validation.flightDigits}.\n${T.askFlight}`);
    const quoted = await say('ai-302');
    expect(quoted.data?.kind).toBe('quotes');
    await say('sedan');
    const booked = await say('yes');
    if (booked.data?.kind !== 'booked') throw new Error('not booked');
    const [row] = await db
      .select()
      .from(rides)
      .where(and(eq(rides.businessId, demo.id), eq(rides.number, booked.data.rideId)));
    expect(row).toMatchObject({ tripKind: 'airport', flightNumber: 'AI302', flightDirection: 'arrival', source: 'chat' });
  });

  it('refuses a pickup in the past and asks again', async () => {
    const say = chat(newSession());
    const before = await rideCount();
    const reply = await say('sedan from Chennai to Bangalore yesterday 6pm');
    expect(reply.content.message).toBe(`${T.pastTime}\n${T.askWhen}`);
    expect(reply.data).toBeUndefined();
    expect(await rideCount()).toBe(before);
  });

  it('says where it could not find a place', async () => {
    const reply = await chat(newSession())('from Xyzzyqville to Chennai');
    expect(reply.content.message).toContain("I couldn't find “xyzzyqville”");
  });

  it("tells the status of the rider's rides and cancels one after a yes", async () => {
    const id = newSession();
    const say = chat(id);
    await say('Chennai to Mysore tomorrow 10am');
    await say('suv');
    const booked = await say('yes');
    if (booked.data?.kind !== 'booked') throw new Error('not booked');
    const status = await say('status of my rides');
    expect(status.content.message).toContain(`#${booked.data.rideId}`);
    const ask = await say(`cancel ride #${booked.data.rideId}`);
    expect(ask.content.message).toContain(`Cancel ride #${booked.data.rideId}`);
    const cancelled = await say('yes');
    expect(cancelled.content.message).toBe(`Ride #${booked.data.rideId} is cancelled.`);
    const [row] = await db
      .select()
      .from(rides)
      .where(and(eq(rides.businessId, demo.id), eq(rides.number, booked.data.rideId)));
    expect(row).toMatchObject({ status: 'cancelled', cancelledBy: 'rider' });
    expect((await chat(newSession(), null)('status')).data).toEqual({ kind: 'signin' });
  });
});

describe('bad input', () => {
  const ctx = () => ({ db, tenant: demo, actor: rider, sessionId: 'direct-agent', channel: 'web' as const, now: new Date() });

  it('answers blank, huge and script-laden text politely in the agent', async () => {
    expect((await runBuiltInAgent(ctx(), {}, '')).reply.lines.map((l) => l.key)).toEqual(['notUnderstood', 'askPickup']);
    expect((await runBuiltInAgent(ctx(), {}, 'x'.repeat(10_000))).reply.lines.map((l) => l.key)).toEqual(['tooLong']);
    expect((await runBuiltInAgent(ctx(), {}, '<script>alert(1)</script>')).reply.lines.map((l) => l.key)).toEqual(['notUnderstood', 'askPickup']);
    expect((await runBuiltInAgent(ctx(), { v: 99, junk: true }, 'hi')).reply.lines.map((l) => l.key)).toEqual(['greeting']);
  });

  it('refuses empty, over-long text and bad or foreign sessions at the service, storing nothing', async () => {
    const say = (text: string, chatSession = newSession(), businessId = demo.id) =>
      handleUserMessage(db, { businessId, chatSession, channel: 'web', actor: rider, locale: 'en-IN', text });
    await expect(say('   ')).rejects.toMatchObject({ kind: 'invalid', message: 'Message is empty' });
    await expect(say('x'.repeat(10_000))).rejects.toMatchObject({ kind: 'invalid' });
    await expect(say('hello', 'bad id!')).rejects.toBeInstanceOf(DomainError);
    const id = newSession();
    await say('hello', id);
    await expect(say('hello', id, acme.id)).rejects.toMatchObject({ kind: 'not_found' });
    expect(await chatHistory(db, acme.id, id)).toEqual([]);
    const script = await say('<script>alert("x")</script>');
    expect(script.agent.content.message).toContain(T.notUnderstood);
  });

  it("turns an agent failure into the spec's fallback reply", async () => {
    const broken = await createBusiness(db, { slug: 'broken', name: 'Broken Cabs', countryCode: 'in' });
    await db.update(businesses).set({ timeZone: 'Not/AZone' }).where(eq(businesses.id, broken.id));
    const result = await handleUserMessage(db, {
      businessId: broken.id,
      chatSession: newSession(),
      channel: 'web',
      actor: null,
      locale: 'en-IN',
      text: 'Chennai to Bangalore tomorrow 6am',
    });
    expect(result.agent.content.message).toBe(T.error);
  });
});

describe('history and the AI ride-create call', () => {
  it('stores both sides of every turn in order', async () => {
    const id = newSession();
    await chat(id)('hello');
    await chat(id)('from Chennai');
    const history = await chatHistory(db, demo.id, id);
    expect(history.map((m) => [m.role, m.content.message])).toEqual([
      ['user', 'hello'],
      ['agent', T.greeting],
      ['user', 'from Chennai'],
      ['agent', T.askDropoff],
    ]);
    expect(history[0].content.createIsoTime).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('answers the spec payload with the reply text as data', async () => {
    const chatId = `${rider!.userId}-${Date.now().toString(36)}`;
    const result = await createRideFromPrompt(
      db,
      demo,
      { prompt: 'sedan from Chennai to Bangalore tomorrow 8 PM', chatId, lpId: demo.id, userId: rider!.userId, source: 'web' },
      { actor: rider },
    );
    expect(result.data).toContain('Chennai → Bengaluru');
    expect(result.message.data?.kind).toBe('quotes');
  });
});

describe('language', () => {
  it('replies in Tamil for ta-IN, falling back to English for keys not translated yet', async () => {
    const ta = JSON.parse(fs.readFileSync(path.join(process.cwd(), 'messages/ta.json'), 'utf8')) as { ChatAgent?: Record<string, string> };
    const reply = await chat(newSession(), rider, 'ta-IN')('from Chennai');
    expect(reply.content.message).toBe(ta.ChatAgent?.askDropoff ?? T.askDropoff);
  });
});

describe('LLM agent against a local stand-in of an OpenAI-compatible API', () => {
  type Body = { model: string; messages: { role: string; content: string | null; tool_call_id?: string }[]; tools: { function: { name: string } }[] };
  type Answer = { status?: number; json?: unknown; drop?: boolean };
  let server: http.Server;
  let script: (body: Body) => Answer;
  const requests: { path?: string; auth?: string; body: Body }[] = [];
  const toolCall = (name: string, args: unknown) => ({
    choices: [
      {
        message: {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: `call_${name}`, type: 'function', function: { name, arguments: JSON.stringify(args) } }],
        },
      },
    ],
  });
  const text = (content: string) => ({ choices: [{ message: { role: 'assistant', content } }] });
  const toolResult = (body: Body) => body.messages.find((m) => m.role === 'tool');

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        const body = JSON.parse(raw) as Body;
        requests.push({ path: req.url, auth: req.headers.authorization, body });
        const answer = script(body);
        if (answer.drop) return req.socket.destroy();
        res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer.json ?? {}));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    Object.assign(process.env, {
      LLM_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
      LLM_API_KEY: 'test-key',
      LLM_MODEL: 'stand-in',
    });
    resetEnvForTests();
  });
  afterAll(async () => {
    for (const key of ['LLM_BASE_URL', 'LLM_API_KEY', 'LLM_MODEL']) delete process.env[key];
    resetEnvForTests();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => (requests.length = 0));

  it('runs the quote tool the API asks for and answers with its text and the quote card', async () => {
    script = (body) =>
      toolResult(body)
        ? { json: text('Fares are ready: pick a vehicle.') }
        : { json: toolCall('quote', { from: 'Chennai', to: 'Bangalor', pickup_time: 'tomorrow 8 pm', ride_type: 'oneway' }) };
    const id = newSession();
    const reply = await chat(id)('I want to go from Chennai to Bangalore tomorrow at 8 pm');
    expect(reply.content.message).toBe('Fares are ready: pick a vehicle.');
    expect(reply.data).toMatchObject({ kind: 'quotes', currency: 'INR' });
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({ path: '/v1/chat/completions', auth: 'Bearer test-key', body: { model: 'stand-in' } });
    expect(requests[0].body.tools.map((t) => t.function.name).sort()).toEqual([
      'book',
      'cancel_ride',
      'cancellation_policy',
      'check_promo',
      'quote',
      'ride_status',
      'search_places',
    ]);
    expect(requests[0].body.messages.at(-1)).toMatchObject({ role: 'user', content: 'I want to go from Chennai to Bangalore tomorrow at 8 pm' });
    const result = JSON.parse(toolResult(requests[1].body)!.content!);
    expect(result).toMatchObject({ from: 'Chennai', to: 'Bengaluru' });
    expect(result.options).toHaveLength(5);
    expect((await stateOf(id)).llmQuote?.id).toBe(result.ride_search_id);
  });

  it('books only when the rider has said yes', async () => {
    const id = newSession();
    script = (body) =>
      toolResult(body) ? { json: text('Done.') } : { json: toolCall('quote', { from: 'Chennai', to: 'Vellore', pickup_time: 'tomorrow 9 am' }) };
    await chat(id)('Chennai to Vellore tomorrow 9 am');
    const quoteId = (await stateOf(id)).llmQuote!.id;
    script = (body) =>
      toolResult(body) ? { json: text('Booking step done.') } : { json: toolCall('book', { ride_search_id: quoteId, vehicle_type: 'sedan' }) };
    const before = await rideCount();
    const early = await chat(id)('hmm, the sedan looks fine');
    expect(JSON.parse(toolResult(requests.at(-1)!.body)!.content!)).toMatchObject({ error: 'confirmation_required' });
    expect(early.data).toBeUndefined();
    expect(await rideCount()).toBe(before);
    const booked = await chat(id)('yes, book the sedan');
    expect(booked.data).toMatchObject({ kind: 'booked' });
    expect(await rideCount()).toBe(before + 1);
    await chat(id)('yes, book the sedan');
    expect(await rideCount()).toBe(before + 1);
  });

  it('checks a promo code with check_promo (the summary’s check) and books with promo_code; a refused code gets the summary’s text', async () => {
    await db.insert(promoCodes).values([
      { businessId: demo.id, code: 'LLM550', kind: 'fixed', value: 55_000 },
      { businessId: demo.id, code: 'LLMOLD', kind: 'fixed', value: 55_000, active: false },
    ]);
    const id = newSession();
    script = (body) =>
      toolResult(body) ? { json: text('Pick a vehicle.') } : { json: toolCall('quote', { from: 'Chennai', to: 'Vellore', pickup_time: 'tomorrow 9 am' }) };
    await chat(id)('Chennai to Vellore tomorrow 9 am');
    const quote = (await stateOf(id)).llmQuote!;
    const sedan = quote.options.find((o) => o.vehicleType === 'sedan')!;
    const check = (code: string) => (body: Body) =>
      toolResult(body) ? { json: text('Checked.') } : { json: toolCall('check_promo', { ride_search_id: quote.id, vehicle_type: 'sedan', code }) };
    script = check('llmold');
    await chat(id)('use code llmold');
    expect(JSON.parse(toolResult(requests.at(-1)!.body)!.content!)).toEqual({
      error: 'promo_refused',
      reason: 'promoPaused',
      message: en.Validation.promoPaused,
    });
    script = check(' llm550 ');
    await chat(id)('use code llm550 then');
    const checked = JSON.parse(toolResult(requests.at(-1)!.body)!.content!);
    expect(checked).toMatchObject({ code: 'LLM550' });
    expect(checked.discount_line).toMatch(/^Promo LLM550: -₹550/);
    script = (body) =>
      toolResult(body) ? { json: text('Booked.') } : { json: toolCall('book', { ride_search_id: quote.id, vehicle_type: 'sedan', promo_code: 'LLM550' }) };
    const booked = await chat(id)('yes, book the sedan');
    expect(booked.data).toMatchObject({ kind: 'booked', total: sedan.total - 55_000 });
    const [ride] = await db.select().from(rides).where(eq(rides.promoCode, 'LLM550'));
    expect(ride).toMatchObject({ discountAmount: 55_000, totalAmount: sedan.total - 55_000 });
  });

  it.each([
    ['an error status', { status: 500, json: { error: 'boom' } }],
    ['a dropped connection', { drop: true }],
    ['a malformed answer', { json: { choices: [] } }],
  ])('falls back to the built-in agent for the turn on %s, with a warning', async (_, answer) => {
    script = () => answer;
    const warn = jest.spyOn(logger, 'warn');
    const reply = await chat(newSession())('non-AC sedan one-way from Chennai to Bangalore at 8 PM');
    expect(reply.data?.kind).toBe('quotes');
    expect(reply.content.message).toContain('Chennai → Bengaluru');
    expect(warn).toHaveBeenCalledWith(expect.anything(), expect.stringContaining('LLM agent failed'));
    // A dropped connection is tried once more (a kept-alive socket may have been closed under it); an answer is not.
    expect(requests).toHaveLength('drop' in answer ? 2 : 1);
    warn.mockRestore();
  });

  /** Quotes with the stand-in, then has it call book on "yes" and fail on the turn's next request. */
  async function bookThenFail(id: string, actor: ChatActor, quote: Record<string, string>, book: Record<string, string>) {
    script = (body) => (toolResult(body) ? { json: text('Pick a vehicle.') } : { json: toolCall('quote', quote) });
    await chat(id, actor)('a trip please');
    const quoteId = (await stateOf(id)).llmQuote!.id;
    script = (body) =>
      toolResult(body) ? { status: 500, json: { error: 'boom' } } : { json: toolCall('book', { ride_search_id: quoteId, vehicle_type: 'suv', ...book }) };
    const warn = jest.spyOn(logger, 'warn').mockImplementation(() => undefined as never);
    const reply = await chat(id, actor)('yes, book it');
    warn.mockRestore();
    const [ride] = await db
      .select()
      .from(rides)
      .where(eq(rides.businessId, demo.id))
      .orderBy(sql`${rides.id} desc`)
      .limit(1);
    return { reply, ride };
  }

  it('reports a return trip booked before the API failed as booked, there and back, with the start code', async () => {
    const { reply, ride } = await bookThenFail(
      newSession(),
      rider,
      { from: 'Chennai', to: 'Vellore', pickup_time: 'tomorrow 9 am', ride_type: 'return', return_time: 'tomorrow 7 pm' },
      {},
    );
    expect(ride).toMatchObject({ rideType: 'return', riderId: rider!.userId });
    expect(reply.data).toMatchObject({ kind: 'booked', rideId: ride.number });
    expect(reply.content.message).toMatch(
      new RegExp(`^Booked! Ride #${ride.number}: SUV, Chennai → Vellore and back, .+, return .+\\. Your start code is ${ride.startCode};`),
    );
  });

  it("tells the console whom a ride booked before the API failed is for, without the customer's start code", async () => {
    const [staff] = await db.insert(users).values({ businessId: demo.id, role: 'travelsx-partner', name: 'Desk', email: 'desk@demo.example' }).returning();
    const { reply, ride } = await bookThenFail(
      newSession(),
      { userId: staff.id, role: staff.role, name: staff.name },
      { from: 'Chennai', to: 'Vellore', pickup_time: 'tomorrow 9 am' },
      { customer_name: 'Ravi Kumar', customer_phone: '9876501234' },
    );
    expect(ride.riderId).not.toBe(staff.id);
    expect(reply.content.message).toMatch(
      new RegExp(
        `^Booked! Ride #${ride.number} for Ravi Kumar: SUV, Chennai → Vellore, .+\\. The customer gets the start code by message at \\+91 9876501234\\.$`,
      ),
    );
    expect(reply.content.message).not.toContain(ride.startCode);
  });
});
