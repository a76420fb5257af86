import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { callApi } from '../../api';
import { PDFParse } from 'pdf-parse';
import { invoiceSettings, invoices, jobs, payments, refunds, rides, walletEntries, type Ride } from '@/lib/db/schema';
import { invoiceLabel } from '@/lib/invoice/invoices';
import { renderInvoicePdf } from '@/lib/invoice/pdf';
import { resetEnvForTests } from '@/lib/env';
import { runDueJobs } from '@/lib/jobs/queue';
import { DEFAULT_CANCELLATION_RULES } from '@/lib/money/cancellation';
import { saveCancellationRules } from '@/lib/money/cancellation-rules';
import { registerRefundJobs, runRefund } from '@/lib/payments/refund-job';
import { refundCompletedRide } from '@/lib/money/refunds';
import { DomainError } from '@/lib/errors/domain-error';
import { transitionRide } from '@/lib/rides/lifecycle';
import { applyRideAction } from '@/lib/rides/partner';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../../db';
import { accept, book, makeWorld, request, type World } from '../trust/fixtures';
import { startPayuStandIn, type PayuStandIn } from './payu-stand-in';

const KEY = 'rfKey01';
const SALT = 'rfSalt0123';
const HOUR = 3600_000;

let db: Db;
let world: World;
let other: World;
let payu: PayuStandIn;
let mihpayids = 403993715500;

beforeAll(async () => {
  payu = await startPayuStandIn(KEY, SALT);
  Object.assign(process.env, { PAYU_KEY: KEY, PAYU_SALT: SALT, PAYU_MODE: 'test', PAYU_VERIFY_URL: payu.url });
  resetEnvForTests();
  db = await openTestDb();
  clearTenantCache();
  world = await makeWorld(db, 'demo');
  other = await makeWorld(db, 'acme');
  registerRefundJobs();
});
afterAll(async () => {
  await closeTestDb();
  await payu.close();
  for (const name of ['PAYU_KEY', 'PAYU_SALT', 'PAYU_MODE', 'PAYU_VERIFY_URL']) delete process.env[name];
  resetEnvForTests();
});
beforeEach(() => {
  payu.script.length = 0;
});

/** A booked ride paid by card: PayU's verified callback stored its mihpayid. */
async function cardRide(on: World = world): Promise<Ride & { mihpayid: string }> {
  const ride = await book(db, on, { paymentMethod: 'card' });
  const mihpayid = String(++mihpayids);
  await db.insert(payments).values({
    txnid: `T${ride.id}r${mihpayid}`,
    businessId: on.id,
    rideId: ride.id,
    userId: ride.riderId,
    amount: ride.totalAmount,
    currency: 'INR',
    status: 'success',
    gatewayId: mihpayid,
  });
  const [paid] = await db.update(rides).set({ paid: true }).where(eq(rides.id, ride.id)).returning();
  return Object.assign(paid, { mihpayid });
}

const cancelByRider = (ride: Ride, refundTo?: 'provider' | 'wallet') =>
  transitionRide(db, {
    businessId: ride.businessId,
    rideId: ride.id,
    to: 'cancelled',
    actorUserId: ride.riderId,
    riderId: ride.riderId,
    cancelledBy: 'rider',
    refundTo,
  });

/** Runs the due jobs `hours` ahead of now (past every back-off). */
const runJobs = (hours = 0) => runDueJobs(db, 'refund-test', new Date(Date.now() + hours * HOUR));

const refundsOf = (rideId: number) => db.select().from(refunds).where(eq(refunds.rideId, rideId));
const ledgerOf = async (rideId: number) => db.select().from(walletEntries).where(eq(walletEntries.rideId, rideId));
const kinds = async (rideId: number) => (await ledgerOf(rideId)).map((e) => e.kind).sort();
const takenFor = (mihpayid: string) => [...payu.taken.values()].filter((t) => t.mihpayid === mihpayid);

describe('refund of a cancelled card ride', () => {
  it('inside the free window: the whole payment goes back through PayU, asked once in its documented format, each step in the ledger', async () => {
    const ride = await cardRide();
    await cancelByRider(ride);
    const [requested] = await refundsOf(ride.id);
    expect(requested).toMatchObject({ method: 'provider', status: 'requested', amount: ride.totalAmount });
    await runJobs();
    const form = payu.requests.at(-1)!;
    expect(form).toMatchObject({
      key: KEY,
      command: 'cancel_refund_transaction',
      var1: ride.mihpayid,
      var2: requested.token,
      var3: (ride.totalAmount / 100).toFixed(2),
    });
    expect(form.var2.length).toBeLessThanOrEqual(23);
    expect(form.hash).toBe(createHash('sha512').update(`${KEY}|cancel_refund_transaction|${ride.mihpayid}|${SALT}`).digest('hex'));
    const [done] = await refundsOf(ride.id);
    expect(done).toMatchObject({ status: 'refunded', attempts: 1 });
    expect(done.providerRequestId).toMatch(/^\d+$/);
    expect(await kinds(ride.id)).toEqual(['cashback_pending', 'cashback_reversal', 'refund_paid', 'refund_requested']);
    const entries = await ledgerOf(ride.id);
    expect(entries.reduce((sum, e) => sum + e.refund, 0)).toBe(0);
    expect(entries.reduce((sum, e) => sum + e.available, 0)).toBe(0);
    // My rides says where the money is
    const mine = await (await callApi(request(world, '/api/rides'))).json();
    expect(mine.data.past.find((r: { id: number }) => r.id === ride.number).refunds).toMatchObject([
      { amount: ride.totalAmount, method: 'provider', status: 'refunded' },
    ]);
  });

  it('after the free window: the payment less the fee goes back; the fee is the operator’s', async () => {
    await saveCancellationRules(db, world.id, { ...DEFAULT_CANCELLATION_RULES, outstation: { freeMinutes: 48 * 60, feeType: 'percent', feeValue: 2500 } });
    try {
      const ride = await cardRide();
      const cancelled = await cancelByRider(ride);
      const fee = Math.round(ride.totalAmount / 4);
      expect(cancelled.cancellationFee).toBe(fee);
      await runJobs();
      expect(takenFor(ride.mihpayid)).toEqual([{ mihpayid: ride.mihpayid, amount: ((ride.totalAmount - fee) / 100).toFixed(2) }]);
      const entries = await ledgerOf(ride.id);
      expect(entries.find((e) => e.kind === 'cancellation_fee')?.available).toBe(fee);
    } finally {
      await saveCancellationRules(db, world.id, { ...DEFAULT_CANCELLATION_RULES });
    }
  });

  it('to the wallet when the rider chooses it: credited at once, nothing asked of PayU', async () => {
    const ride = await cardRide();
    const before = payu.requests.length;
    await cancelByRider(ride, 'wallet');
    await runJobs();
    expect(payu.requests.length).toBe(before);
    const [refund] = await refundsOf(ride.id);
    expect(refund).toMatchObject({ method: 'wallet', status: 'refunded' });
    const riderCredit = (await ledgerOf(ride.id)).filter((e) => e.kind === 'refund_to_wallet');
    expect(riderCredit).toMatchObject([{ userId: ride.riderId, available: ride.totalAmount }]);
  });

  it('is retried by the job queue after PayU fails twice (a 500, then a page that is not JSON), then paid once', async () => {
    payu.script.push('500', 'not-json');
    const ride = await cardRide();
    await cancelByRider(ride);
    await runJobs();
    expect((await refundsOf(ride.id))[0]).toMatchObject({ status: 'requested', attempts: 1 });
    await runJobs(1);
    await runJobs(2);
    const [refund] = await refundsOf(ride.id);
    expect(refund).toMatchObject({ status: 'refunded', attempts: 3, lastError: null });
    expect(takenFor(ride.mihpayid)).toHaveLength(1);
    const entries = await ledgerOf(ride.id);
    expect(entries.filter((e) => e.kind === 'refund_failed')).toHaveLength(2);
    expect(entries.filter((e) => e.kind === 'refund_paid')).toHaveLength(1);
    // a stale job run again (a restart, a second instance) changes nothing
    await runRefund(db, refund.id, 1);
    expect(takenFor(ride.mihpayid)).toHaveLength(1);
    expect((await ledgerOf(ride.id)).filter((e) => e.kind === 'refund_paid')).toHaveLength(1);
  });

  it('survives a restart after PayU took it but before it was recorded: the reclaimed job reads "token already exists" as taken and records it once', async () => {
    const ride = await cardRide();
    await cancelByRider(ride);
    const [refund] = await refundsOf(ride.id);
    // the process that asked PayU died before writing down the answer: PayU holds the token
    payu.taken.set(refund.token, { mihpayid: ride.mihpayid, amount: (refund.amount / 100).toFixed(2) });
    await db.execute(
      sql`update ${jobs} set status = 'running', locked_at = now() - interval '10 minutes', locked_by = 'dead' where key = ${`refund:${refund.id}:0`}`,
    );
    await runJobs();
    expect((await refundsOf(ride.id))[0]).toMatchObject({ status: 'refunded' });
    expect(takenFor(ride.mihpayid)).toHaveLength(1);
    expect((await ledgerOf(ride.id)).filter((e) => e.kind === 'refund_paid')).toHaveLength(1);
  });

  it('is failed and shown when PayU refuses it for good, and then may go to the wallet once', async () => {
    payu.script.push('refuse');
    const ride = await cardRide();
    await cancelByRider(ride);
    await runJobs();
    const [failed] = await refundsOf(ride.id);
    expect(failed).toMatchObject({ status: 'failed', providerRefused: true });
    expect(failed.lastError).toMatch(/Invalid amount/);
    const retry = (toWallet: boolean) =>
      callApi(request(world, `/api/partner/refunds/${failed.id}/retry`, { cookie: world.partnerCookie, body: { toWallet } }));
    // the same retry twice at once (a double click, or nginx retrying it on another instance): one payment, the same answer
    const [first, second] = await Promise.all([retry(true), retry(true)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((await second.json()).data).toEqual((await first.json()).data);
    expect((await ledgerOf(ride.id)).filter((e) => e.kind === 'refund_to_wallet')).toMatchObject([{ available: ride.totalAmount }]);
    const foreign = await callApi(request(other, `/api/partner/refunds/${failed.id}/retry`, { cookie: other.partnerCookie, body: { toWallet: false } }));
    expect(foreign.status).toBe(404);
  });
});

describe('the operator refunds a completed ride', () => {
  async function completedCardRide() {
    const ride = await cardRide();
    await accept(db, world, ride.id);
    await applyRideAction(db, world.id, world.partnerId, ride.id, { action: 'start', startCode: ride.startCode });
    const done = await applyRideAction(db, world.id, world.partnerId, ride.id, { action: 'complete' });
    return Object.assign(done, { mihpayid: ride.mihpayid });
  }
  const refund = (ride: Ride, body: Record<string, unknown>, cookie = world.partnerCookie, on = world) =>
    callApi(request(on, `/api/partner/rides/${ride.number}/refunds`, { cookie, body }));

  it('refunds part to the card with a reason, taken from the operator’s balance; a repeated click is the same refund', async () => {
    const ride = await completedCardRide();
    const body = { amount: 150.25, reason: 'AC did not work', method: 'provider', idempotencyKey: 'console-click-0001' };
    const answers = await Promise.all([refund(ride, body), refund(ride, body), refund(ride, body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
    expect(await refundsOf(ride.id)).toHaveLength(1);
    await runJobs();
    expect(takenFor(ride.mihpayid)).toEqual([{ mihpayid: ride.mihpayid, amount: '150.25' }]);
    const requested = (await ledgerOf(ride.id)).find((e) => e.kind === 'refund_requested');
    expect(requested).toMatchObject({ userId: null, available: -15_025, refund: 15_025 });
  });

  it('pays once when ten different requests for the whole fare race: one is taken, nine are refused naming the amount', async () => {
    const ride = await completedCardRide();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        refundCompletedRide(db, world.id, ride.id, {
          method: 'provider',
          amount: ride.totalAmount,
          reason: 'double click',
          idempotencyKey: `race-${ride.id}-${i}`,
          requestedBy: world.partnerId,
        }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const failed of outcomes.filter((o) => o.status === 'rejected')) {
      expect((failed as PromiseRejectedResult).reason).toBeInstanceOf(DomainError);
      expect((failed as PromiseRejectedResult).reason).toMatchObject({ code: 'refund_above_paid', field: 'amount' });
    }
    await runJobs();
    expect(takenFor(ride.mihpayid)).toHaveLength(1);
    const [{ total }] = await db
      .select({ total: sql<string>`sum(${walletEntries.refund}) filter (where ${walletEntries.kind} = 'refund_requested')` })
      .from(walletEntries)
      .where(and(eq(walletEntries.rideId, ride.id)));
    expect(Number(total)).toBe(ride.totalAmount);
  });

  it.each([
    [{ amount: 999_999, reason: 'too much', method: 'provider', idempotencyKey: 'too-much-0001' }, 409, 'amount', /at most what was paid/],
    [{ amount: -10, reason: 'negative', method: 'wallet', idempotencyKey: 'negative-0001' }, 400, 'amount', /above zero/],
    [{ amount: 10.123, reason: 'three decimals', method: 'wallet', idempotencyKey: 'decimals-0001' }, 400, 'amount', /.+/],
    [{ amount: 10, reason: '', method: 'wallet', idempotencyKey: 'no-reason-01' }, 400, 'reason', /reason/i],
    [{ amount: 10, reason: 'where to?', method: 'cheque', idempotencyKey: 'cheque-00001' }, 400, 'method', /.+/],
  ])('refuses %j with %i naming the field, paying and storing nothing', async (body, status, field, message) => {
    const ride = await completedCardRide();
    const answer = await refund(ride, body);
    expect(answer.status).toBe(status);
    const { error } = await answer.json();
    expect(error.field).toBe(field);
    expect(error.message).toMatch(message);
    expect(await refundsOf(ride.id)).toEqual([]);
  });

  it('re-issues the invoice once per refund paid, with a number of its own, each refund itemised and the tax on what is left', async () => {
    // a GST-registered operator (CGST + SGST at 5 %), so the re-issue recomputes the tax
    await db
      .insert(invoiceSettings)
      .values({ businessId: world.id, legalName: 'Demo Travels Pvt Ltd', taxNumber: '33ABCDE1234F1Z5', taxRateBps: 500, supplyType: 'intra' });
    const ride = await completedCardRide();
    const revisions = () => db.select().from(invoices).where(eq(invoices.rideId, ride.id)).orderBy(invoices.revision);
    const [first] = await revisions();
    expect(first.revision).toBe(1);

    const toWallet = { amount: 100, reason: 'Late pickup', method: 'wallet', idempotencyKey: 'reissue-wallet-01' };
    expect((await refund(ride, toWallet)).status).toBe(201);
    expect((await refund(ride, toWallet)).status).toBe(200); // the same click again: no second revision
    const toCard = { amount: 50.5, reason: 'AC did not work', method: 'provider', idempotencyKey: 'reissue-card-0001' };
    expect((await refund(ride, toCard)).status).toBe(201);
    expect(await revisions()).toHaveLength(2); // the card refund is not paid yet
    await runJobs();
    await runJobs(); // a job run again after it was paid adds nothing

    const all = await revisions();
    expect(all.map((i) => i.revision)).toEqual([1, 2, 3]);
    expect(new Set(all.map((i) => i.number)).size).toBe(3);
    const last = all[2];
    expect(last.number).toBeGreaterThan(all[1].number);
    expect(last.data.replaces).toBe(all[1].number);
    expect(all[1].data.replaces).toBe(first.number);
    expect(last.data.refunds?.map((r) => [r.method, r.amount, r.reason])).toEqual([
      ['wallet', 10_000, 'Late pickup'],
      ['provider', 5_050, 'AC did not work'],
    ]);
    expect(last.data.refunded).toBe(15_050);
    // everything else is the invoice as issued; the tax is what is included in the total after refunds
    expect({ ...last.data, refunds: undefined, refunded: undefined, replaces: undefined, taxes: undefined, taxableValue: undefined }).toEqual({
      ...first.data,
      taxes: undefined,
      taxableValue: undefined,
    });
    expect(last.data.taxes.map((tax) => tax.code)).toEqual(['cgst', 'sgst']);
    const taxes = last.data.taxes.reduce((sum, tax) => sum + tax.amount, 0);
    expect(last.data.taxableValue + taxes + Math.min(first.data.untaxedTolls ?? 0, first.data.total - 15_050)).toBe(first.data.total - 15_050);

    // the download is the latest revision, and the PDF says what it replaces and itemises the refunds
    const download = await callApi(request(world, `/api/rides/${ride.number}/invoice?lang=en`));
    expect(download.headers.get('content-disposition')).toContain(`${invoiceLabel(last.number)}.pdf`);
    const text = (await new PDFParse({ data: new Uint8Array(await renderInvoicePdf(last, { lang: 'en', tenantSlug: 'demo' })) }).getText()).text;
    expect(text).toContain(`Replaces invoice ${invoiceLabel(all[1].number)}`);
    expect(text).toMatch(/Refunded to the wallet on .+: Late pickup/);
    expect(text).toMatch(/Refunded to the card on .+: AC did not work/);
    expect(text).toContain('Total after refunds');
  });

  it('refuses an open ride, another operator’s ride and a rider', async () => {
    const open = await cardRide();
    const body = { amount: 10, reason: 'goodwill', method: 'wallet', idempotencyKey: 'open-ride-001' };
    const answer = await refund(open, body);
    expect(answer.status).toBe(409);
    expect((await answer.json()).error.field).toBe('rideId');
    const foreign = await refund(open, body, other.partnerCookie, other);
    expect(foreign.status).toBe(404);
    expect((await refund(open, body, world.riderCookie)).status).toBe(403);
    expect(await refundsOf(open.id)).toEqual([]);
  });
});
