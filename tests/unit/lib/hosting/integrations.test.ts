import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { callApi } from '../../api';
import { operatorIntegrations, users, whatsappInbound } from '@/lib/db/schema';
import { resetEnvForTests } from '@/lib/env';
import { createBusiness } from '@/lib/tenancy/commands';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import { createSession } from '@/lib/auth/session';
import { seal, unseal } from '@/lib/crypto/secrets';
import { payuAnswer as signedCallback, sha512 } from '../payments/payu-answer';
import { backgroundIdle } from '@/lib/whatsapp/background';
import { signBody } from '@/lib/whatsapp/signature';
import { completePayment, createPayment, paymentForm } from '@/lib/payments/commands';
import { isCardConfigured } from '@/lib/payments/config';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../../db';
import { startGraphStandIn } from '../whatsapp/graph-stand-in';
import { cardRide } from '../payments/fixtures';

/*
 * Issue 13 §1 "Integrations per operator": each operator's own WhatsApp Cloud
 * API number and PayU account, sealed at rest (AES-256-GCM), shown back masked,
 * used for its inbound messages and card payments, each with a Test connection
 * that says what failed.
 */

const WA = { phoneNumberId: '109870000001', accessToken: 'EAAGsunriseaccesstokenABCDEFGH1234', appSecret: 'sunrise-app-secret-0123456789abcd' };
const PAYU = { merchantKey: 'SunKey01', salt: 'SunriseSalt42xyz' };

let db: Db;
let graph: Awaited<ReturnType<typeof startGraphStandIn>>;
let payuServer: http.Server;
let payuAnswer = 'Invalid Hash.';
let sun: Awaited<ReturnType<typeof createBusiness>>;
let moon: Awaited<ReturnType<typeof createBusiness>>;
const cookies = { sun: '', moon: '' };

async function partnerCookie(businessId: number, email: string) {
  const [user] = await db.insert(users).values({ businessId, role: 'travelsx-partner', name: email, email }).returning();
  return `__Host-session=${await createSession(db, { id: user.id, businessId })}`;
}

beforeAll(async () => {
  graph = await startGraphStandIn();
  payuServer = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.end(payuAnswer));
  });
  await new Promise<void>((resolve) => payuServer.listen(0, '127.0.0.1', resolve));
  process.env.WHATSAPP_API_BASE = graph.base;
  process.env.PAYU_VERIFY_URL = `http://127.0.0.1:${(payuServer.address() as AddressInfo).port}/merchant/postservice.php?form=2`;
  resetEnvForTests();
  db = await openTestDb();
  clearTenantCache();
  sun = await createBusiness(db, { slug: 'sunrise', name: 'Sunrise Cabs', countryCode: 'in' });
  moon = await createBusiness(db, { slug: 'moonlight', name: 'Moonlight Travels', countryCode: 'in' });
  cookies.sun = await partnerCookie(sun.id, 'owner@sunrise.example');
  cookies.moon = await partnerCookie(moon.id, 'owner@moonlight.example');
});
afterAll(async () => {
  await backgroundIdle();
  await graph.close();
  await new Promise((resolve) => payuServer.close(resolve));
  delete process.env.WHATSAPP_API_BASE;
  delete process.env.PAYU_VERIFY_URL;
  resetEnvForTests();
  await closeTestDb();
});

function api(method: string, path: string, host: string, cookie?: string, body?: unknown) {
  return callApi(
    new Request(`http://${host}${path}`, {
      method,
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: { host, origin: `http://${host}`, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    }),
  );
}
async function json(res: Response) {
  return {
    status: res.status,
    body: (await res.json()) as {
      success: boolean;
      data?: Record<string, unknown> & { whatsapp?: Record<string, unknown>; payu?: Record<string, unknown> };
      error?: { code: string; field?: string; key?: string };
    },
  };
}
const rows = () => db.select().from(operatorIntegrations);

describe('saving credentials', () => {
  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    for (const [body, field] of [
      [{ ...WA, phoneNumberId: 'not-a-number' }, 'phoneNumberId'],
      [{ ...WA, accessToken: 'short' }, 'accessToken'],
      [{ ...WA, appSecret: 'has spaces in it 0123456' }, 'appSecret'],
      [{ phoneNumberId: WA.phoneNumberId }, 'accessToken'],
    ] as const) {
      const res = await json(await api('PUT', '/api/partner/integrations/whatsapp', 'sunrise.localhost', cookies.sun, body));
      expect([res.status, res.body.error?.field]).toEqual([400, field]);
    }
    const payu = await json(await api('PUT', '/api/partner/integrations/payu', 'sunrise.localhost', cookies.sun, { merchantKey: 'bad key!', salt: PAYU.salt }));
    expect([payu.status, payu.body.error?.field, payu.body.error?.key]).toEqual([400, 'merchantKey', 'merchantKeyInvalid']);
    expect(await rows()).toEqual([]);
  });

  it('seals the secrets at rest and answers them masked', async () => {
    const saved = await json(await api('PUT', '/api/partner/integrations/whatsapp', 'sunrise.localhost', cookies.sun, WA));
    expect(saved.status).toBe(200);
    expect(saved.body.data?.whatsapp).toMatchObject({
      phoneNumberId: WA.phoneNumberId,
      accessToken: `••••••••${WA.accessToken.slice(-4)}`,
      appSecret: `••••••••${WA.appSecret.slice(-4)}`,
    });
    expect(await json(await api('PUT', '/api/partner/integrations/payu', 'sunrise.localhost', cookies.sun, PAYU))).toMatchObject({ status: 200 });
    const text = JSON.stringify(await rows());
    for (const secret of [WA.accessToken, WA.appSecret, PAYU.salt]) expect(text).not.toContain(secret);
    const read = await api('GET', '/api/partner/integrations', 'sunrise.localhost', cookies.sun);
    const body = await read.text();
    for (const secret of [WA.accessToken, WA.appSecret, PAYU.salt]) expect(body).not.toContain(secret);
    expect(JSON.parse(body).data).toMatchObject({ developmentKey: true, payu: { merchantKey: PAYU.merchantKey, salt: `••••••••${PAYU.salt.slice(-4)}` } });
  });

  it('binds each sealed value to its operator and kind (moved ciphertext does not open)', () => {
    const sealed = seal('secret', 'operator-integration:1:payu');
    expect(unseal(sealed, 'operator-integration:1:payu')).toBe('secret');
    expect(() => unseal(sealed, 'operator-integration:2:payu')).toThrow();
    expect(() =>
      unseal(
        sealed.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
        'operator-integration:1:payu',
      ),
    ).toThrow();
  });

  it('keeps stored secrets when the fields come back empty', async () => {
    const res = await json(
      await api('PUT', '/api/partner/integrations/whatsapp', 'sunrise.localhost', cookies.sun, {
        phoneNumberId: WA.phoneNumberId,
        accessToken: '',
        appSecret: '',
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.data?.whatsapp).toMatchObject({ accessToken: `••••••••${WA.accessToken.slice(-4)}` });
  });

  it("is tenant-scoped: another operator sees none of it, cannot take the same number, and a session of one is nothing on the other's host", async () => {
    const mine = await json(await api('GET', '/api/partner/integrations', 'moonlight.localhost', cookies.moon));
    expect(mine.body.data).toMatchObject({ whatsapp: null, payu: null });
    const taken = await json(
      await api('PUT', '/api/partner/integrations/whatsapp', 'moonlight.localhost', cookies.moon, {
        ...WA,
        accessToken: 'EAAGmoonlighttoken0123456789',
        appSecret: 'moonlight-secret-0123456789',
      }),
    );
    expect([taken.status, taken.body.error?.code, taken.body.error?.field]).toEqual([409, 'number_taken', 'phoneNumberId']);
    for (const [method, path] of [
      ['GET', '/api/partner/integrations'],
      ['DELETE', '/api/partner/integrations/whatsapp'],
      ['POST', '/api/partner/integrations/payu/test'],
    ] as const) {
      expect([path, (await api(method, path, 'moonlight.localhost', cookies.sun)).status]).toEqual([path, 401]);
    }
    expect((await api('DELETE', '/api/partner/integrations/whatsapp', 'sunrise.localhost')).status).toBe(401);
    expect(await db.select().from(operatorIntegrations).where(eq(operatorIntegrations.businessId, moon.id))).toEqual([]);
  });
});

describe('inbound WhatsApp messages', () => {
  const payload = (id: string, text: string) => ({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'WABA',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { phone_number_id: WA.phoneNumberId },
              contacts: [{ wa_id: '919845012345', profile: { name: 'Asha' } }],
              messages: [{ from: '919845012345', id, type: 'text', text: { body: text } }],
            },
          },
        ],
      },
    ],
  });
  const deliver = (body: unknown, secret: string, host = 'moonlight.localhost') => {
    const raw = JSON.stringify(body);
    return callApi(
      new Request(`http://${host}/api/whatsapp/webhook`, {
        method: 'POST',
        body: raw,
        headers: { host, 'content-type': 'application/json', 'x-hub-signature-256': signBody(raw, secret) },
      }),
    );
  };

  it('go to the operator that owns the number, checked with its app secret, and are answered with its token', async () => {
    // delivered on another operator's host: the number decides
    expect((await deliver(payload('wamid.own.1', 'hi'), 'not-the-secret')).status).toBe(401);
    expect(await db.select().from(whatsappInbound)).toEqual([]);
    const answer = await deliver(payload('wamid.own.2', 'hi'), WA.appSecret);
    expect(answer.status).toBe(200);
    await backgroundIdle();
    expect(await db.select({ businessId: whatsappInbound.businessId }).from(whatsappInbound)).toEqual([{ businessId: sun.id }]);
    const reply = graph.calls.find((c) => c.path.includes(`/${WA.phoneNumberId}/messages`));
    expect(reply?.authorization).toBe(`Bearer ${WA.accessToken}`);
    // the booking agent's first turn loads the place index: seconds, more on a busy machine
  }, 120_000);

  it("answer Meta's handshake with the operator's own verify token on its host", async () => {
    const view = await json(await api('GET', '/api/partner/integrations', 'sunrise.localhost', cookies.sun));
    const token = String(view.body.data?.whatsapp?.verifyToken);
    const ok = await callApi(
      new Request(`http://sunrise.localhost/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=42`, {
        headers: { host: 'sunrise.localhost' },
      }),
    );
    expect([ok.status, await ok.text()]).toEqual([200, '42']);
    const wrong = await callApi(
      new Request(`http://sunrise.localhost/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=42`, {
        headers: { host: 'sunrise.localhost' },
      }),
    );
    expect(wrong.status).toBe(403);
  });
});

describe('card payments with the operator’s own PayU account', () => {
  it('hash the form with its key and salt and accept only callbacks signed with its salt', async () => {
    expect(await isCardConfigured(sun.id)).toBe(true);
    expect(await isCardConfigured(moon.id)).toBe(false);
    const [rider] = await db
      .insert(users)
      .values({ businessId: sun.id, role: 'travelsx-user', name: 'Ravi', phoneCode: '91', phone: '9845077777' })
      .returning();
    const ride = await cardRide(db, sun, rider.id);
    const payment = await createPayment(db, sun, rider.id, ride.id);
    const { data: form } = await paymentForm(db, sun.id, rider.id, payment.txnid, {
      origin: 'http://sunrise.localhost',
      market: { country: 'in', lang: 'en' },
    });
    expect(form.key).toBe(PAYU.merchantKey);
    expect(form.hash).toBe(
      sha512(`${PAYU.merchantKey}|${form.txnid}|${form.amount}|${form.productinfo}|${form.firstname}|${form.email}|||||||||||${PAYU.salt}`),
    );
    const answer = (salt: string) => signedCallback(form, { salt, mihpayid: '4039' });
    await expect(completePayment(db, answer('someone-elses-salt') as never, 'success', sun.id)).rejects.toMatchObject({ field: 'hash' });
    expect(await completePayment(db, answer(PAYU.salt) as never, 'success', sun.id)).toMatchObject({ rideId: ride.id, status: 'success' });
  });
});

describe('Test connection', () => {
  it('reports what PayU said about the key and salt', async () => {
    payuAnswer = 'Invalid Hash.';
    const refused = await json(await api('POST', '/api/partner/integrations/payu/test', 'sunrise.localhost', cookies.sun));
    expect(refused.body.data).toMatchObject({ ok: false, message: expect.stringMatching(/salt does not belong/) });
    payuAnswer = JSON.stringify({ status: 0, msg: '0 out of 1 Transactions Fetched Successfully', transaction_details: { x: { status: 'Not Found' } } });
    const accepted = await json(await api('POST', '/api/partner/integrations/payu/test', 'sunrise.localhost', cookies.sun));
    expect(accepted.body.data).toMatchObject({ ok: true });
    const [row] = await db
      .select()
      .from(operatorIntegrations)
      .where(and(eq(operatorIntegrations.businessId, sun.id), eq(operatorIntegrations.kind, 'payu')));
    expect(row.testResult).toMatch(/^ok: /);
  });

  it('reports a network failure honestly, naming the host and the error', async () => {
    process.env.WHATSAPP_API_BASE = 'http://127.0.0.1:3219/v21.0'; // nothing listens there (this branch's port range)
    resetEnvForTests();
    const failed = await json(await api('POST', '/api/partner/integrations/whatsapp/test', 'sunrise.localhost', cookies.sun));
    expect(failed.body.data).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Could not reach the WhatsApp Cloud API at 127\.0\.0\.1:3219: ECONNREFUSED/),
    });
    process.env.WHATSAPP_API_BASE = graph.base;
    resetEnvForTests();
    const ok = await json(await api('POST', '/api/partner/integrations/whatsapp/test', 'sunrise.localhost', cookies.sun));
    expect(ok.body.data).toMatchObject({ ok: true });
  });

  it('refuses a kind it does not know and a test before anything is saved', async () => {
    expect((await api('POST', '/api/partner/integrations/sms/test', 'sunrise.localhost', cookies.sun)).status).toBe(404);
    const none = await json(await api('POST', '/api/partner/integrations/payu/test', 'moonlight.localhost', cookies.moon));
    expect([none.status, none.body.error?.code]).toEqual([404, 'integration_none']);
  });
});
