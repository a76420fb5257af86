import { eq, sql } from 'drizzle-orm';
import { callApi } from '../../api';
import { payments, rideEvents, rides } from '@/lib/db/schema';
import { formatAmount, parseAmount, requestHash, responseHash } from '@/lib/payments/payu';
import { isCardConfigured } from '@/lib/payments/config';
import { completePayment, createPayment } from '@/lib/payments/commands';
import type { PayuCallback } from '@/lib/payments/schemas';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../../db';
import { call, cardRide, configurePayu, formRequest, HOST, jsonRequest, KEY, SALT, seed, sha512 } from './fixtures';
import { payuAnswer } from './payu-answer';

const paymentDataRoute = callApi;
const createRoute = callApi;
const paymentRoute = callApi;
const cashRoute = callApi;
const successRoute = callApi;
const failureRoute = callApi;

let db: Db;
let ctx: Awaited<ReturnType<typeof seed>>;

beforeAll(async () => {
  configurePayu(true);
  db = await openTestDb();
  ctx = await seed(db);
});
afterAll(async () => {
  configurePayu(false);
  await closeTestDb();
});

type Form = Record<string, string>;

async function openPayment(rideId: number, cookie = ctx.ashaCookie): Promise<{ txnId: string; form: Form; action: string }> {
  const created = await call(createRoute, jsonRequest('POST', '/api/payments', cookie, { rideId }));
  expect(created.status).toBe(201);
  const { txnId } = created.json;
  const answer = await call(paymentRoute, jsonRequest('GET', `/api/payments/${txnId}?locale=en-IN`, cookie), { txnId });
  expect(answer.status).toBe(200);
  return { txnId, form: answer.json.data, action: answer.json.action };
}

let gatewayIds = 0;
/** What PayU posts back (tests/unit/lib/payments/payu-answer.ts), with a fresh PayU id each time. */
function gatewayAnswer(form: Form, status: string): Form {
  gatewayIds += 1;
  return payuAnswer(form, { status, salt: SALT, mihpayid: `40399371${gatewayIds}`, extra: { cardnum: '512345XXXXXX2346' } });
}

const postSuccess = (fields: Form) => call(successRoute, formRequest('/api/payments/payu/success?locale=en-IN', fields));
const postFailure = (fields: Form) => call(failureRoute, formRequest('/api/payments/payu/failure?locale=en-IN', fields));

async function snapshot(rideId: number) {
  const [ride] = await db.select({ paid: rides.paid, paymentMethod: rides.paymentMethod }).from(rides).where(eq(rides.id, rideId));
  const rows = await db
    .select({ txnid: payments.txnid, status: payments.status, response: payments.response })
    .from(payments)
    .where(eq(payments.rideId, rideId));
  const [events] = await db
    .select({ n: sql<number>`count(*)` })
    .from(rideEvents)
    .where(eq(rideEvents.rideId, rideId));
  return { ride, payments: rows, events: Number(events.n) };
}

describe('PayU hashes', () => {
  const fields = { key: 'JP***g', txnid: 'Tlz3k9a1b2c3d4e5f6', amount: '2450.50', productinfo: 'Ride #42', firstname: 'Asha', email: 'asha@example.in' };

  it('signs a request as sha512(key|txnid|amount|productinfo|firstname|email|udf1..udf5||||||SALT)', () => {
    expect(requestHash(fields, 'S4LT')).toBe(sha512('JP***g|Tlz3k9a1b2c3d4e5f6|2450.50|Ride #42|Asha|asha@example.in|||||||||||S4LT'));
    expect(requestHash({ ...fields, udf1: 'one', udf5: 'five' }, 'S4LT')).toBe(
      sha512('JP***g|Tlz3k9a1b2c3d4e5f6|2450.50|Ride #42|Asha|asha@example.in|one||||five||||||S4LT'),
    );
    expect(requestHash(fields, 'S4LT')).toMatch(/^[0-9a-f]{128}$/);
  });

  it('checks a response as sha512(SALT|status||||||udf5..udf1|email|firstname|productinfo|amount|txnid|key), with additionalCharges in front when present', () => {
    const answer = { ...fields, status: 'success', udf1: 'one', udf5: 'five' };
    expect(responseHash(answer, 'S4LT')).toBe(sha512('S4LT|success||||||five||||one|asha@example.in|Asha|Ride #42|2450.50|Tlz3k9a1b2c3d4e5f6|JP***g'));
    expect(responseHash({ ...answer, additionalCharges: '12.00' }, 'S4LT')).toBe(
      sha512('12.00|S4LT|success||||||five||||one|asha@example.in|Asha|Ride #42|2450.50|Tlz3k9a1b2c3d4e5f6|JP***g'),
    );
  });

  it('formats minor units with 2 decimals and reads them back', () => {
    expect([formatAmount(245050), formatAmount(5), formatAmount(100)]).toEqual(['2450.50', '0.05', '1.00']);
    expect([parseAmount('2450.50'), parseAmount('2450.5'), parseAmount('2450'), parseAmount('1e3'), parseAmount('-1.00')]).toEqual([
      245050,
      245050,
      245000,
      undefined,
      undefined,
    ]);
  });
});

describe('payment form', () => {
  it('carries the stored ride total, the rider, our callbacks and a valid hash; the txnid is at most 25 characters', async () => {
    const ride = await cardRide(db, ctx.demo, ctx.asha.id);
    const { txnId, form, action } = await openPayment(ride.number);
    expect(txnId).toMatch(/^[A-Za-z0-9]{1,25}$/);
    expect(Object.keys(form)).toEqual(['key', 'txnid', 'amount', 'productinfo', 'firstname', 'email', 'phone', 'surl', 'furl', 'hash']);
    expect(form).toMatchObject({
      key: KEY,
      txnid: txnId,
      amount: formatAmount(ride.totalAmount),
      productinfo: `Ride #${ride.number}`,
      firstname: 'Asha Raman',
      phone: '9845012345',
    });
    expect(form.email).toBe('rider-919845012345@example.com');
    expect(form.surl).toBe(`http://${HOST}/api/payments/payu/success?locale=en-IN`);
    expect(form.furl).toBe(`http://${HOST}/api/payments/payu/failure?locale=en-IN`);
    expect(form.hash).toBe(sha512(`${KEY}|${txnId}|${form.amount}|${form.productinfo}|${form.firstname}|${form.email}|||||||||||${SALT}`));
    expect(action).toBe('https://test.payu.in/_payment');
  });

  it("answers the spec's query shape (lp_id, user_id, user_type, txn_id)", async () => {
    const ride = await cardRide(db, ctx.demo, ctx.ravi.id);
    const { txnId, form } = await openPayment(ride.number, ctx.raviCookie);
    const spec = await call(
      paymentDataRoute,
      jsonRequest('GET', `/api/payments?lp_id=1&user_id=${ctx.ravi.id}user_type=travelsx-user&txn_id=${txnId}`, ctx.raviCookie),
    );
    expect(spec.status).toBe(200);
    expect(spec.json.data).toMatchObject({ txnid: txnId, email: 'ravi@example.in', hash: form.hash });
  });

  it("refuses another rider's ride and payment, and a ride that is cancelled", async () => {
    const ride = await cardRide(db, ctx.demo, ctx.asha.id);
    const foreignRide = await call(createRoute, jsonRequest('POST', '/api/payments', ctx.raviCookie, { rideId: ride.number }));
    expect(foreignRide.status).toBe(404);
    const { txnId } = await openPayment(ride.number);
    const foreignPayment = await call(paymentRoute, jsonRequest('GET', `/api/payments/${txnId}`, ctx.raviCookie), { txnId });
    expect(foreignPayment.status).toBe(404);
    const anonymous = await call(paymentRoute, jsonRequest('GET', `/api/payments/${txnId}`, undefined), { txnId });
    expect(anonymous.status).toBe(401);
    await db.update(rides).set({ status: 'cancelled' }).where(eq(rides.id, ride.id));
    const cancelled = await call(createRoute, jsonRequest('POST', '/api/payments', ctx.ashaCookie, { rideId: ride.number }));
    expect(cancelled.status).toBe(409);
  });
});

describe('callbacks', () => {
  it.each([
    ['amount', (f: Form) => ({ ...f, amount: '1.00' })],
    ['status', (f: Form) => ({ ...f, status: 'success' })],
    ['txnid', (f: Form) => ({ ...f, txnid: 'Tforgedtxn0000000' })],
    ['hash', (f: Form) => ({ ...f, hash: sha512('forged') })],
  ])('refuse a tampered %s with a 400 and change nothing', async (_, tamper) => {
    const ride = await cardRide(db, ctx.demo, ctx.asha.id);
    const { form } = await openPayment(ride.number);
    const before = await snapshot(ride.id);
    const signed = gatewayAnswer(form, 'failure');
    const res = await postSuccess(tamper(signed));
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(/^hash: /);
    expect(await snapshot(ride.id)).toEqual(before);
  });

  it('refuse a correctly signed answer with an unknown txnid, another amount or key, or the wrong status', async () => {
    const ride = await cardRide(db, ctx.demo, ctx.asha.id);
    const { form } = await openPayment(ride.number);
    const before = await snapshot(ride.id);
    const cases: [Form, RegExp, typeof postSuccess][] = [
      [gatewayAnswer({ ...form, txnid: 'Tunknown000000000' }, 'success'), /^txnid: /, postSuccess],
      [gatewayAnswer({ ...form, amount: '1.00' }, 'success'), /^amount: /, postSuccess],
      [gatewayAnswer({ ...form, key: 'otherKey' }, 'success'), /^key: /, postSuccess],
      [gatewayAnswer(form, 'failure'), /^status: /, postSuccess],
      [gatewayAnswer(form, 'success'), /^status: /, postFailure],
    ];
    for (const [fields, message, post] of cases) {
      const res = await post(fields);
      expect([res.status, res.json.error.message]).toEqual([400, expect.stringMatching(message)]);
    }
    const malformed = await postSuccess({ txnid: form.txnid });
    expect(malformed.status).toBe(400);
    expect(await snapshot(ride.id)).toEqual(before);
  });

  it('delivered 10 times in a row, a success marks one payment and the ride paid once, answering 303 to the confirmation every time', async () => {
    const ride = await cardRide(db, ctx.demo, ctx.asha.id);
    const { txnId, form } = await openPayment(ride.number);
    const before = await snapshot(ride.id);
    const answer = gatewayAnswer(form, 'success');
    for (let i = 0; i < 10; i += 1) {
      const res = await postSuccess(answer);
      expect([res.status, res.location]).toEqual([303, `/in/en/ride/confirmed?paid=1&rideId=${ride.number}`]);
    }
    const after = await snapshot(ride.id);
    expect(after.ride).toEqual({ paid: true, paymentMethod: 'card' });
    expect(after.payments).toEqual([expect.objectContaining({ txnid: txnId, status: 'success' })]);
    expect(after.payments[0].response).not.toHaveProperty('cardnum');
    expect(after.events).toBe(before.events + 1);
    const [note] = await db
      .select()
      .from(rideEvents)
      .where(eq(rideEvents.rideId, ride.id))
      .orderBy(sql`${rideEvents.id} desc`)
      .limit(1);
    expect(note.note).toContain(txnId);
    const late = await postFailure(gatewayAnswer(form, 'failure'));
    expect([late.status, late.location]).toEqual([303, `/in/en/ride/confirmed?paid=1&rideId=${ride.number}`]);
    expect(await snapshot(ride.id)).toEqual(after);
  });

  it('delivered 10 times at once, a success still changes one payment and one ride', async () => {
    const ride = await cardRide(db, ctx.demo, ctx.asha.id);
    const { form } = await openPayment(ride.number);
    const before = await snapshot(ride.id);
    const answer = gatewayAnswer(form, 'success');
    const results = await Promise.all(Array.from({ length: 10 }, () => postSuccess(answer)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(303));
    const direct = await Promise.all(Array.from({ length: 10 }, () => completePayment(db, answer as PayuCallback, 'success')));
    expect(direct.filter((r) => r.changed)).toHaveLength(0);
    const after = await snapshot(ride.id);
    expect(after.payments.map((p) => p.status)).toEqual(['success']);
    expect(after.ride.paid).toBe(true);
    expect(after.events).toBe(before.events + 1);
  });

  it('a failure lands on the payment-failed page; the rider retries with a new payment or pays cash', async () => {
    const ride = await cardRide(db, ctx.demo, ctx.asha.id);
    const first = await openPayment(ride.number);
    const failed = await postFailure(gatewayAnswer(first.form, 'failure'));
    expect([failed.status, failed.location]).toEqual([303, `/in/en/pay/failed?rideId=${ride.number}`]);
    expect((await snapshot(ride.id)).ride.paid).toBe(false);

    const second = await openPayment(ride.number);
    expect(second.txnId).not.toBe(first.txnId);
    const stale = await call(paymentRoute, jsonRequest('GET', `/api/payments/${first.txnId}`, ctx.ashaCookie), { txnId: first.txnId });
    expect(stale.status).toBe(409);
    expect((await postSuccess(gatewayAnswer(second.form, 'success'))).status).toBe(303);
    const after = await snapshot(ride.id);
    expect(after.ride.paid).toBe(true);
    expect(after.payments.map((p) => p.status).sort()).toEqual(['failure', 'success']);
    expect((await call(createRoute, jsonRequest('POST', '/api/payments', ctx.ashaCookie, { rideId: ride.number }))).status).toBe(409);

    const other = await cardRide(db, ctx.demo, ctx.asha.id);
    const cash = await call(cashRoute, jsonRequest('POST', '/api/payments/cash', ctx.ashaCookie, { rideId: other.number }));
    expect([cash.status, cash.json.data.paymentMethod]).toEqual([200, 'cash']);
    // sent again (nginx's retry after the instance that set it died before answering): the same answer
    const again = await call(cashRoute, jsonRequest('POST', '/api/payments/cash', ctx.ashaCookie, { rideId: other.number }));
    expect([again.status, again.json.data]).toEqual([200, cash.json.data]);
  });
});

describe('without PAYU_KEY and PAYU_SALT', () => {
  afterAll(() => configurePayu(true));

  it('hides card payments: every payment route answers 404 and nothing is written', async () => {
    const ride = await cardRide(db, ctx.demo, ctx.asha.id);
    const { form } = await openPayment(ride.number);
    const before = await snapshot(ride.id);
    configurePayu(false);
    expect(await isCardConfigured(ctx.demo.id)).toBe(false);
    const answers = [
      await call(createRoute, jsonRequest('POST', '/api/payments', ctx.ashaCookie, { rideId: ride.number })),
      await call(paymentRoute, jsonRequest('GET', `/api/payments/${form.txnid}`, ctx.ashaCookie), { txnId: form.txnid }),
      await call(paymentDataRoute, jsonRequest('GET', `/api/payments?txn_id=${form.txnid}`, ctx.ashaCookie)),
      await call(cashRoute, jsonRequest('POST', '/api/payments/cash', ctx.ashaCookie, { rideId: ride.number })),
      await postSuccess(gatewayAnswer(form, 'success')),
      await postFailure(gatewayAnswer(form, 'failure')),
    ];
    for (const answer of answers) expect([answer.status, answer.json.error.message]).toEqual([404, 'Card payments are not configured.']);
    await expect(createPayment(db, ctx.demo, ctx.asha.id, ride.id)).rejects.toMatchObject({ kind: 'not_found' });
    expect(await snapshot(ride.id)).toEqual(before);
  });
});
