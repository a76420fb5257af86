import { and, eq } from 'drizzle-orm';
import { callApi } from '../../api';
import { payments, rides, walletEntries } from '@/lib/db/schema';
import { cancellationCharge, lateFee, type CancellationRule } from '@/lib/money/cancellation';
import { saveCancellationRules } from '@/lib/money/cancellation-rules';
import { DEFAULT_CANCELLATION_RULES } from '@/lib/money/cancellation';
import { appendEntry } from '@/lib/wallet/ledger';
import { transitionRide } from '@/lib/rides/lifecycle';
import { applyRideAction } from '@/lib/rides/partner';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../../db';
import { accept, book, makeWorld, request, type World } from '../trust/fixtures';

const MIN = 60_000;
const local: CancellationRule = { freeMinutes: 60, feeType: 'percent', feeValue: 1000 };
const pickupTime = new Date('2031-03-10T12:00:00Z');
const at = (minutesBeforePickup: number) => new Date(pickupTime.getTime() - minutesBeforePickup * MIN);

describe('cancellation rule at its edges', () => {
  const ride = { fare: 50_000, pickupTime, hasDriver: true };

  it('is free the minute before the window ends and on its last minute, and costs the fee the minute after', () => {
    expect(cancellationCharge(local, ride, 'rider', at(61))).toEqual({ fee: 0, why: 'free_window' });
    expect(cancellationCharge(local, ride, 'rider', at(60))).toEqual({ fee: 0, why: 'free_window' });
    expect(cancellationCharge(local, ride, 'rider', at(59))).toEqual({ fee: 5_000, why: 'late' });
  });

  it('charges nothing when the operator or the system cancels, however late', () => {
    expect(cancellationCharge(local, ride, 'partner', at(1))).toEqual({ fee: 0, why: 'operator' });
    expect(cancellationCharge(local, ride, 'system', at(-30))).toEqual({ fee: 0, why: 'operator' });
  });

  it('charges nothing once the pickup time came without a driver, but a late cancellation before it still costs the fee', () => {
    const noDriver = { ...ride, hasDriver: false };
    expect(cancellationCharge(local, noDriver, 'rider', at(0))).toEqual({ fee: 0, why: 'no_driver' });
    expect(cancellationCharge(local, noDriver, 'rider', at(-10))).toEqual({ fee: 0, why: 'no_driver' });
    expect(cancellationCharge(local, noDriver, 'rider', at(1))).toEqual({ fee: 5_000, why: 'late' });
  });

  it('never charges more than the fare, fixed or percentage', () => {
    expect(lateFee({ freeMinutes: 0, feeType: 'fixed', feeValue: 80_000 }, 50_000)).toBe(50_000);
    expect(lateFee({ freeMinutes: 0, feeType: 'fixed', feeValue: 20_000 }, 50_000)).toBe(20_000);
    expect(lateFee({ freeMinutes: 0, feeType: 'percent', feeValue: 10_000 }, 50_001)).toBe(50_001);
    expect(lateFee({ freeMinutes: 0, feeType: 'percent', feeValue: 1_250 }, 33_333)).toBe(4_167);
  });

  it('defaults to 60 minutes for local and airport rides and 24 hours for outstation and rental', () => {
    expect(DEFAULT_CANCELLATION_RULES.local.freeMinutes).toBe(60);
    expect(DEFAULT_CANCELLATION_RULES.airport.freeMinutes).toBe(60);
    expect(DEFAULT_CANCELLATION_RULES.outstation.freeMinutes).toBe(24 * 60);
    expect(DEFAULT_CANCELLATION_RULES.rental.freeMinutes).toBe(24 * 60);
  });
});

let db: Db;
let world: World;

beforeAll(async () => {
  db = await openTestDb();
  clearTenantCache();
  world = await makeWorld(db, 'demo');
});
afterAll(closeTestDb);

/** Outstation rides 36 h ahead are late under a 48-hour window, free under the default 24 hours. */
const LATE_OUTSTATION = { ...DEFAULT_CANCELLATION_RULES, outstation: { freeMinutes: 48 * 60, feeType: 'fixed' as const, feeValue: 30_000 } };

async function cardPaid(ride: { id: number; businessId: number; riderId: number; totalAmount: number; walletApplied: number; currency: string }) {
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

const entriesOf = (rideId: number) => db.select().from(walletEntries).where(eq(walletEntries.rideId, rideId));

describe('cancelling a booked ride', () => {
  afterEach(() => saveCancellationRules(db, world.id, { ...DEFAULT_CANCELLATION_RULES }));

  it('keeps no fee inside the free window, even for a paid ride', async () => {
    const ride = await book(db, world, { paymentMethod: 'card' });
    await cardPaid(ride);
    const cancelled = await transitionRide(db, {
      businessId: world.id,
      rideId: ride.id,
      to: 'cancelled',
      actorUserId: world.riderId,
      riderId: world.riderId,
      cancelledBy: 'rider',
    });
    expect(cancelled.cancellationFee).toBe(0);
    expect((await entriesOf(ride.id)).filter((e) => e.kind === 'cancellation_fee')).toEqual([]);
  });

  it('keeps the rule the ride was booked with: a late cancellation of a card ride keeps the fee for the operator', async () => {
    await saveCancellationRules(db, world.id, LATE_OUTSTATION);
    const ride = await book(db, world, { paymentMethod: 'card' });
    expect(ride.cancelPolicy).toEqual(LATE_OUTSTATION.outstation);
    // the operator relaxes its rule after the booking: the ride keeps its own
    await saveCancellationRules(db, world.id, { ...DEFAULT_CANCELLATION_RULES });
    await cardPaid(ride);
    const cancelled = await transitionRide(db, {
      businessId: world.id,
      rideId: ride.id,
      to: 'cancelled',
      actorUserId: world.riderId,
      riderId: world.riderId,
      cancelledBy: 'rider',
    });
    expect(cancelled.cancellationFee).toBe(30_000);
    const fee = (await entriesOf(ride.id)).filter((e) => e.kind === 'cancellation_fee');
    expect(fee).toMatchObject([{ userId: null, available: 30_000 }]);
  });

  it('keeps nothing from a ride paid to the driver, and takes a late fee from the wallet part first given back otherwise', async () => {
    await saveCancellationRules(db, world.id, LATE_OUTSTATION);
    const cash = await book(db, world);
    const cashCancelled = await transitionRide(db, {
      businessId: world.id,
      rideId: cash.id,
      to: 'cancelled',
      actorUserId: world.riderId,
      riderId: world.riderId,
      cancelledBy: 'rider',
    });
    expect(cashCancelled.cancellationFee).toBe(0);

    await appendEntry(db, {
      businessId: world.id,
      userId: world.riderId,
      rideId: null,
      kind: 'adjustment',
      available: 100_000,
      currency: 'INR',
      description: 'cashback earned earlier',
    });
    const walletRide = await book(db, world, { useWallet: true });
    expect(walletRide.walletApplied).toBeGreaterThan(30_000);
    const cancelled = await transitionRide(db, {
      businessId: world.id,
      rideId: walletRide.id,
      to: 'cancelled',
      actorUserId: world.riderId,
      riderId: world.riderId,
      cancelledBy: 'rider',
    });
    expect(cancelled.cancellationFee).toBe(30_000);
    const entries = await entriesOf(walletRide.id);
    expect(entries.find((e) => e.kind === 'wallet_refund')?.available).toBe(walletRide.walletApplied - 30_000);
    expect(entries.find((e) => e.kind === 'cancellation_fee')?.available).toBe(30_000);
  });

  it('charges nothing when the operator declines, however late', async () => {
    await saveCancellationRules(db, world.id, LATE_OUTSTATION);
    const ride = await book(db, world, { paymentMethod: 'card' });
    await cardPaid(ride);
    await accept(db, world, ride.id);
    const declined = await applyRideAction(db, world.id, world.partnerId, ride.id, { action: 'decline', reason: 'Car broke down' });
    expect(declined.cancellationFee).toBe(0);
    expect((await entriesOf(ride.id)).some((e) => e.kind === 'cancellation_fee')).toBe(false);
  });

  it('shows the rider the rule and what cancelling costs now on My rides', async () => {
    await saveCancellationRules(db, world.id, LATE_OUTSTATION);
    const ride = await book(db, world, { paymentMethod: 'card' });
    await cardPaid(ride);
    const answer = await callApi(request(world, '/api/rides'));
    const view = (await answer.json()).data.upcoming.find((r: { id: number }) => r.id === ride.number);
    expect(view.cancellation).toMatchObject({ rule: LATE_OUTSTATION.outstation, feeNow: 30_000, lateFee: 30_000 });
    expect(Date.parse(view.cancellation.freeUntil)).toBe(ride.pickupTime.getTime() - 48 * 3600_000);
    expect(view.fareLines.reduce((sum: number, l: { amount: number }) => sum + l.amount, 0)).toBe(ride.totalAmount);
  });
});

describe('cancellation rules in the console', () => {
  const put = (body: unknown) => callApi(request(world, '/api/partner/cancellation-rules', { method: 'PUT', cookie: world.partnerCookie, body }));
  const rule = { freeMinutes: 60, feeType: 'percent', feeValue: 10 };
  const rules = { local: rule, airport: rule, outstation: { ...rule, freeMinutes: 1440 }, rental: { ...rule, freeMinutes: 1440 } };

  it('saves a rule per trip kind (percent and major units in, basis points and minor units stored) and the quote shows it', async () => {
    const saved = await put({ ...rules, local: { freeMinutes: 30, feeType: 'fixed', feeValue: 75.5 } });
    expect(saved.status).toBe(200);
    expect((await saved.json()).data.local).toEqual({ freeMinutes: 30, feeType: 'fixed', feeValue: 75.5 });
    const [stored] = await db
      .select()
      .from(walletEntries)
      .where(and(eq(walletEntries.businessId, world.id), eq(walletEntries.kind, 'payout')));
    expect(stored).toBeUndefined();
    const quote = await callApi(
      request(world, '/api/rides/quote', {
        body: {
          rideType: 'oneway',
          tripKind: 'outstation',
          pickupLocation: { lat: 13.0878, lng: 80.2785, name: 'Chennai' },
          dropoffLocation: { lat: 12.9719, lng: 77.5937, name: 'Bengaluru' },
          pickupTime: new Date(Date.now() + 72 * 3600_000).toISOString(),
        },
      }),
    );
    const data = (await quote.json()).data;
    expect(data.cancellation).toMatchObject({ free_minutes: 1440, fee_type: 'percent', fee_value: 10 });
    for (const item of data.ride_details) expect(item.fee.cancellation_fee).toBeCloseTo(item.fee.total_fee / 10, 2);
  });

  it.each([
    [{ ...rules, local: { ...rule, feeValue: 120 } }, 'local.feeValue', /100/],
    [{ ...rules, airport: { ...rule, feeValue: -5 } }, 'airport.feeValue', /negative/],
    [{ ...rules, rental: { ...rule, freeMinutes: 20_000 } }, 'rental.freeMinutes', /10080/],
    [{ ...rules, outstation: { ...rule, feeType: 'half' } }, 'outstation.feeType', /fixed amount or a percentage/],
    [{ local: rule }, 'airport', /.+/],
  ])('refuses %j naming the field, and stores nothing', async (body, field, message) => {
    const before = await (await callApi(request(world, '/api/partner/cancellation-rules', { cookie: world.partnerCookie }))).json();
    const answer = await put(body);
    expect(answer.status).toBe(400);
    const { error } = await answer.json();
    expect(error.field).toBe(field);
    expect(error.message).toMatch(message);
    const after = await (await callApi(request(world, '/api/partner/cancellation-rules', { cookie: world.partnerCookie }))).json();
    expect(after).toEqual(before);
  });

  it('is the operator console only', async () => {
    const rider = await callApi(request(world, '/api/partner/cancellation-rules', { method: 'PUT', body: rules }));
    expect(rider.status).toBe(403);
  });
});
