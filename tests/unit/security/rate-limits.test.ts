import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import { CLIENT_IP_HEADER } from '@/lib/http/client-ip';
import { LIMITS } from '@/lib/limits/requests';
import { createSession } from '@/lib/auth/session';
import { OTP } from '@/lib/auth/constants';
import { leads, otpCodes, outbox, rateLimits, rides, users } from '@/lib/db/schema';
import { resetEnvForTests } from '@/lib/env';
import { createQuote } from '@/lib/fares/quote';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../db';
import { configureEnv, seedWorld, send, trip, type Answer, type TenantWorld, type World } from './world';

/*
 * What a script can send in bulk is capped per client address and per account
 * (the limits of lib/limits/requests.ts and, for codes, lib/auth/constants.ts),
 * every request sent through the API router with its real URL:
 * one request past a limit answers 429 `rate_limited` with Retry-After, writes
 * nothing, and leaves other riders, addresses and operators alone.
 */

let db: Db;
let world: World;
let a: TenantWorld;

beforeAll(async () => {
  configureEnv(true);
  db = await openTestDb();
  world = await seedWorld(db);
  a = world.a;
}, 120_000);
afterAll(async () => {
  await closeTestDb();
  configureEnv(false);
});

const quoteId = async (t: TenantWorld = a) => (await createQuote(db, t.business, trip())).id;
const count = async (table: typeof rides | typeof leads | typeof users | typeof outbox) =>
  Number((await db.select({ n: sql<number>`count(*)` }).from(table))[0].n);

let phones = 9845300000;
async function newRider(t: TenantWorld = a): Promise<string> {
  phones += 1;
  const [user] = await db
    .insert(users)
    .values({ businessId: t.business.id, role: 'travelsx-user', name: 'Rider', phoneCode: '91', phone: String(phones) })
    .returning();
  return `__Host-session=${await createSession(db, user)}`;
}

let keys = 0;
function book(cookie: string, ip: string, rideSearchId: string, t: TenantWorld = a): Promise<Answer> {
  keys += 1;
  return send({
    method: 'POST',
    host: t.host,
    path: '/api/rides',
    cookie,
    headers: { [CLIENT_IP_HEADER]: ip },
    body: { rideSearchId, rideVehicle: 'sedan', idempotencyKey: `limit-test-${keys}` },
  });
}

function expectLimited(answer: Answer) {
  expect(answer.status).toBe(429);
  expect(answer.json?.error?.code).toBe('rate_limited');
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
}

describe('booking (POST /api/rides)', () => {
  it(`lets a rider book ${LIMITS.bookingPerRider.max} rides an hour and refuses the next, booking nothing; other riders book on`, async () => {
    const cookie = await newRider();
    for (let i = 0; i < LIMITS.bookingPerRider.max; i++) expect((await book(cookie, '198.51.100.1', await quoteId())).status).toBe(201);
    const before = await count(rides);
    expectLimited(await book(cookie, '198.51.100.2', await quoteId()));
    expect(await count(rides)).toBe(before);
    expect((await book(await newRider(), '198.51.100.1', await quoteId())).status).toBe(201);
  });

  it(`refuses booking attempt ${LIMITS.bookingPerIp.max + 1} from one address in an hour, whoever signs in; other addresses and operators book on`, async () => {
    const ip = '198.51.100.20';
    let attempts = 0;
    while (attempts < LIMITS.bookingPerIp.max) {
      const cookie = await newRider();
      // Attempts count even when refused for another reason (an unknown fare search here).
      for (let i = 0; i < LIMITS.bookingPerRider.max && attempts < LIMITS.bookingPerIp.max; i++, attempts++)
        expect((await book(cookie, ip, randomUUID())).status).toBe(404);
    }
    const fresh = await newRider();
    expectLimited(await book(fresh, ip, await quoteId()));
    expect((await book(fresh, '198.51.100.21', await quoteId())).status).toBe(201);
    expect((await book(await newRider(world.b), ip, await quoteId(world.b), world.b)).status).toBe(201);
  });

  it('lifts every limit with RATE_LIMITS=off (load tests)', async () => {
    const cookie = await newRider();
    for (let i = 0; i < LIMITS.bookingPerRider.max; i++) await book(cookie, '198.51.100.30', randomUUID());
    expectLimited(await book(cookie, '198.51.100.30', await quoteId()));
    process.env.RATE_LIMITS = 'off';
    resetEnvForTests();
    try {
      expect((await book(cookie, '198.51.100.30', await quoteId())).status).toBe(201);
    } finally {
      delete process.env.RATE_LIMITS;
      resetEnvForTests();
    }
    expectLimited(await book(cookie, '198.51.100.30', await quoteId()));
  });
});

describe('console booking for a customer (POST /api/partner/rides/book)', () => {
  const partnerBook = (t: TenantWorld, phone: string, rideSearchId: string) => {
    keys += 1;
    return send({
      method: 'POST',
      host: t.host,
      path: '/api/partner/rides/book',
      cookie: t.partner.cookie,
      body: {
        customerName: 'Kavya',
        customerPhone: { dialCode: '91', number: phone },
        rideSearchId,
        rideVehicle: 'sedan',
        idempotencyKey: `partner-limit-${keys}`,
      },
    });
  };

  it(`books ${LIMITS.partnerBookingPerCustomer.max} rides an hour for one customer phone and refuses the next; other customers book on`, async () => {
    for (let i = 0; i < LIMITS.partnerBookingPerCustomer.max; i++) expect((await partnerBook(a, '9845411111', await quoteId())).status).toBe(201);
    const before = await count(rides);
    expectLimited(await partnerBook(a, '9845411111', await quoteId()));
    expect(await count(rides)).toBe(before);
    expect((await partnerBook(a, '9845422222', await quoteId())).status).toBe(201);
  });

  it(`refuses a console account's booking attempt ${LIMITS.partnerBookingPerAccount.max + 1} in an hour; refused attempts create no customer`, async () => {
    const t = world.b;
    const usersBefore = await count(users);
    for (let i = 0; i < LIMITS.partnerBookingPerAccount.max; i++) expect((await partnerBook(t, String(9845500000 + i), randomUUID())).status).toBe(404);
    expect(await count(users)).toBe(usersBefore);
    expectLimited(await partnerBook(t, '9845433333', await quoteId(t)));
  });
});

describe('leads (POST /api/leads and /api/leads/contact together)', () => {
  const lead = (ip: string, t: TenantWorld = a) =>
    send({
      method: 'POST',
      host: t.host,
      path: '/api/leads',
      headers: { [CLIENT_IP_HEADER]: ip },
      body: { name: 'Asha', email: 'asha@example.com', phone: '+91 98450 00001' },
    });
  const contact = (ip: string) =>
    send({
      method: 'POST',
      path: '/api/leads/contact',
      headers: { [CLIENT_IP_HEADER]: ip },
      body: { firstName: 'Asha', email: 'asha@example.com', looking_for_name: 'pricing', enquery: 'A price, please.' },
    });
  /** Moves the 10-minute windows of the lead limits into the past. */
  const afterTenMinutes = () => db.execute(sql`update rate_limits set window_start = window_start - interval '11 minutes' where key like ${'leadsPerIp:%'}`);

  it(`takes ${LIMITS.leadsPerIp.max} leads from one address in 10 minutes and refuses the next, storing nothing; other addresses and operators go on`, async () => {
    const ip = '203.0.113.50';
    for (let i = 0; i < LIMITS.leadsPerIp.max; i++) expect((await (i % 2 ? contact(ip) : lead(ip))).status).toBe(200);
    const before = await count(leads);
    expectLimited(await lead(ip));
    expectLimited(await contact(ip));
    expect(await count(leads)).toBe(before);
    expect((await lead('203.0.113.51')).status).toBe(200);
    expect((await lead(ip, world.b)).status).toBe(200);
    await afterTenMinutes();
    expect((await lead(ip)).status).toBe(200);
  });

  it(`takes at most ${LIMITS.leadsPerIpPerHour.max} leads from one address in an hour`, async () => {
    const ip = '203.0.113.60';
    let stored = 0;
    while (stored < LIMITS.leadsPerIpPerHour.max) {
      for (let i = 0; i < LIMITS.leadsPerIp.max && stored < LIMITS.leadsPerIpPerHour.max; i++, stored++) expect((await lead(ip)).status).toBe(200);
      await afterTenMinutes();
    }
    expectLimited(await lead(ip));
    const [hourly] = await db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, `leadsPerIpPerHour:${a.business.id}:${ip}`));
    expect(hourly.count).toBe(LIMITS.leadsPerIpPerHour.max + 1);
  });
});

describe('one-time codes (POST /api/auth/otp/send)', () => {
  const sendCode = (phone: string, ip: string) =>
    send({
      method: 'POST',
      path: '/api/auth/otp/send',
      headers: { [CLIENT_IP_HEADER]: ip },
      body: { userType: 'travelsx-user', countryCode: '91', phoneNumber: phone },
    });
  it('paces codes to one phone from any address: 30 s apart, doubling from the 4th in an hour, never more than 10 minutes', async () => {
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      expect((await sendCode('9845600001', `192.0.2.${i + 1}`)).status).toBe(200);
      const early = await sendCode('9845600001', `192.0.2.${i + 101}`);
      expect([early.status, early.json?.error?.code]).toEqual([429, 'resend_too_soon']);
      waits.push(Number(early.headers.get('retry-after')));
      await db
        .update(otpCodes)
        .set({ createdAt: sql`created_at - make_interval(secs => ${waits.at(-1)! + 1})` })
        .where(and(eq(otpCodes.identifier, '+919845600001'), eq(otpCodes.businessId, a.business.id)));
    }
    expect(waits.every((wait) => wait > 0 && wait <= OTP.MAX_RESEND_WAIT_MS / 1000)).toBe(true);
    expect(waits.at(-1)).toBeGreaterThan(OTP.MAX_RESEND_WAIT_MS / 2000);
  });

  it('keeps codes 30 s apart but does not double the wait with RATE_LIMITS=off (end-to-end runs sign one account in many times an hour)', async () => {
    process.env.RATE_LIMITS = 'off';
    resetEnvForTests();
    try {
      const waits: number[] = [];
      for (let i = 0; i < 6; i++) {
        expect((await sendCode('9845600002', '192.0.2.50')).status).toBe(200);
        const early = await sendCode('9845600002', '192.0.2.50');
        expect([early.status, early.json?.error?.code]).toEqual([429, 'resend_too_soon']);
        waits.push(Number(early.headers.get('retry-after')));
        await db
          .update(otpCodes)
          .set({ createdAt: sql`created_at - make_interval(secs => 31)` })
          .where(and(eq(otpCodes.identifier, '+919845600002'), eq(otpCodes.businessId, a.business.id)));
      }
      expect(waits.every((wait) => wait > 0 && wait <= OTP.RESEND_AFTER_MS / 1000)).toBe(true);
    } finally {
      delete process.env.RATE_LIMITS;
      resetEnvForTests();
    }
  });

  it(`sends at most ${OTP.MAX_PER_IP_PER_HOUR} codes an hour from one address`, async () => {
    for (let i = 0; i < OTP.MAX_PER_IP_PER_HOUR; i++) expect((await sendCode(String(9845700000 + i), '192.0.2.200')).status).toBe(200);
    const before = await count(outbox);
    expectLimited(await sendCode('9845799999', '192.0.2.200'));
    expect(await count(outbox)).toBe(before);
    expect((await sendCode('9845799999', '192.0.2.201')).status).toBe(200);
  });
});

it('names the refusal with a code every screen translates (AuthErrors.rate_limited in all 27 languages)', () => {
  const dir = path.join(process.cwd(), 'messages');
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.json'));
  expect(files).toHaveLength(27);
  const english = JSON.parse(fs.readFileSync(path.join(dir, 'en.json'), 'utf8')).AuthErrors.rate_limited as string;
  const missing = files.filter((f) => {
    const text = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')).AuthErrors?.rate_limited;
    return typeof text !== 'string' || !text.trim() || (f !== 'en.json' && text === english);
  });
  expect(missing).toEqual([]);
});
