import 'server-only';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { rides } from '@/lib/db/schema';
import { ledgerRideMoney } from '@/lib/wallet/ledger';
import { addDays, daysBetween } from './dates';
import type { ResolvedRange } from './range';

/** Ranges longer than this many days are charted per month. */
export const DAILY_CHART_MAX_DAYS = 62;

export type OverviewBusiness = { id: number; currency: string; timeZone: string; commissionBps: number };
export type OverviewCounts = { all: number; booked: number; accepted: number; ontrip: number; cancelled: number; completed: number };
export type OverviewPoint = { period: string; rides: number; revenue: number };

export type Overview = {
  from: string;
  to: string;
  timeZone: string;
  currency: string;
  commissionBps: number;
  counts: OverviewCounts;
  /**
   * Minor units, read from the ledger for the rides whose pickup is in the
   * range: fares of completed rides (cash and online) and the platform's
   * commission on them (taken from online fares or owed on cash ones).
   */
  revenue: number;
  commission: number;
  bucket: 'day' | 'month';
  series: OverviewPoint[];
};

const count = (status: string) => sql<string>`count(*) filter (where ${rides.status} = ${status})`;

function periods(range: ResolvedRange, bucket: 'day' | 'month'): string[] {
  const out: string[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    const period = bucket === 'day' ? day : day.slice(0, 7);
    if (out[out.length - 1] !== period) out.push(period);
  }
  return out;
}

/**
 * Counters, revenue, commission and a per-day (or per-month) series of the
 * business's rides whose pickup falls in the range. A ride belongs to the
 * local day of its pickup in the business's time zone.
 */
export async function businessOverview(db: Db, business: OverviewBusiness, range: ResolvedRange): Promise<Overview> {
  const inRange = and(eq(rides.businessId, business.id), gte(rides.pickupTime, range.start), lt(rides.pickupTime, range.end));
  const [totals] = await db
    .select({
      all: sql<string>`count(*)`,
      booked: count('booked'),
      accepted: count('accepted'),
      ontrip: count('ontrip'),
      cancelled: count('cancelled'),
      completed: count('completed'),
    })
    .from(rides)
    .where(inRange);

  const bucket = daysBetween(range.from, range.to) + 1 > DAILY_CHART_MAX_DAYS ? 'month' : 'day';
  const format = bucket === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
  const [rows, money] = await Promise.all([
    db
      .select({ period: sql<string>`to_char(${rides.pickupTime} at time zone ${business.timeZone}, ${format})`, rides: sql<string>`count(*)` })
      .from(rides)
      .where(inRange)
      .groupBy(sql`1`),
    ledgerRideMoney(db, business.id, range, { timeZone: business.timeZone, format }),
  ]);
  const byPeriod = new Map(rows.map((r) => [r.period, r]));

  return {
    from: range.from,
    to: range.to,
    timeZone: business.timeZone,
    currency: business.currency,
    commissionBps: business.commissionBps,
    counts: {
      all: Number(totals.all),
      booked: Number(totals.booked),
      accepted: Number(totals.accepted),
      ontrip: Number(totals.ontrip),
      cancelled: Number(totals.cancelled),
      completed: Number(totals.completed),
    },
    revenue: money.revenue,
    commission: money.commission,
    bucket,
    series: periods(range, bucket).map((period) => ({
      period,
      rides: Number(byPeriod.get(period)?.rides ?? 0),
      revenue: money.byPeriod.get(period)?.revenue ?? 0,
    })),
  };
}
