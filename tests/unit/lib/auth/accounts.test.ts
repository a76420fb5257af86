import { NextRequest } from 'next/server';
import { and, eq, sql } from 'drizzle-orm';
import { callApi } from '../../api';
import { businesses, otpCodes, outbox, rateLimits, users, appEvents } from '@/lib/db/schema';
import { createBusiness } from '@/lib/tenancy/commands';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import { OTP } from '@/lib/auth/constants';
import { ensurePlatformTenant } from '@/lib/tenancy/platform-seed';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../../db';

const sendRoute = callApi;
const verifyRoute = callApi;
const logoutRoute = callApi;
const meRoute = callApi;
const handoffRoute = callApi;

let db: Db;
let ipCounter = 0;

beforeAll(async () => {
  db = await openTestDb();
  clearTenantCache();
  await createBusiness(db, { slug: 'demo', name: 'Demo Cabs', countryCode: 'in', phone: '9000000000', email: 'ops@demo.example' });
  await createBusiness(db, { slug: 'acme', name: 'Acme Travels', countryCode: 'ae' });
  await ensurePlatformTenant(db);
});
afterAll(closeTestDb);

type Init = { host?: string; body?: unknown; cookie?: string; ip?: string; raw?: string };
/** The browser of these tests: the code-request cookie of its last code request goes with every call, as a browser's would. */
let codeRequest = '';
function req(path: string, init: Init = {}) {
  const host = init.host ?? 'localhost:3000';
  const cookies = [init.cookie, codeRequest].filter(Boolean).join('; ');
  return new NextRequest(`http://${host}${path}`, {
    method: init.body === undefined && init.raw === undefined ? 'GET' : 'POST',
    body: init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
    headers: {
      host,
      'content-type': 'application/json',
      'x-travelsx-client-ip': init.ip ?? `10.0.0.${++ipCounter % 250}`,
      ...(cookies ? { cookie: cookies } : {}),
    },
  });
}
const ctx = { params: Promise.resolve({}) };
async function call(handler: (r: NextRequest, c: typeof ctx) => Promise<Response>, request: NextRequest) {
  const res = await handler(request, ctx);
  const requestCookie = /__Host-code-request=[^;]+/.exec(res.headers.get('set-cookie') ?? '');
  if (requestCookie) codeRequest = requestCookie[0];
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null, headers: res.headers };
}

const PLATFORM = 'platform.localhost:3000';
const rider = (phone: string) => ({ userType: 'travelsx-user', countryCode: '91', phoneNumber: phone });
async function lastCode(to: string): Promise<string> {
  const [row] = await db
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, to))
    .orderBy(sql`${outbox.id} desc`)
    .limit(1);
  return /\b(\d{6})\b/.exec(row.body)![1];
}
async function ageCodes(identifier: string, ms: number) {
  await db.execute(
    sql`update otp_codes set created_at = created_at - make_interval(secs => ${ms / 1000}), expires_at = expires_at - make_interval(secs => ${ms / 1000}) where identifier = ${identifier}`,
  );
}

describe('one-time codes', () => {
  it('sends a 6-digit code to a rider by SMS, bound to the request, and signs in with it, with the cookie flags', async () => {
    const sent = await call(sendRoute, req('/api/auth/otp/send', { body: rider('9876500001') }));
    expect(sent.status).toBe(200);
    const code = await lastCode('+919876500001');
    expect(code).toMatch(/^\d{6}$/);
    for (const flag of ['__Host-code-request=', 'HttpOnly', 'Secure', 'SameSite=Strict', 'Path=/', `Max-Age=${OTP.TTL_MS / 1000}`])
      expect(sent.headers.get('set-cookie')).toContain(flag);
    const [stored] = await db.select().from(otpCodes).where(eq(otpCodes.identifier, '+919876500001'));
    expect(stored.codeHash).not.toContain(code);
    const verified = await call(verifyRoute, req('/api/auth/otp/verify', { body: { ...rider('98765 00001'), otp: code, feature: 'login' } }));
    expect(verified.status).toBe(200);
    expect(verified.json.data).toMatchObject({ lp_id: expect.any(Number), user_id: expect.any(Number), user_type: 'travelsx-user' });
    const cookie = verified.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^__Host-session=[A-Za-z0-9_-]{43};/);
    for (const flag of ['HttpOnly', 'Secure', 'SameSite=Lax', 'Path=/']) expect(cookie).toContain(flag);
    const me = await call(meRoute, req('/api/auth/me', { cookie: cookie.split(';')[0] }));
    expect(me.json.data).toMatchObject({ user_type: 'travelsx-user', country_code: '91', phone_number: '9876500001' });
  });

  it('fails the 6th guess even with the right code', async () => {
    await call(sendRoute, req('/api/auth/otp/send', { body: rider('9876500002') }));
    const code = await lastCode('+919876500002');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < OTP.MAX_ATTEMPTS; i++) {
      const res = await call(verifyRoute, req('/api/auth/otp/verify', { body: { ...rider('9876500002'), otp: wrong } }));
      expect(res.status).toBe(400);
    }
    const right = await call(verifyRoute, req('/api/auth/otp/verify', { body: { ...rider('9876500002'), otp: code } }));
    expect(right.status).toBe(400);
    expect(right.json.error.code).toBe('otp_locked');
  });

  it('refuses a used code and an expired code', async () => {
    await call(sendRoute, req('/api/auth/otp/send', { body: rider('9876500003') }));
    const code = await lastCode('+919876500003');
    expect((await call(verifyRoute, req('/api/auth/otp/verify', { body: { ...rider('9876500003'), otp: code } }))).status).toBe(200);
    const reused = await call(verifyRoute, req('/api/auth/otp/verify', { body: { ...rider('9876500003'), otp: code } }));
    expect(reused.json.error.code).toBe('otp_invalid');

    await ageCodes('+919876500003', OTP.RESEND_AFTER_MS + 1000);
    await call(sendRoute, req('/api/auth/otp/send', { body: rider('9876500003') }));
    const fresh = await lastCode('+919876500003');
    await ageCodes('+919876500003', OTP.TTL_MS + 1000);
    const expired = await call(verifyRoute, req('/api/auth/otp/verify', { body: { ...rider('9876500003'), otp: fresh } }));
    expect(expired.json.error.code).toBe('otp_invalid');
  });

  it('waits 30 s between codes, doubles the wait from the 4th code in an hour, and never makes the owner wait past 10 minutes', async () => {
    await call(sendRoute, req('/api/auth/otp/send', { body: rider('9876500004') }));
    const early = await call(sendRoute, req('/api/auth/otp/send', { body: rider('9876500004') }));
    expect(early.status).toBe(429);
    expect(early.json.error.code).toBe('resend_too_soon');
    expect(Number(early.headers.get('retry-after'))).toBeGreaterThan(0);
    const waits: number[] = [];
    for (let i = 2; i <= 10; i++) {
      const refused = await call(sendRoute, req('/api/auth/otp/send', { body: rider('9876500004') }));
      waits.push(Number(refused.headers.get('retry-after')));
      await db.execute(sql`update otp_codes set created_at = created_at - make_interval(secs => ${waits.at(-1)! + 1}) where identifier = '+919876500004'`);
      expect((await call(sendRoute, req('/api/auth/otp/send', { body: rider('9876500004') }))).status).toBe(200);
    }
    // 30 s after the 1st and 2nd codes, then 60, 120, 240, 480 and 600 at most
    expect(waits.map((w) => Math.round(w / 10) * 10)).toEqual([30, 30, 60, 120, 240, 480, 600, 600, 600]);
    expect(await db.select().from(outbox).where(eq(outbox.recipient, '+919876500004'))).toHaveLength(10);
  });

  it('caps codes per IP', async () => {
    let last = 200;
    for (let i = 0; i <= OTP.MAX_PER_IP_PER_HOUR; i++) {
      last = (await call(sendRoute, req('/api/auth/otp/send', { body: rider(`97000${String(i).padStart(5, '0')}`), ip: '203.0.113.9' }))).status;
    }
    expect(last).toBe(429);
    expect((await db.select().from(rateLimits).where(eq(rateLimits.key, 'otp-ip:203.0.113.9')))[0].count).toBe(OTP.MAX_PER_IP_PER_HOUR + 1);
  });

  it('answers the same for known and unknown partner e-mails, and only mails the known one', async () => {
    const [demo] = await db.select().from(businesses).where(eq(businesses.slug, 'demo'));
    await db.insert(users).values({ businessId: demo.id, role: 'travelsx-partner', email: 'owner@demo.example', name: 'Owner', emailVerifiedAt: new Date() });
    const known = await call(sendRoute, req('/api/auth/otp/send', { body: { userType: 'travelsx-partner', email: 'Owner@Demo.example' } }));
    const unknown = await call(sendRoute, req('/api/auth/otp/send', { body: { userType: 'travelsx-partner', email: 'nobody@demo.example' } }));
    expect(unknown.status).toBe(known.status);
    expect(unknown.json).toEqual(known.json);
    expect(await db.select().from(outbox).where(eq(outbox.recipient, 'owner@demo.example'))).toHaveLength(1);
    expect(await db.select().from(outbox).where(eq(outbox.recipient, 'nobody@demo.example'))).toHaveLength(0);
  });
});

describe('bad input', () => {
  it.each([
    [{ userType: 'travelsx-user', countryCode: '91', phoneNumber: '12ab' }, 'phoneNumber', 'Invalid phone number'],
    [{ userType: 'travelsx-user', countryCode: '91' }, 'phoneNumber', 'Phone number is required'],
    [{ userType: 'travelsx-partner', email: 'not-an-email' }, 'email', 'Enter a valid e-mail'],
    [{ userType: 'travelsx-partner' }, 'email', 'E-mail is required'],
    [{ userType: 'admin', email: 'a@b.co' }, 'userType', 'Unknown account type'],
  ])('send %j names %s', async (body, field, text) => {
    const before = await db.select().from(otpCodes);
    const res = await call(sendRoute, req('/api/auth/otp/send', { body }));
    expect(res.status).toBe(400);
    expect(res.json.error.field).toBe(field);
    expect(res.json.error.message).toBe(`${field}: ${text}`);
    expect(await db.select().from(otpCodes)).toHaveLength(before.length);
  });

  it.each(['12', '1234', '12345', '1234567', 'abcdef', '12a456'])('refuses the code %s', async (otp) => {
    const res = await call(verifyRoute, req('/api/auth/otp/verify', { body: { ...rider('9876500001'), otp } }));
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ field: 'otp', message: 'otp: Enter the 6-digit code' });
  });

  it('refuses malformed JSON and oversized bodies', async () => {
    expect((await call(sendRoute, req('/api/auth/otp/send', { raw: '{"userType":' }))).status).toBe(400);
    expect((await call(sendRoute, req('/api/auth/otp/send', { raw: JSON.stringify({ userType: 'travelsx-user', pad: 'x'.repeat(70_000) }) }))).status).toBe(
      413,
    );
  });
});

describe('sessions', () => {
  async function signInRider(phone: string, host = 'localhost:3000'): Promise<string> {
    await call(sendRoute, req('/api/auth/otp/send', { host, body: rider(phone) }));
    const verified = await call(verifyRoute, req('/api/auth/otp/verify', { host, body: { ...rider(phone), otp: await lastCode(`+91${phone}`) } }));
    return verified.headers.get('set-cookie')!.split(';')[0];
  }

  it("refuses a session of tenant A on tenant B's host", async () => {
    const cookie = await signInRider('9876500010');
    expect((await call(meRoute, req('/api/auth/me', { cookie }))).json.data).not.toBeNull();
    expect((await call(meRoute, req('/api/auth/me', { host: 'acme.localhost:3000', cookie }))).json.data).toBeNull();
  });

  it('logout kills the session on the server', async () => {
    const cookie = await signInRider('9876500011');
    const out = await call(logoutRoute, req('/api/auth/logout', { cookie, body: {} }));
    expect(out.headers.get('set-cookie')).toContain('Max-Age=0');
    expect((await call(meRoute, req('/api/auth/me', { cookie }))).json.data).toBeNull();
  });

  it('a new login gives a new token', async () => {
    const first = await signInRider('9876500012');
    await ageCodes('+919876500012', OTP.RESEND_AFTER_MS + 1000);
    const second = await signInRider('9876500012');
    expect(second).not.toBe(first);
  });
});

describe('partner signup', () => {
  it('creates the business and its owner on the platform host, records the event and hands the login to the new console host', async () => {
    const body = {
      userType: 'travelsx-partner',
      feature: 'signup',
      email: 'founder@sunrise.example',
      businessName: 'Sunrise Tours & Travels',
      countryCode: '971',
      phoneNumber: '501112223',
      locale: 'en-AE',
    };
    expect((await call(sendRoute, req('/api/auth/otp/send', { body, host: PLATFORM }))).status).toBe(200);
    const code = await lastCode('founder@sunrise.example');
    const [mail] = await db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, 'founder@sunrise.example'))
      .orderBy(sql`${outbox.id} desc`)
      .limit(1);
    // the code e-mail carries the platform's name, never an operator's
    expect(mail.subject).toContain('Travelsx');
    expect(`${mail.subject} ${mail.body}`).not.toMatch(/Demo Cabs|Acme Travels/);
    const verified = await call(verifyRoute, req('/api/auth/otp/verify', { body: { ...body, otp: code }, host: PLATFORM }));
    expect(verified.status).toBe(200);
    expect(verified.headers.get('set-cookie')).toBeNull();
    const [business] = await db.select().from(businesses).where(eq(businesses.slug, 'sunrise-tours-travels'));
    expect(business).toMatchObject({ name: 'Sunrise Tours & Travels', countryCode: 'ae', phoneCode: '971', currency: 'AED', language: 'en' });
    expect(verified.json.data.lp_id).toBe(business.id);
    const [owner] = await db
      .select()
      .from(users)
      .where(and(eq(users.businessId, business.id), eq(users.role, 'travelsx-partner')));
    expect(owner.email).toBe('founder@sunrise.example');
    expect(
      await db
        .select()
        .from(appEvents)
        .where(and(eq(appEvents.businessId, business.id), eq(appEvents.name, 'signup_completed'))),
    ).toHaveLength(1);

    const redirect = new URL(verified.json.data.redirect);
    expect(redirect.host).toBe('sunrise-tours-travels.localhost:3000');
    const ticket = redirect.searchParams.get('ticket')!;
    // A ticket is refused on another business's host, then works once on its own.
    expect((await call(handoffRoute, req(`/api/auth/handoff?ticket=${ticket}`))).headers.get('set-cookie')).toBeNull();
    const handoff = await call(handoffRoute, req(`/api/auth/handoff?ticket=${ticket}`, { host: redirect.host }));
    expect(handoff.status).toBe(303);
    expect(handoff.headers.get('location')).toBe('/ae/en/travel/home');
    const cookie = handoff.headers.get('set-cookie')!.split(';')[0];
    const me = await call(meRoute, req('/api/auth/me', { host: redirect.host, cookie }));
    expect(me.json.data).toMatchObject({ user_type: 'travelsx-partner', business_name: 'Sunrise Tours & Travels' });
    expect((await call(handoffRoute, req(`/api/auth/handoff?ticket=${ticket}`, { host: redirect.host }))).headers.get('set-cookie')).toBeNull();
  });

  it('refuses a signup without a business name', async () => {
    const res = await call(
      verifyRoute,
      req('/api/auth/otp/verify', {
        body: { userType: 'travelsx-partner', feature: 'signup', email: 'x@y.example', countryCode: '91', phoneNumber: '9876543210', otp: '123456' },
        host: PLATFORM,
      }),
    );
    expect(res.status).toBe(400);
    expect(res.json.error.field).toBe('businessName');
  });
});
