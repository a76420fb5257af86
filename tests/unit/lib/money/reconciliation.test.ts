import { and, eq } from 'drizzle-orm';
import { callApi } from '../../api';
import { payments, rides, walletEntries, type Ride } from '@/lib/db/schema';
import { commissionOf } from '@/lib/wallet/ledger';
import { recordPlatformEntry } from '@/lib/wallet/platform';
import { DEFAULT_CANCELLATION_RULES } from '@/lib/money/cancellation';
import { saveCancellationRules } from '@/lib/money/cancellation-rules';
import { recordAdjustment } from '@/lib/money/adjustments';
import { moneyReport } from '@/lib/money/reconciliation';
import { RIDE_CATEGORIES } from '@/lib/money/reconciliation-categories';
import { refundCompletedRide } from '@/lib/money/refunds';
import { addDays } from '@/lib/partner/dates';
import { localDate } from '@/lib/time/zoned';
import { moneyRange } from '@/lib/partner/money-range';
import { transitionRide } from '@/lib/rides/lifecycle';
import { applyRideAction } from '@/lib/rides/partner';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../../db';
import { accept, book, completedRide, makeWorld, request, type World } from '../trust/fixtures';

/*
 * A month of mixed rides for one operator, made through the same commands the
 * app uses (booking, accept, start, complete, cancel, refund, payout), then the
 * money report (docs/architecture/money.md#reconciliation) read against figures
 * the test knows on its own.
 */

const ZONE = 'Asia/Kolkata';
const DAY_HOURS = 24;

let db: Db;
let world: World;
let other: World;
let from: string;
let to: string;
const seeded: { completed: Ride[]; cancelledFree?: Ride; cancelledFee?: Ride; promo?: Ride; adjusted?: Ride; refundedFull?: Ride; refundedPart?: Ride } = {
  completed: [],
};

async function cardPaid(ride: Ride) {
  await db.insert(payments).values({
    txnid: `T${ride.id}x${Date.now().toString(36)}`,
    businessId: ride.businessId,
    rideId: ride.id,
    userId: ride.riderId,
    amount: ride.totalAmount - ride.walletApplied,
    currency: ride.currency,
    status: 'success',
  });
  await db.update(rides).set({ paid: true, paymentMethod: 'card' }).where(eq(rides.id, ride.id));
}

const cancel = (ride: Ride, on: World = world) =>
  transitionRide(db, { businessId: on.id, rideId: ride.id, to: 'cancelled', actorUserId: on.riderId, riderId: on.riderId, cancelledBy: 'rider' });

beforeAll(async () => {
  db = await openTestDb();
  clearTenantCache();
  world = await makeWorld(db, 'demo');
  other = await makeWorld(db, 'acme');
  from = localDate(new Date(), ZONE);
  to = addDays(from, 35);
  const day = (n: number) => 36 + n * DAY_HOURS;

  // completed: cash, UPI, card (tolls settled at the end: 120.50)
  seeded.completed.push(await completedRide(db, world, {}, 120.5));
  seeded.completed.push(await completedRide(db, world, { paymentMethod: 'upi' }, 99.99));
  seeded.completed.push(await completedRide(db, world, { paymentMethod: 'card' }, 0));

  // a promo code (fixed 125.75, borne by the operator) on a UPI ride
  expect(
    (await callApi(request(world, '/api/partner/promos', { cookie: world.partnerCookie, body: { code: 'MONTH', kind: 'fixed', value: 125.75 } }))).status,
  ).toBe(201);
  const promo = await book(db, world, { paymentMethod: 'upi', promoCode: 'MONTH' }, day(3));
  await accept(db, world, promo.id);
  await applyRideAction(db, world.id, world.partnerId, promo.id, { action: 'start', startCode: promo.startCode });
  seeded.promo = await applyRideAction(db, world.id, world.partnerId, promo.id, { action: 'complete' });

  // an extra-km charge of 250.50 recorded before completion (a fare adjustment)
  const adjusted = await book(db, world, {}, day(6));
  await accept(db, world, adjusted.id);
  await applyRideAction(db, world.id, world.partnerId, adjusted.id, { action: 'start', startCode: adjusted.startCode });
  await recordAdjustment(db, adjusted, { kind: 'extra_km', quantity: 15, amount: 25_050, reason: 'Detour asked by the rider' });
  await db
    .update(rides)
    .set({ adjustmentAmount: 25_050, totalAmount: adjusted.totalAmount + 25_050 })
    .where(eq(rides.id, adjusted.id));
  seeded.adjusted = await applyRideAction(db, world.id, world.partnerId, adjusted.id, { action: 'complete' });

  // cancelled inside the free window (cash): nothing kept
  seeded.cancelledFree = await cancel(await book(db, world, {}, day(10)));

  // cancelled late (card, paid): 300.00 kept, the rest refunded to the card (requested, not yet paid)
  await saveCancellationRules(db, world.id, { ...DEFAULT_CANCELLATION_RULES, outstation: { freeMinutes: 60 * 24 * 60, feeType: 'fixed', feeValue: 30_000 } });
  const late = await book(db, world, { paymentMethod: 'card' }, day(12));
  await cardPaid(late);
  seeded.cancelledFee = await cancel(late);
  await saveCancellationRules(db, world.id, { ...DEFAULT_CANCELLATION_RULES });

  // refunded fully to the wallet (paid at once), and partly to the card (requested)
  const full = await completedRide(db, world, { paymentMethod: 'card' }, 0);
  await refundCompletedRide(db, world.id, full.id, {
    method: 'wallet',
    amount: full.totalAmount,
    reason: 'Driver late',
    idempotencyKey: `full-${full.id}`,
    requestedBy: world.partnerId,
  });
  seeded.refundedFull = full;
  const part = await completedRide(db, world, { paymentMethod: 'card' }, 0);
  await cardPaid(part);
  await refundCompletedRide(db, world.id, part.id, {
    method: 'provider',
    amount: 4_321,
    reason: 'AC broken',
    idempotencyKey: `part-${part.id}`,
    requestedBy: world.partnerId,
  });
  seeded.refundedPart = part;

  // a payout of 100.01 to the operator
  await recordPlatformEntry(db, world.id, { kind: 'payout', amount: 10_001, reference: 'UTR 1', idempotencyKey: 'payout-1' });

  // the other operator: a completed ride of its own
  await completedRide(db, other, { paymentMethod: 'upi' }, 55.55);
}, 120_000);
afterAll(closeTestDb);

const report = () => moneyReport(db, { id: world.id, timeZone: ZONE, currency: 'INR' }, moneyRange({ from, to }, ZONE));
const completedAll = () => [...seeded.completed, seeded.promo!, seeded.adjusted!, seeded.refundedFull!, seeded.refundedPart!];
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('the money of a month of mixed rides', () => {
  it('adds up to the paisa from the rides and from the ledger, with no differences', async () => {
    const r = await report();
    const done = completedAll();
    const expected = {
      fares: sum(done.map((ride) => ride.rideAmount + ride.driverBata + ride.tolls)),
      discounts: 12_575,
      adjustments: 25_050,
      cancellationFees: 30_000,
      refundsRequested: seeded.refundedFull!.totalAmount + 4_321 + (seeded.cancelledFee!.totalAmount - 30_000),
      refundsPaid: seeded.refundedFull!.totalAmount,
      refundsOpen: 4_321 + (seeded.cancelledFee!.totalAmount - 30_000),
      commission: sum(done.map((ride) => commissionOf(ride.rideAmount, 1000))),
      cashback: sum(done.map((ride) => ride.cashbackAmount)),
    };
    expect(r.rides).toEqual(expected);
    expect(r.ledger).toEqual(expected);
    expect(r.differences).toEqual([]);
    expect(seeded.promo!.discountAmount).toBe(12_575);
    expect(r.fareLines).toEqual({
      rideAmount: sum(done.map((ride) => ride.rideAmount)),
      driverAllowance: sum(done.map((ride) => ride.driverBata)),
      tolls: sum(done.map((ride) => ride.tolls)),
    });
    expect(r.adjustmentLines).toEqual({ waiting: 0, extraKm: 25_050, extraHours: 0, tolls: 0 });
    expect(r.payouts).toBe(10_001);
    expect(r.settlements).toBe(0);
    // every ride of the operator in the range is there, and no other operator's
    expect(r.perRide.map((ride) => ride.number).sort((a, b) => a - b)).toEqual(
      [...done, seeded.cancelledFree!, seeded.cancelledFee!].map((ride) => ride.number).sort((a, b) => a - b),
    );
    expect(r.perRide.find((ride) => ride.number === seeded.cancelledFree!.number)!.rides).toEqual(Object.fromEntries(RIDE_CATEGORIES.map((c) => [c, 0])));
  });

  it('names the ride and the category of a ledger entry tampered with in the database', async () => {
    const ride = seeded.completed[1];
    const [entry] = await db
      .select()
      .from(walletEntries)
      .where(and(eq(walletEntries.rideId, ride.id), eq(walletEntries.kind, 'ride_earning')));
    await db
      .update(walletEntries)
      .set({ available: entry.available - 1 })
      .where(eq(walletEntries.id, entry.id));
    try {
      const r = await report();
      expect(r.differences).toEqual([{ category: 'fares', rideNumber: ride.number, expected: entry.available, ledger: entry.available - 1 }]);
      expect(r.ledger.fares).toBe(r.rides.fares - 1);
      const csv = await (await callApi(request(world, `/api/partner/money/export?from=${from}&to=${to}`, { cookie: world.partnerCookie }))).text();
      expect(csv).toContain(
        `ride,fares,${ride.number},completed,upi,${(entry.available / 100).toFixed(2)},${((entry.available - 1) / 100).toFixed(2)},-0.01\n`,
      );
    } finally {
      await db.update(walletEntries).set({ available: entry.available }).where(eq(walletEntries.id, entry.id));
    }
  });
});

describe('GET /api/partner/money and its CSV', () => {
  const get = (on: World, query: string, cookie = on.partnerCookie) => callApi(request(on, `/api/partner/money${query}`, { cookie }));

  it('answers the operator its own report; another operator gets only its own rides', async () => {
    const mine = await get(world, `?from=${from}&to=${to}`);
    expect(mine.status).toBe(200);
    const body = (await mine.json()) as { data: { differences: unknown[]; perRide: unknown[]; rides: { fares: number } } };
    expect(body.data.differences).toEqual([]);
    expect(body.data.perRide).toHaveLength(completedAll().length + 2);

    const theirs = (await (await get(other, `?from=${from}&to=${to}`)).json()) as { data: { perRide: { number: number }[]; ledger: { fares: number } } };
    expect(theirs.data.perRide).toHaveLength(1);
    const [otherRide] = await db.select().from(rides).where(eq(rides.businessId, other.id));
    expect(theirs.data.ledger.fares).toBe(otherRide.totalAmount);
    // a partner's session does not open another operator's host
    expect((await get(other, `?from=${from}&to=${to}`, world.partnerCookie)).status).toBe(401);
    expect((await get(world, `?from=${from}&to=${to}`, world.riderCookie)).status).toBe(403);
  });

  it.each([
    ['no dates', '', 'from', 'dateRequired'],
    ['no end date', '?from=2026-03-01', 'to', 'dateRequired'],
    ['a date that is not one', '?from=2026-02-30&to=2026-03-01', 'from', 'dateInvalid'],
    ['a reversed range', '?from=2026-03-10&to=2026-03-01', 'to', 'rangeReversed'],
    ['a range over 366 days', '?from=2024-01-01&to=2025-01-01', 'to', 'rangeTooLong'],
    ['a date before 2020', '?from=2019-12-31&to=2020-01-02', 'from', 'dateTooEarly'],
  ])('refuses %s with a 400 naming the field, on the report and the CSV', async (_, query, field, key) => {
    for (const path of ['/api/partner/money', '/api/partner/money/export']) {
      const res = await callApi(request(world, `${path}${query}`, { cookie: world.partnerCookie }));
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: unknown }).error).toMatchObject({ field, key });
    }
  });

  it('accepts a range of exactly 366 days', async () => {
    expect((await get(world, '?from=2024-01-01&to=2024-12-31')).status).toBe(200);
  });

  it('exports the same figures as CSV, formula-safe, one line per category and per ride', async () => {
    const res = await callApi(request(world, `/api/partner/money/export?from=${from}&to=${to}`, { cookie: world.partnerCookie }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="money-${from}-to-${to}.csv"`);
    const lines = (await res.text()).trim().split('\n');
    expect(lines[0]).toBe('section,category,ride,status,payment,rides,ledger,difference');
    const r = await report();
    const major = (minor: number) => (minor / 100).toFixed(2);
    for (const category of RIDE_CATEGORIES) expect(lines).toContain(`total,${category},,,,${major(r.rides[category])},${major(r.ledger[category])},0.00`);
    expect(lines).toContain('ledger_only,payouts,,,,,100.01,');
    const promo = seeded.promo!;
    expect(lines).toContain(`ride,discounts,${promo.number},completed,upi,125.75,125.75,0.00`);
  });
});
