import { and, eq, sql } from 'drizzle-orm';
import { outbox, otpCodes } from '@/lib/db/schema';
import { OTP } from '@/lib/auth/constants';
import { CLIENT_IP_HEADER } from '@/lib/http/client-ip';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../db';
import { codeRequestJar } from '../code-request';
import { configureEnv, seedWorld, send, type Answer, type TenantWorld } from './world';

/*
 * Lockout of someone else's sign-in: an anonymous client asks for codes for
 * a victim's phone and guesses wrong, to keep the owner out. The owner, on
 * their own browser and address, must still sign in after a short wait.
 */

let db: Db;
let a: TenantWorld;

beforeAll(async () => {
  configureEnv(true);
  db = await openTestDb();
  a = (await seedWorld(db)).a;
}, 300_000);
afterAll(async () => {
  await closeTestDb();
  configureEnv(false);
});

type Browser = ReturnType<typeof codeRequestJar> & { ip: string };
const browser = (ip: string): Browser => Object.assign(codeRequestJar(), { ip });
const identity = (phone: string) => ({ userType: 'travelsx-user', countryCode: '91', phoneNumber: phone });

async function askCode(who: Browser, phone: string): Promise<Answer> {
  const answer = await send({
    method: 'POST',
    path: '/api/auth/otp/send',
    headers: { [CLIENT_IP_HEADER]: who.ip, ...(who.cookie ? { cookie: who.cookie } : {}) },
    body: identity(phone),
  });
  who.capture(new Response(null, { headers: answer.headers }));
  return answer;
}
const verify = (who: Browser, phone: string, otp: string) =>
  send({
    method: 'POST',
    path: '/api/auth/otp/verify',
    headers: { [CLIENT_IP_HEADER]: who.ip, ...(who.cookie ? { cookie: who.cookie } : {}) },
    body: { ...identity(phone), otp, feature: 'login' },
  });
async function codeSentTo(phone: string): Promise<string> {
  const [row] = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.businessId, a.business.id), eq(outbox.recipient, `+91${phone}`)))
    .orderBy(sql`${outbox.id} desc`)
    .limit(1);
  return /\b(\d{6})\b/.exec(row.body)![1];
}
/** Time passes for this phone's codes (their creation moves back). */
const age = (phone: string, seconds: number) =>
  db
    .update(otpCodes)
    .set({ createdAt: sql`created_at - make_interval(secs => ${seconds})` })
    .where(and(eq(otpCodes.businessId, a.business.id), eq(otpCodes.identifier, `+91${phone}`)));
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

it('five code requests and five wrong guesses each, anonymous, never keep the owner out longer than the short resend wait', async () => {
  const victim = '9845811001';
  const attacker = browser('198.51.100.66');
  for (let round = 0; round < 5; round++) {
    const asked = await askCode(attacker, victim);
    if (asked.status === 429) {
      await age(victim, Number(asked.headers.get('retry-after')) + 1);
      expect((await askCode(attacker, victim)).status).toBe(200);
    }
    for (let guess = 0; guess < OTP.MAX_ATTEMPTS; guess++) expect((await verify(attacker, victim, '000000')).status).toBe(400);
  }
  const owner = browser('203.0.113.7');
  let asked = await askCode(owner, victim);
  if (asked.status === 429) {
    const wait = Number(asked.headers.get('retry-after'));
    expect(wait).toBeLessThanOrEqual(OTP.MAX_RESEND_WAIT_MS / 1000);
    await age(victim, wait + 1);
    asked = await askCode(owner, victim);
  }
  expect(asked.status).toBe(200);
  const signedIn = await verify(owner, victim, await codeSentTo(victim));
  expect(signedIn.status).toBe(200);
  expect(signedIn.headers.get('set-cookie')).toMatch(/^__Host-session=/);
});

it("spends nothing of the owner's code on another client's wrong guesses", async () => {
  const victim = '9845811002';
  const owner = browser('203.0.113.8');
  expect((await askCode(owner, victim)).status).toBe(200);
  const code = await codeSentTo(victim);
  const attacker = browser('198.51.100.67');
  for (let guess = 0; guess < 3 * OTP.MAX_ATTEMPTS; guess++) expect((await verify(attacker, victim, wrongFor(code))).status).toBe(400);
  expect((await verify(owner, victim, code)).status).toBe(200);
});

it('takes a code only from the browser that asked for it (codes are bound to their request)', async () => {
  const victim = '9845811003';
  const owner = browser('203.0.113.9');
  expect((await askCode(owner, victim)).status).toBe(200);
  const code = await codeSentTo(victim);
  expect(code).toMatch(new RegExp(`^\\d{${OTP.LENGTH}}$`));
  expect(OTP.LENGTH).toBeGreaterThanOrEqual(6);
  const stranger = browser('198.51.100.68');
  const taken = await verify(stranger, victim, code);
  expect([taken.status, taken.json?.error?.code]).toEqual([400, 'otp_invalid']);
  expect((await verify(owner, victim, code)).status).toBe(200);
});
