import { and, eq, sql } from 'drizzle-orm';
import { callApi } from '../api';
import { outbox, users } from '@/lib/db/schema';
import { createSession } from '@/lib/auth/session';
import { createBusiness } from '@/lib/tenancy/commands';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import { ensurePlatformTenant } from '@/lib/tenancy/platform-seed';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../db';
import { codeRequestJar } from '../code-request';

/*
 * Sign-in landing in someone else's console: an operator sets its account
 * e-mail to another person's address; that person signs in on the platform's
 * host and must land in their own console, never the attacker's.
 */

let db: Db;
const PLATFORM = 'platform.localhost:3000';
const VICTIM = 'owner@victim-cabs.example';
let ip = 0;
const browser = codeRequestJar();
let victim: { businessId: number; userId: number };
let attacker: { businessId: number; userId: number; cookie: string; host: string };

beforeAll(async () => {
  db = await openTestDb();
  clearTenantCache();
  await ensurePlatformTenant(db);
  const victimBusiness = await createBusiness(db, { slug: 'victim-cabs', name: 'Victim Cabs', countryCode: 'in' });
  const [owner] = await db
    .insert(users)
    .values({ businessId: victimBusiness.id, role: 'travelsx-partner', name: 'Owner', email: VICTIM, emailVerifiedAt: new Date() })
    .returning();
  victim = { businessId: victimBusiness.id, userId: owner.id };
  const evil = await createBusiness(db, { slug: 'evil-cabs', name: 'Evil Cabs', countryCode: 'in' });
  const [mallory] = await db
    .insert(users)
    .values({ businessId: evil.id, role: 'travelsx-partner', name: 'Mallory', email: 'mallory@evil.example', emailVerifiedAt: new Date() })
    .returning();
  attacker = { businessId: evil.id, userId: mallory.id, cookie: `__Host-session=${await createSession(db, mallory)}`, host: 'evil-cabs.localhost:3000' };
});
afterAll(closeTestDb);

async function call(method: string, path: string, body: unknown, { host = PLATFORM, cookie }: { host?: string; cookie?: string } = {}) {
  const cookies = [cookie, browser.cookie].filter(Boolean).join('; ');
  return browser.capture(
    await callApi(
      new Request(`http://${host}${path}`, {
        method,
        body: JSON.stringify(body),
        headers: {
          host,
          origin: `http://${host}`,
          'content-type': 'application/json',
          'x-travelsx-client-ip': `10.8.0.${++ip % 250}`,
          ...(cookies ? { cookie: cookies } : {}),
        },
      }),
    ),
  );
}
async function json(res: Response) {
  return { status: res.status, body: (await res.json()) as { data?: Record<string, unknown>; error?: { code: string; field?: string } } };
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
const login = { userType: 'travelsx-partner', feature: 'login', locale: 'en-IN' };
const emailOf = async (userId: number) => (await db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0].email;

it("refuses an operator setting its sign-in e-mail to another person's address without a code", async () => {
  const answer = await json(await call('PATCH', '/api/profile', { name: 'Mallory', email: VICTIM }, { host: attacker.host, cookie: attacker.cookie }));
  expect([answer.status, answer.body.error?.code, answer.body.error?.field]).toEqual([400, 'email_change_needs_code', 'email']);
  expect(await emailOf(attacker.userId)).toBe('mallory@evil.example');
});

it('signs the owner in to their own console, never to one whose e-mail was typed in unproven', async () => {
  // an address that got into an account without a code (as the profile route allowed before)
  await db.update(users).set({ email: VICTIM, emailVerifiedAt: null }).where(eq(users.id, attacker.userId));
  expect((await call('POST', '/api/auth/otp/send', { ...login, email: VICTIM })).status).toBe(200);
  const verified = await json(await call('POST', '/api/auth/otp/verify', { ...login, email: VICTIM, otp: await lastCode(VICTIM) }));
  expect(verified.status).toBe(200);
  expect(verified.body.data).toMatchObject({ lp_id: victim.businessId, user_id: victim.userId });
  expect(String(verified.body.data?.redirect)).toMatch(/^http:\/\/victim-cabs\.localhost:3000\//);
  await db.update(users).set({ email: 'mallory@evil.example', emailVerifiedAt: new Date() }).where(eq(users.id, attacker.userId));
});

it('changes a sign-in e-mail only with the code sent to the new address', async () => {
  const next = 'desk@evil.example';
  const asked = await call('POST', '/api/profile/email', { email: next }, { host: attacker.host, cookie: attacker.cookie });
  expect(asked.status).toBe(200);
  const [mail] = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, next), eq(outbox.businessId, attacker.businessId)));
  expect(mail).toMatchObject({ purpose: 'sign-in-code', channel: 'email' });
  const wrong = await json(await call('POST', '/api/profile/email/verify', { email: next, otp: '000000' }, { host: attacker.host, cookie: attacker.cookie }));
  expect([wrong.status, wrong.body.error?.code]).toEqual([400, 'otp_invalid']);
  expect(await emailOf(attacker.userId)).toBe('mallory@evil.example');
  // a code for this address never confirms another one
  const other = await json(
    await call('POST', '/api/profile/email/verify', { email: VICTIM, otp: await lastCode(next) }, { host: attacker.host, cookie: attacker.cookie }),
  );
  expect(other.status).toBe(400);
  const ok = await json(
    await call('POST', '/api/profile/email/verify', { email: next, otp: await lastCode(next) }, { host: attacker.host, cookie: attacker.cookie }),
  );
  expect(ok.status).toBe(200);
  expect(await emailOf(attacker.userId)).toBe(next);
});

it('lets one person with two businesses choose which console to open; the code opens only the one chosen', async () => {
  const BOSS = 'boss@two-fleets.example';
  const second = await createBusiness(db, { slug: 'victim-tours', name: 'Victim Tours', countryCode: 'in' });
  const [first] = await db
    .insert(users)
    .values([
      { businessId: victim.businessId, role: 'travelsx-partner', name: 'Boss', email: BOSS, emailVerifiedAt: new Date() },
      { businessId: second.id, role: 'travelsx-partner', name: 'Boss', email: BOSS, emailVerifiedAt: new Date() },
    ])
    .returning();
  expect((await call('POST', '/api/auth/otp/send', { ...login, email: BOSS })).status).toBe(200);
  const otp = await lastCode(BOSS);
  const asked = await json(await call('POST', '/api/auth/otp/verify', { ...login, email: BOSS, otp }));
  expect(asked.status).toBe(200);
  expect(asked.body.data).toMatchObject({ redirect: null, user_id: null });
  expect(asked.body.data?.choices).toEqual([
    { business: 'victim-tours', name: 'Victim Tours' },
    { business: 'victim-cabs', name: 'Victim Cabs' },
  ]);
  const refused = await json(await call('POST', '/api/auth/otp/verify', { ...login, email: BOSS, otp, business: 'evil-cabs' }));
  expect([refused.status, refused.body.error?.code]).toEqual([404, 'no_account']);
  const opened = await json(await call('POST', '/api/auth/otp/verify', { ...login, email: BOSS, otp, business: 'victim-cabs' }));
  expect(opened.body.data).toMatchObject({ lp_id: victim.businessId, user_id: first.id });
  expect(String(opened.body.data?.redirect)).toMatch(/^http:\/\/victim-cabs\.localhost:3000\//);
  // used: the code opens nothing more
  const again = await json(await call('POST', '/api/auth/otp/verify', { ...login, email: BOSS, otp, business: 'victim-tours' }));
  expect([again.status, again.body.error?.code]).toEqual([400, 'otp_invalid']);
});
