import { and, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { businesses, fareAdjustments, refunds, rides, walletEntries } from '@/lib/db/schema';
import { commissionOf } from '@/lib/wallet/ledger';
import { RIDE_CATEGORIES, type RideCategory } from './reconciliation-categories';

/**
 * The money of an operator's date range, reconciled (docs/architecture/money.md#reconciliation):
 * every category worked out twice, from the rides (their fare lines, fare
 * adjustments, cancellation fees and refunds) and from the ledger
 * (`wallet_entries`), per ride, in minor units. Integers only: no category is
 * ever divided or rounded here except the commission, which is rounded per ride
 * exactly as the ledger's completion entries are (lib/wallet/ledger.ts).
 */

type Figures = Record<RideCategory, number>;
const zero = (): Figures => Object.fromEntries(RIDE_CATEGORIES.map((c) => [c, 0])) as Figures;

export type MoneyDifference = { category: RideCategory; rideNumber: number; expected: number; ledger: number };

export type MoneyRide = { number: number; status: string; paymentMethod: string; rides: Figures; ledger: Figures };

export type MoneyReport = {
  from: string;
  to: string;
  timeZone: string;
  currency: string;
  /** Completed rides' quoted fare by line: ride amount (with night charge and airport fee), driver allowance, tolls. */
  fareLines: { rideAmount: number; driverAllowance: number; tolls: number };
  /** Fare adjustments of completed rides by kind: waiting, extra km, extra hours, tolls at actuals. */
  adjustmentLines: { waiting: number; extraKm: number; extraHours: number; tolls: number };
  rides: Figures;
  ledger: Figures;
  /** Ledger only (no ride of their own), entries written in the range: paid out to the operator, commission settled. */
  payouts: number;
  settlements: number;
  refundsFailed: { count: number; amount: number };
  perRide: MoneyRide[];
  differences: MoneyDifference[];
};

const num = (value: string | number | null) => Number(value ?? 0);

/**
 * The report of the rides whose pickup lies in the range (local dates and
 * their instants in the operator's zone, from moneyRange of
 * lib/partner/money-range.ts) and of the payouts and settlements written in it.
 */
export async function moneyReport(
  db: Db,
  business: { id: number; timeZone: string; currency: string },
  range: { from: string; to: string; start: Date; end: Date },
): Promise<MoneyReport> {
  const [settings] = await db.select({ commissionBps: businesses.commissionBps }).from(businesses).where(eq(businesses.id, business.id));
  const rideRows = await db
    .select({
      id: rides.id,
      number: rides.number,
      status: rides.status,
      paymentMethod: rides.paymentMethod,
      rideAmount: rides.rideAmount,
      driverBata: rides.driverBata,
      tolls: rides.tolls,
      totalAmount: rides.totalAmount,
      discountAmount: rides.discountAmount,
      adjustmentAmount: rides.adjustmentAmount,
      cancellationFee: rides.cancellationFee,
      cashbackAmount: rides.cashbackAmount,
      riderId: rides.riderId,
    })
    .from(rides)
    .where(and(eq(rides.businessId, business.id), gte(rides.pickupTime, range.start), lt(rides.pickupTime, range.end)))
    .orderBy(rides.pickupTime, rides.number);
  const ids = rideRows.map((r) => r.id);
  const [adjustmentRows, refundRows, entryRows] = ids.length
    ? await Promise.all([
        db
          .select({ rideId: fareAdjustments.rideId, kind: fareAdjustments.kind, amount: fareAdjustments.amount })
          .from(fareAdjustments)
          .where(and(eq(fareAdjustments.businessId, business.id), inArray(fareAdjustments.rideId, ids))),
        db
          .select({ rideId: refunds.rideId, status: refunds.status, amount: refunds.amount })
          .from(refunds)
          .where(and(eq(refunds.businessId, business.id), inArray(refunds.rideId, ids))),
        db
          .select({
            rideId: walletEntries.rideId,
            userId: walletEntries.userId,
            kind: walletEntries.kind,
            available: walletEntries.available,
            owed: walletEntries.owed,
            cash: walletEntries.cash,
            refund: walletEntries.refund,
          })
          .from(walletEntries)
          .where(and(eq(walletEntries.businessId, business.id), inArray(walletEntries.rideId, ids))),
      ])
    : [[], [], []];

  const fareLines = { rideAmount: 0, driverAllowance: 0, tolls: 0 };
  const adjustmentLines = { waiting: 0, extraKm: 0, extraHours: 0, tolls: 0 };
  const refundsFailed = { count: 0, amount: 0 };
  const perRide = new Map<number, MoneyRide>();
  const riderOf = new Map<number, number>();
  for (const ride of rideRows) {
    const expected = zero();
    if (ride.status === 'completed') {
      expected.fares = ride.totalAmount + ride.discountAmount - ride.adjustmentAmount;
      expected.discounts = ride.discountAmount;
      expected.commission = commissionOf(ride.rideAmount, settings.commissionBps);
      expected.cashback = ride.cashbackAmount;
      fareLines.rideAmount += ride.rideAmount;
      fareLines.driverAllowance += ride.driverBata;
      fareLines.tolls += ride.tolls;
    }
    if (ride.status === 'cancelled') expected.cancellationFees = ride.cancellationFee;
    perRide.set(ride.id, { number: ride.number, status: ride.status, paymentMethod: ride.paymentMethod, rides: expected, ledger: zero() });
    riderOf.set(ride.id, ride.riderId);
  }
  const completed = new Set(rideRows.filter((r) => r.status === 'completed').map((r) => r.id));
  const ADJUSTMENT_KEY = { waiting: 'waiting', extra_km: 'extraKm', extra_hours: 'extraHours', tolls: 'tolls' } as const;
  for (const row of adjustmentRows) {
    if (!completed.has(row.rideId)) continue;
    perRide.get(row.rideId)!.rides.adjustments += row.amount;
    adjustmentLines[ADJUSTMENT_KEY[row.kind]] += row.amount;
  }
  for (const row of refundRows) {
    const figures = perRide.get(row.rideId)!.rides;
    figures.refundsRequested += row.amount;
    if (row.status === 'refunded') figures.refundsPaid += row.amount;
    else figures.refundsOpen += row.amount;
    if (row.status === 'failed') {
      refundsFailed.count += 1;
      refundsFailed.amount += row.amount;
    }
  }
  for (const entry of entryRows) {
    const ride = perRide.get(entry.rideId!)!;
    const ledger = ride.ledger;
    const operator = entry.userId === null;
    if (!operator) {
      if (entry.kind === 'cashback_release' && entry.userId === riderOf.get(entry.rideId!)) ledger.cashback += entry.available;
      continue;
    }
    ledger.refundsOpen += entry.refund;
    switch (entry.kind) {
      case 'ride_earning':
      case 'ride_cash':
        ledger.fares += entry.available + entry.cash;
        break;
      case 'promo_discount':
        ledger.discounts -= entry.available + entry.cash;
        break;
      case 'fare_adjustment':
        ledger.adjustments += entry.available + entry.cash;
        break;
      case 'cancellation_fee':
        ledger.cancellationFees += entry.available;
        break;
      case 'refund_requested':
        ledger.refundsRequested += entry.refund;
        break;
      case 'refund_paid':
        ledger.refundsPaid -= entry.refund;
        break;
      case 'commission':
        ledger.commission -= entry.available;
        break;
      case 'commission_owed':
        ledger.commission += entry.owed;
        break;
      default:
        break;
    }
  }

  const totals = { rides: zero(), ledger: zero() };
  const differences: MoneyDifference[] = [];
  for (const ride of perRide.values()) {
    for (const category of RIDE_CATEGORIES) {
      totals.rides[category] += ride.rides[category];
      totals.ledger[category] += ride.ledger[category];
      if (ride.rides[category] !== ride.ledger[category])
        differences.push({ category, rideNumber: ride.number, expected: ride.rides[category], ledger: ride.ledger[category] });
    }
  }

  const [platform] = await db
    .select({
      payouts: sql<string>`coalesce(-sum(${walletEntries.available}) filter (where ${walletEntries.kind} = 'payout'), 0)`,
      settlements: sql<string>`coalesce(-sum(${walletEntries.owed}) filter (where ${walletEntries.kind} = 'settlement'), 0)`,
    })
    .from(walletEntries)
    .where(
      and(
        eq(walletEntries.businessId, business.id),
        isNull(walletEntries.userId),
        or(eq(walletEntries.kind, 'payout'), eq(walletEntries.kind, 'settlement')),
        gte(walletEntries.createdAt, range.start),
        lt(walletEntries.createdAt, range.end),
      ),
    );

  return {
    from: range.from,
    to: range.to,
    timeZone: business.timeZone,
    currency: business.currency,
    fareLines,
    adjustmentLines,
    rides: totals.rides,
    ledger: totals.ledger,
    payouts: num(platform.payouts),
    settlements: num(platform.settlements),
    refundsFailed,
    perRide: [...perRide.values()],
    differences,
  };
}

const AMOUNT = /^-?\d+\.\d{2}$/;

const CSV_HEAD = ['section', 'category', 'ride', 'status', 'payment', 'rides', 'ledger', 'difference'] as const;

/**
 * The report as CSV (amounts in major units, two decimals, from integers):
 * one line per category (both sides and the difference), the ledger-only
 * lines, then one line per ride and category that is not zero on both sides.
 * Amounts are written as numbers (a negative difference stays a number); any
 * other text goes through `cell`, the rides export's formula guard.
 */
export function moneyCsv(report: MoneyReport, cell: (value: string | number | null) => string): string {
  const major = (minor: number) => `${minor < 0 ? '-' : ''}${Math.floor(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;
  const lines: (string | number | null)[][] = [[...CSV_HEAD]];
  for (const category of RIDE_CATEGORIES)
    lines.push([
      'total',
      category,
      null,
      null,
      null,
      major(report.rides[category]),
      major(report.ledger[category]),
      major(report.ledger[category] - report.rides[category]),
    ]);
  for (const [key, value] of Object.entries(report.fareLines)) lines.push(['fare_line', key, null, null, null, major(value), null, null]);
  for (const [key, value] of Object.entries(report.adjustmentLines)) lines.push(['adjustment', key, null, null, null, major(value), null, null]);
  lines.push(['ledger_only', 'payouts', null, null, null, null, major(report.payouts), null]);
  lines.push(['ledger_only', 'settlements', null, null, null, null, major(report.settlements), null]);
  for (const ride of report.perRide)
    for (const category of RIDE_CATEGORIES) {
      if (!ride.rides[category] && !ride.ledger[category]) continue;
      lines.push([
        'ride',
        category,
        ride.number,
        ride.status,
        ride.paymentMethod,
        major(ride.rides[category]),
        major(ride.ledger[category]),
        major(ride.ledger[category] - ride.rides[category]),
      ]);
    }
  // an amount is written as a number (a negative one too); any other text goes through the formula guard
  const write = (value: string | number | null) => (typeof value === 'string' && AMOUNT.test(value) ? value : cell(value));
  return `${lines.map((line) => line.map(write).join(',')).join('\n')}\n`;
}

/** "money-2026-11-01-to-2026-11-30.csv" */
export const moneyFileName = (report: Pick<MoneyReport, 'from' | 'to'>) => `money-${report.from}-to-${report.to}.csv`;
