import { eq } from 'drizzle-orm';
import { callApi } from '../../api';
import { businesses, promoCodes, promoRedemptions, refunds, rides, users, walletEntries, type WalletEntry } from '@/lib/db/schema';
import { createSession } from '@/lib/auth/session';
import { createQuote } from '@/lib/fares/quote';
import { resetEnvForTests } from '@/lib/env';
import { runDueJobs } from '@/lib/jobs/queue';
import { DEFAULT_CANCELLATION_RULES } from '@/lib/money/cancellation';
import { saveCancellationRules } from '@/lib/money/cancellation-rules';
import { moneyReport } from '@/lib/money/reconciliation';
import { registerRefundJobs } from '@/lib/payments/refund-job';
import { addDays } from '@/lib/partner/dates';
import { moneyRange } from '@/lib/partner/money-range';
import { localDate } from '@/lib/time/zoned';
import { commissionOf } from '@/lib/wallet/ledger';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../../db';
import { freeDriver, makeWorld, request, trip, type World } from '../trust/fixtures';
import { startPayuStandIn, type PayuStandIn } from './payu-stand-in';
import { payuAnswer } from '../payments/payu-answer';

/*
 * The ledger under the booking bench's load (docs/architecture/money.md#under-load):
 * 32 clients at once, like bench/booking.mjs's 32 connections, book a mix of
 * rides through POST /api/rides (some with a promo code whose uses run out),
 * pay some by card through PayU's success callback, then complete or cancel
 * them (inside the free window or late) through the rider's and the console's
 * routes, a share of every state-changing request sent twice at once (a double
 * click, a retry). The refunds are then paid by two job workers racing. Every
 * ride must end with exactly the ledger entries its final state calls for, and
 * the money report must match the clients' own bookkeeping to the minor unit.
 */

const CLIENTS = 32;
const RIDES_PER_CLIENT = 8;
const PROMO_USES = 40;
const PROMO_VALUE = 100; // major units, fixed
const LATE_FEE_BPS = 2500;
const ZONE = 'Asia/Kolkata';
const KEY = 'ldKey01';
const SALT = 'ldSalt0123';

type Plan = 'cash-complete' | 'card-complete' | 'upi-complete' | 'card-free' | 'card-late' | 'cash-free' | 'card-free-wallet' | 'cash-late';
const PLANS: Plan[] = ['cash-complete', 'card-complete', 'upi-complete', 'card-free', 'card-late', 'cash-free', 'card-free-wallet', 'cash-late'];

/** What the clients were told: the ride as the last 2xx answer gave it, and what was paid. */
type Acked = {
  client: number;
  number: number;
  plan: Plan;
  twice: boolean;
  promo: boolean;
  startCode: string;
  paid: number;
  ride: {
    status: string;
    totalAmount: number;
    rideAmount: number;
    discountAmount: number;
    cashbackAmount: number;
    cancellationFee: number;
    paymentMethod: string;
  };
};

let db: Db;
let world: World;
let payu: PayuStandIn;
let operations = 0;
let duplicates = 0;
let refused = 0;
const acked: Acked[] = [];
/** Answers to a repeated request other than the ride itself or a refusal of a move already made. */
const strays: string[] = [];

async function send(req: Request): Promise<{ status: number; json: { data?: unknown; error?: { code?: string } } & Record<string, unknown> }> {
  operations += 1;
  const res = await callApi(req);
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : {} };
}

/** Sends the request once, or twice at once (a double click): answers the first 2xx; the second must be a 2xx too or a refusal of a move already made. */
async function sendMaybeTwice(twice: boolean, make: () => Request) {
  if (!twice) return send(make());
  duplicates += 1;
  const answers = await Promise.all([send(make()), send(make())]);
  const ok = answers.filter((a) => a.status < 300);
  if (!ok.length) return answers[0];
  for (const other of answers)
    if (other.status >= 300 && other.json.error?.code !== 'illegal_transition') strays.push(`${make().url}: ${other.status} ${JSON.stringify(other.json)}`);
  return ok[0];
}

function expectOk(answer: { status: number; json: unknown }, what: string) {
  if (answer.status >= 300) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.json)}`);
}

const callback = (fields: Record<string, string>) =>
  new Request(`http://${world.host}/api/payments/payu/success?locale=en-IN`, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { host: world.host, origin: 'https://test.payu.in', 'sec-fetch-site': 'cross-site', 'content-type': 'application/x-www-form-urlencoded' },
  });

beforeAll(async () => {
  payu = await startPayuStandIn(KEY, SALT);
  Object.assign(process.env, { PAYU_KEY: KEY, PAYU_SALT: SALT, PAYU_MODE: 'test', PAYU_VERIFY_URL: payu.url, RATE_LIMITS: 'off' });
  resetEnvForTests();
  db = await openTestDb();
  clearTenantCache();
  world = await makeWorld(db, 'demo');
  registerRefundJobs();
});
afterAll(async () => {
  await closeTestDb();
  await payu.close();
  for (const name of ['PAYU_KEY', 'PAYU_SALT', 'PAYU_MODE', 'PAYU_VERIFY_URL', 'RATE_LIMITS']) delete process.env[name];
  resetEnvForTests();
});

it(`keeps the ledger exact under ${CLIENTS} concurrent clients: no entry lost or doubled`, async () => {
  const started = Date.now();
  // outstation rides: free to cancel until 24 h before pickup, then a quarter of the fare is kept
  await saveCancellationRules(db, world.id, {
    ...DEFAULT_CANCELLATION_RULES,
    outstation: { freeMinutes: 24 * 60, feeType: 'percent', feeValue: LATE_FEE_BPS },
  });
  const promo = await send(
    request(world, '/api/partner/promos', { cookie: world.partnerCookie, body: { code: 'LOAD', kind: 'fixed', value: PROMO_VALUE, maxUses: PROMO_USES } }),
  );
  expectOk(promo, 'promo');
  const tenant = { id: world.id, currency: 'INR', timeZone: ZONE } as never;
  // the quotes are made before the load, as the bench does: 36 h ahead (free to cancel) and 12 h ahead (late)
  const early = (await createQuote(db, tenant, trip(36))).id;
  const late = (await createQuote(db, tenant, trip(12))).id;

  const clients = await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      const [rider] = await db
        .insert(users)
        .values({ businessId: world.id, role: 'travelsx-user', name: `Load Rider ${c}`, phoneCode: '91', phone: `96${String(c).padStart(8, '0')}` })
        .returning();
      const cookie = `__Host-session=${await createSession(db, { id: rider.id, businessId: world.id })}`;
      return { c, cookie, ...(await freeDriver(db, world)) };
    }),
  );
  let mihpayids = 503993715500;

  // phase 1: every client books its rides, one after another, all clients at once
  await Promise.all(
    clients.map(async ({ c, cookie }) => {
      for (let j = 0; j < RIDES_PER_CLIENT; j++) {
        const i = c * RIDES_PER_CLIENT + j;
        const plan = PLANS[i % PLANS.length];
        const twice = i % 5 < 2; // 2 in 5, across every plan and with and without the promo
        const body = {
          rideSearchId: plan.endsWith('late') ? late : early,
          rideVehicle: 'sedan',
          paymentMethod: plan.startsWith('card') ? 'card' : plan.startsWith('upi') ? 'upi' : 'cash',
          source: 'form',
        };
        const book = (key: string, promoCode?: string) =>
          sendMaybeTwice(twice, () => request(world, '/api/rides', { cookie, body: { ...body, idempotencyKey: key, ...(promoCode ? { promoCode } : {}) } }));
        let promoUsed = i % 3 === 0;
        let answer = await book(`load-${i}-a`, promoUsed ? 'LOAD' : undefined);
        if (promoUsed && answer.status >= 300) {
          expect(answer.json.error).toMatchObject({ code: 'promo_exhausted' });
          refused += 1;
          promoUsed = false;
          answer = await book(`load-${i}-b`);
        }
        expectOk(answer, `booking ${i}`);
        const [ride] = answer.json.data as (Acked['ride'] & { rideId: number; startCode: string })[];
        acked.push({ client: c, number: ride.rideId, plan, twice, promo: promoUsed, startCode: ride.startCode, paid: 0, ride: { ...ride, cashbackAmount: 0 } });
      }
    }),
  );

  // phase 2: each client pays, then completes or cancels its rides; all clients at once
  await Promise.all(
    clients.map(async ({ c, cookie, driverId, vehicleId }) => {
      for (const a of acked.filter((r) => r.client === c)) {
        const { number, plan, twice } = a;
        if (plan.startsWith('card')) {
          const created = await send(request(world, '/api/payments', { cookie, body: { rideId: number } }));
          expectOk(created, `payment of ${number}`);
          const form = await send(request(world, `/api/payments/${created.json.txnId as string}?locale=en-IN`, { cookie }));
          expectOk(form, `payment form of ${number}`);
          const answer = payuAnswer(form.json.data as Record<string, string>, { salt: SALT, mihpayid: String(++mihpayids) });
          const paid = await sendMaybeTwice(twice, () => callback(answer));
          expect(paid.status).toBe(303);
          a.paid = Math.round(Number(answer.amount) * 100);
        }
        const partner = (body: Record<string, unknown>) =>
          sendMaybeTwice(twice, () => request(world, `/api/partner/rides/${number}`, { cookie: world.partnerCookie, body }));
        const accepted = number % 2 === 0 || plan.endsWith('complete');
        if (accepted) expectOk(await partner({ action: 'accept', driverId, vehicleId }), `accept ${number}`);
        if (plan.endsWith('complete')) {
          expectOk(await partner({ action: 'start', startCode: a.startCode }), `start ${number}`);
          const done = await partner({ action: 'complete' });
          expectOk(done, `complete ${number}`);
          a.ride = done.json.data as Acked['ride'];
        } else {
          const cancelled = await sendMaybeTwice(twice, () =>
            request(world, `/api/rides/${number}/cancel`, {
              cookie,
              body: { reason: 'Plans changed', ...(plan === 'card-free-wallet' ? { refundTo: 'wallet' } : {}) },
            }),
          );
          expectOk(cancelled, `cancel ${number}`);
          a.ride = cancelled.json.data as Acked['ride'];
        }
      }
    }),
  );

  // the card refunds go to PayU: two workers race for the jobs, as two instances would
  await Promise.all([runDueJobs(db, 'load-a'), runDueJobs(db, 'load-b')]);
  await runDueJobs(db, 'load-c');
  const seconds = ((Date.now() - started) / 1000).toFixed(1);

  // ---- the database against the clients' bookkeeping ----
  const [business] = await db.select().from(businesses).where(eq(businesses.id, world.id));
  const rideRows = await db.select().from(rides).where(eq(rides.businessId, world.id));
  const entries = await db.select().from(walletEntries).where(eq(walletEntries.businessId, world.id));
  const refundRows = await db.select().from(refunds).where(eq(refunds.businessId, world.id));
  const byNumber = new Map(rideRows.map((r) => [r.number, r]));
  expect(acked).toHaveLength(CLIENTS * RIDES_PER_CLIENT);
  // one ride per acknowledged booking (a doubled booking is the same ride), none other
  expect(rideRows.map((r) => r.number).sort((x, y) => x - y)).toEqual(acked.map((a) => a.number).sort((x, y) => x - y));
  // no entry without its ride
  const rideIds = new Set(rideRows.map((r) => r.id));
  expect(entries.filter((e) => e.rideId === null || !rideIds.has(e.rideId))).toEqual([]);

  const column: Record<string, keyof WalletEntry> = {
    cashback_pending: 'pending',
    cashback_release: 'available',
    cashback_reversal: 'pending',
    ride_cash: 'cash',
    ride_earning: 'available',
    commission: 'available',
    commission_owed: 'owed',
    cancellation_fee: 'available',
    refund_requested: 'refund',
    refund_paid: 'refund',
    refund_to_wallet: 'available',
  };
  const sum = (values: number[]) => values.reduce((x, y) => x + y, 0);
  const totals = {
    fares: 0,
    discounts: 0,
    adjustments: 0,
    cancellationFees: 0,
    refundsRequested: 0,
    refundsPaid: 0,
    refundsOpen: 0,
    commission: 0,
    cashback: 0,
  };
  const problems: string[] = [];
  for (const a of acked) {
    const row = byNumber.get(a.number)!;
    const cashback = row.cashbackAmount;
    const want: string[] = [];
    if (cashback > 0) want.push(`cashback_pending pending=${cashback}`);
    const completed = a.plan.endsWith('complete');
    expect({ number: a.number, status: row.status }).toEqual({ number: a.number, status: completed ? 'completed' : 'cancelled' });
    if (a.promo) expect(a.ride.discountAmount).toBe(PROMO_VALUE * 100);
    else expect(a.ride.discountAmount).toBe(0);
    if (completed) {
      const cash = a.plan.startsWith('cash');
      const fare = a.ride.totalAmount + a.ride.discountAmount;
      const commission = commissionOf(a.ride.rideAmount, business.commissionBps);
      want.push(cash ? `ride_cash cash=${fare}` : `ride_earning available=${fare}`);
      if (a.ride.discountAmount) want.push(`promo_discount ${cash ? 'cash' : 'available'}=${-a.ride.discountAmount}`);
      if (commission) want.push(cash ? `commission_owed owed=${commission}` : `commission available=${-commission}`);
      if (cashback > 0) want.push(`cashback_release available=${cashback}`);
      totals.fares += fare;
      totals.discounts += a.ride.discountAmount;
      totals.commission += commission;
      totals.cashback += cashback;
    } else {
      if (cashback > 0) want.push(`cashback_reversal pending=${-cashback}`);
      // a late cancellation keeps the fee from what was paid in advance (nothing for a cash ride)
      const fee = a.plan === 'card-late' ? Math.round((a.ride.totalAmount * LATE_FEE_BPS) / 10_000) : 0;
      expect({ number: a.number, fee: a.ride.cancellationFee }).toEqual({ number: a.number, fee });
      if (fee) want.push(`cancellation_fee available=${fee}`);
      const back = a.paid - fee;
      if (back > 0) {
        want.push(`refund_requested refund=${back}`, `refund_paid refund=${-back}`);
        if (a.plan === 'card-free-wallet') want.push(`refund_to_wallet available=${back}`);
        totals.refundsRequested += back;
        totals.refundsPaid += back;
      }
      totals.cancellationFees += fee;
      expect(a.paid).toBe(a.plan.startsWith('card') ? a.ride.totalAmount : 0);
    }
    const mine = entries.filter((e) => e.rideId === row.id);
    const got = mine.map((e) => {
      const col = e.kind === 'promo_discount' ? (e.cash ? 'cash' : 'available') : column[e.kind];
      return `${e.kind} ${col}=${col ? String(e[col]) : JSON.stringify(e)}`;
    });
    const sorted = (list: string[]) => [...list].sort().join(', ');
    if (sorted(got) !== sorted(want))
      problems.push(`ride #${a.number} (${a.plan}${a.twice ? ', sent twice' : ''}): ledger [${sorted(got)}], expected [${sorted(want)}]`);
    // one refund per paid cancellation, for what was paid less the fee, paid once
    const mineRefunds = refundRows.filter((r) => r.rideId === row.id);
    const expectedRefunds = !completed && a.paid - row.cancellationFee > 0 ? [{ amount: a.paid - row.cancellationFee, status: 'refunded' }] : [];
    expect({ number: a.number, refunds: mineRefunds.map((r) => ({ amount: r.amount, status: r.status })) }).toEqual({
      number: a.number,
      refunds: expectedRefunds,
    });
  }
  expect(problems).toEqual([]);
  expect(strays).toEqual([]);

  // the promo: exactly its uses won at booking, the cancelled rides' uses given back
  const promoRides = acked.filter((a) => a.promo);
  expect(promoRides).toHaveLength(PROMO_USES);
  expect(refused).toBe(Math.ceil((CLIENTS * RIDES_PER_CLIENT) / 3) - PROMO_USES);
  const [code] = await db.select().from(promoCodes).where(eq(promoCodes.code, 'LOAD'));
  const redemptions = await db.select().from(promoRedemptions).where(eq(promoRedemptions.promoId, code.id));
  expect(redemptions).toHaveLength(PROMO_USES);
  const held = redemptions.filter((r) => r.releasedAt === null);
  const kept = promoRides.filter((a) => a.plan.endsWith('complete'));
  expect(held.map((r) => r.rideId).sort()).toEqual(kept.map((a) => byNumber.get(a.number)!.id).sort());
  expect(code).toMatchObject({ uses: held.length, discounted: sum(held.map((r) => r.amount)) });
  expect(code.uses).toBeLessThanOrEqual(PROMO_USES);

  // PayU took each card refund once
  expect(payu.taken.size).toBe(acked.filter((a) => a.plan === 'card-free' || a.plan === 'card-late').length);

  // the money report: no differences, and the totals the clients' bookkeeping says
  const from = localDate(new Date(), ZONE);
  const report = await moneyReport(db, { id: world.id, timeZone: ZONE, currency: 'INR' }, moneyRange({ from, to: addDays(from, 3) }, ZONE));
  expect(report.differences).toEqual([]);
  expect(report.rides).toEqual(totals);
  expect(report.ledger).toEqual(totals);
  expect(report.perRide).toHaveLength(acked.length);

  console.log(
    `ledger under load: ${CLIENTS} clients, ${acked.length} rides, ${operations} requests (${duplicates} sent twice at once, ${refused} promo refusals), ${entries.length} ledger entries, ${seconds} s`,
  );
}, 300_000);
