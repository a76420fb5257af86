import { and, count, eq, sql } from 'drizzle-orm';
import { callApi } from '../../api';
import { businesses, outbox, users } from '@/lib/db/schema';
import { createBusiness } from '@/lib/tenancy/commands';
import { clearTenantCache, resolveTenantForHost } from '@/lib/tenancy/resolve';
import { ensurePlatformTenant } from '@/lib/tenancy/platform-seed';
import { decideHostPage } from '@/lib/tenancy/host-pages';
import { deliver } from '@/lib/messaging/outbox';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../../db';
import { codeRequestJar } from '../../code-request';

/*
 * Issue 13 §2 and issue 20 item 6: signup and operator login on the platform's
 * host under the platform's name; business names unique without case and
 * spaces (a database guarantee); rider hosts never show the platform's pages.
 */

let db: Db;
let demoId: number;
const PLATFORM = 'platform.localhost:3000';
const DEMO = 'localhost:3000';
let ip = 0;
const browser = codeRequestJar();

beforeAll(async () => {
  db = await openTestDb();
  clearTenantCache();
  demoId = (await createBusiness(db, { slug: 'demo', name: 'Demo Cabs', countryCode: 'in', email: 'ops@demo.example' })).id;
  await createBusiness(db, { slug: 'sunrise-cabs-coimbatore', name: 'Sunrise Cabs Coimbatore', countryCode: 'in' });
  await ensurePlatformTenant(db);
});
afterAll(closeTestDb);

async function post(path: string, body: unknown, host = PLATFORM) {
  return browser.capture(
    await callApi(
      new Request(`http://${host}${path}`, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: {
          host,
          origin: `http://${host}`,
          'content-type': 'application/json',
          'x-travelsx-client-ip': `10.9.0.${++ip % 250}`,
          ...(browser.cookie ? { cookie: browser.cookie } : {}),
        },
      }),
    ),
  );
}
async function json(res: Response) {
  return {
    status: res.status,
    body: (await res.json()) as { success: boolean; data?: Record<string, unknown>; error?: { code: string; field?: string; message: string } },
  };
}
async function lastCode(to: string): Promise<string> {
  const [row] = await db
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, to))
    .orderBy(sql`${outbox.id} desc`)
    .limit(1);
  return /\b(\d{6})\b/.exec(row.body)![1];
}
const businessCount = async () => (await db.select({ n: count() }).from(businesses))[0].n;
const signup = (email: string, businessName: string) => ({
  userType: 'travelsx-partner',
  feature: 'signup',
  email,
  businessName,
  countryCode: '91',
  phoneNumber: '9845012345',
  locale: 'en-IN',
});

describe('the platform host', () => {
  it('resolves to the platform (its own row under PLATFORM_NAME), never to an operator', async () => {
    const resolved = await resolveTenantForHost(PLATFORM);
    expect(resolved).toMatchObject({ mode: 'platform', host: 'platform', tenant: { slug: 'platform', name: 'Travelsx' } });
    // an operator cannot be reached as platform.{TRAVEL_HOST} through its slug either
    expect((await resolveTenantForHost('demo.localhost'))?.tenant.slug).toBe('demo');
  });

  it('serves the landing, signup and operator login; other paths are its 404', () => {
    for (const path of ['', '/signup', '/travel/login', '/delivery/login', '/campaign/driver/app', '/privacy'])
      expect([path, decideHostPage({ mode: 'platform' }, path)]).toEqual([path, { action: 'route' }]);
    for (const path of ['/user/home', '/place/chennai', '/ride/summary', '/travel/home', '/no/such/page'])
      expect([path, decideHostPage({ mode: 'platform' }, path)]).toEqual([path, { action: 'not-found' }]);
  });

  it("sends operator hosts' signup pages to the rider home, /in/en to the host's own home, and leaves rider pages alone", () => {
    for (const mode of ['user', 'client'] as const) {
      for (const path of ['/signup', '/business/signup', '/travelx/partner/signup', '/campaign/attach/vehicles'])
        expect(decideHostPage({ mode }, path)).toEqual({ action: 'redirect', path: '/user/home' });
      for (const path of ['/user/home', '/place/chennai', '/travel/login', '/no/such/page'])
        expect(decideHostPage({ mode }, path)).toEqual({ action: 'route' });
    }
    expect(decideHostPage({ mode: 'user' }, '')).toEqual({ action: 'redirect', path: '/user/home' });
    expect(decideHostPage({ mode: 'client' }, '')).toEqual({ action: 'redirect', path: '/travel/home' });
    // the route table's top-level console paths, on every operator host
    for (const mode of ['user', 'client', 'business'] as const) {
      expect(decideHostPage({ mode }, '/rides')).toEqual({ action: 'redirect', path: '/travel/rides' });
      expect(decideHostPage({ mode }, '/drivers/')).toEqual({ action: 'redirect', path: '/travel/drivers' });
      expect(decideHostPage({ mode }, '/events')).toEqual({ action: 'redirect', path: '/travel/events' });
      expect(decideHostPage({ mode }, '/map')).toEqual({ action: 'redirect', path: '/travel/map' });
    }
    expect(decideHostPage({ mode: 'platform' }, '/rides')).toEqual({ action: 'not-found' });
    // an operator's business site keeps its own home; signing up a new business happens on the platform's host
    expect(decideHostPage({ mode: 'business' }, '/business/home')).toEqual({ action: 'route' });
    expect(decideHostPage({ mode: 'business' }, '')).toEqual({ action: 'route' });
    expect(decideHostPage({ mode: 'business' }, '/business/signup')).toEqual({ action: 'platform' });
  });
});

describe('signup', () => {
  it('is refused on an operator host with 403, and nothing is created or sent', async () => {
    const before = await businessCount();
    const sent = await json(await post('/api/auth/otp/send', signup('new@op.example', 'Harbour Line Cabs'), DEMO));
    expect(sent.status).toBe(403);
    expect(sent.body.error?.code).toBe('signup_platform_only');
    expect(await db.select().from(outbox).where(eq(outbox.recipient, 'new@op.example'))).toEqual([]);
    const verified = await json(await post('/api/auth/otp/verify', { ...signup('new@op.example', 'Harbour Line Cabs'), otp: '123456' }, DEMO));
    expect(verified.status).toBe(403);
    expect(await businessCount()).toBe(before);
  });

  it('refuses a name another business holds, compared without case and spaces, before a code is sent and again at verify', async () => {
    const before = await businessCount();
    for (const name of ['Sunrise Cabs Coimbatore', 'sunrise cabs  COIMBATORE', ' SunriseCabsCoimbatore ', 'Travelsx', 'DEMO cabs']) {
      const sent = await json(await post('/api/auth/otp/send', signup('dup@op.example', name)));
      expect([name, sent.status, sent.body.error?.code, sent.body.error?.field]).toEqual([name, 409, 'business_name_taken', 'businessName']);
    }
    expect(await db.select().from(outbox).where(eq(outbox.recipient, 'dup@op.example'))).toEqual([]);
    // a code asked for a free name does not buy a taken one at verify
    expect((await json(await post('/api/auth/otp/send', signup('dup@op.example', 'Unique Cabs Salem')))).status).toBe(200);
    const code = await lastCode('dup@op.example');
    const verified = await json(await post('/api/auth/otp/verify', { ...signup('dup@op.example', 'SUNRISE cabs coimbatore'), otp: code }));
    expect([verified.status, verified.body.error?.code]).toEqual([409, 'business_name_taken']);
    expect(await businessCount()).toBe(before);
    expect(
      await db
        .select()
        .from(businesses)
        .where(sql`${businesses.slug} like 'sunrise-cabs-coimbatore-%'`),
    ).toEqual([]);
    // the same code still signs up the free name (it was not used by the refusal)
    const ok = await json(await post('/api/auth/otp/verify', { ...signup('dup@op.example', 'Unique Cabs Salem'), otp: code }));
    expect(ok.status).toBe(200);
    expect(String(ok.body.data?.redirect)).toMatch(/^http:\/\/unique-cabs-salem\.localhost:3000\/api\/auth\/handoff\?ticket=/);
  });

  it('holds the name rule in the database itself (two writers racing cannot both win)', async () => {
    await expect(createBusiness(db, { slug: 'sunrise-2', name: 'SUNRISE  Cabs coimbatore', countryCode: 'in' })).rejects.toThrow();
    const results = await Promise.allSettled([
      createBusiness(db, { slug: 'race-a', name: 'Race Cabs', countryCode: 'in' }),
      createBusiness(db, { slug: 'race-b', name: 'race cabs', countryCode: 'in' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });
});

describe('operator login on the platform host', () => {
  it("sends the code under the platform's name and hands over to the operator's own console host", async () => {
    const [owner] = await db
      .insert(users)
      .values({ businessId: demoId, role: 'travelsx-partner', name: 'Demo Owner', email: 'owner@demo.example', emailVerifiedAt: new Date() })
      .returning();
    const identity = { userType: 'travelsx-partner', feature: 'login', email: 'owner@demo.example', locale: 'en-IN' };
    expect((await post('/api/auth/otp/send', identity)).status).toBe(200);
    const [mail] = await db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, 'owner@demo.example'))
      .orderBy(sql`${outbox.id} desc`)
      .limit(1);
    expect(mail.subject).toContain('Travelsx');
    const verified = await json(await post('/api/auth/otp/verify', { ...identity, otp: await lastCode('owner@demo.example') }));
    expect(verified.status).toBe(200);
    expect(verified.body.data).toMatchObject({ lp_id: demoId, user_id: owner.id });
    expect(String(verified.body.data?.redirect)).toMatch(/^http:\/\/demo\.localhost:3000\/api\/auth\/handoff\?ticket=/);
  });

  it('refuses riders there (they sign in on their operator site)', async () => {
    const sent = await json(await post('/api/auth/otp/send', { userType: 'travelsx-user', countryCode: '91', phoneNumber: '9845000001', feature: 'login' }));
    expect([sent.status, sent.body.error?.code]).toEqual([403, 'platform_partners_only']);
  });
});

describe('messages carry the sender', () => {
  it('names the operator on every SMS and e-mail it sends, adding the name to a text that lacks it', async () => {
    const sms = await deliver(db, { businessId: demoId, channel: 'sms', to: '+919845000002', purpose: 'sign-in-code', text: 'Your driver is on the way.' });
    expect(sms.message.body).toBe('Demo Cabs: Your driver is on the way.');
    const named = await deliver(db, {
      businessId: demoId,
      channel: 'sms',
      to: '+919845000002',
      purpose: 'sign-in-code',
      text: '1234 is your Demo Cabs sign-in code.',
    });
    expect(named.message.body).toBe('1234 is your Demo Cabs sign-in code.');
    const rows = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, '+919845000002'), eq(outbox.businessId, demoId)));
    expect(rows).toHaveLength(2);
  });
});
