import { and, desc, eq, getTableColumns, gte, isNull, lt, sql, type AnyColumn } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { rides, walletEntries, type PaymentMethod, type WalletEntry, type WalletKind } from '@/lib/db/schema';

export type Balance = { available: number; pending: number; currency: string };

/** A ledger row with the number (within the operator) of its ride, never the ride's database id. */
export type LedgerEntry = WalletEntry & { rideNumber: number | null };

export type NewEntry = {
  businessId: number;
  userId: number | null;
  rideId: number | null;
  kind: WalletKind;
  available?: number;
  pending?: number;
  owed?: number;
  cash?: number;
  refund?: number;
  currency: string;
  description: string;
  idempotencyKey?: string | null;
};

export async function appendEntry(db: Db, entry: NewEntry): Promise<void> {
  await db.insert(walletEntries).values({
    ...entry,
    available: entry.available ?? 0,
    pending: entry.pending ?? 0,
    owed: entry.owed ?? 0,
    cash: entry.cash ?? 0,
    refund: entry.refund ?? 0,
  });
}

/** Commission on a ride: basis points of the ride amount (not of tolls or the driver's allowance), rounded to the minor unit. */
export function commissionOf(rideAmount: number, commissionBps: number): number {
  return Math.round((rideAmount * commissionBps) / 10_000);
}

/**
 * The operator's entries for a completed ride. Cash: the fare stays with the
 * driver (a `ride_cash` memo of the cash) and the commission is owed to the
 * platform (`commission_owed`). Online (UPI or card through PayU): the fare is
 * credited (`ride_earning`) less the commission (`commission`). The fare is
 * the one quoted at booking; a promo discount (borne by the operator) and the
 * adjustments recorded at completion are entries of their own on the same
 * column, so the entries of a ride add up to its total. Commission is on the
 * ride amount before the discount.
 */
export function completionEntries(
  ride: {
    id: number;
    number: number;
    businessId: number;
    totalAmount: number;
    rideAmount: number;
    currency: string;
    discountAmount?: number;
    adjustmentAmount?: number;
    promoCode?: string | null;
  },
  method: PaymentMethod,
  commissionBps: number,
): NewEntry[] {
  const commission = commissionOf(ride.rideAmount, commissionBps);
  const discount = ride.discountAmount ?? 0;
  const adjusted = ride.adjustmentAmount ?? 0;
  const quoted = ride.totalAmount + discount - adjusted;
  const base = { businessId: ride.businessId, userId: null, rideId: ride.id, currency: ride.currency };
  const cash = method === 'cash';
  const amount = (value: number) => (cash ? { cash: value } : { available: value });
  const parts: NewEntry[] = [
    cash
      ? { ...base, kind: 'ride_cash', cash: quoted, description: `Ride #${ride.number} paid in cash to the driver` }
      : { ...base, kind: 'ride_earning', available: quoted, description: `Ride #${ride.number} paid ${method === 'card' ? 'by card' : 'by UPI'}` },
  ];
  if (discount)
    parts.push({
      ...base,
      kind: 'promo_discount',
      ...amount(-discount),
      description: `Promo ${ride.promoCode ?? ''} on ride #${ride.number}, borne by the operator`,
    });
  if (adjusted) parts.push({ ...base, kind: 'fare_adjustment', ...amount(adjusted), description: `Fare adjustments on ride #${ride.number}` });
  if (commission > 0)
    parts.push(
      cash
        ? { ...base, kind: 'commission_owed', owed: commission, description: `Platform commission owed on cash ride #${ride.number}` }
        : { ...base, kind: 'commission', available: -commission, description: `Platform commission on ride #${ride.number}` },
    );
  return parts;
}

function owner(businessId: number, userId: number | null) {
  return and(eq(walletEntries.businessId, businessId), userId === null ? isNull(walletEntries.userId) : eq(walletEntries.userId, userId));
}

/** A rider's (userId) or the business's (null) balance: the sum of its ledger. */
export async function balanceOf(db: Db, businessId: number, userId: number | null, currency: string): Promise<Balance> {
  const [row] = await db
    .select({ available: sql<string>`coalesce(sum(${walletEntries.available}), 0)`, pending: sql<string>`coalesce(sum(${walletEntries.pending}), 0)` })
    .from(walletEntries)
    .where(owner(businessId, userId));
  return { available: Number(row.available), pending: Number(row.pending), currency };
}

/**
 * The operator's account, all from its ledger (minor units): `balance` what
 * the platform holds for it (online fares less commission less payouts),
 * `owed` commission on cash rides not yet settled, `available` what can be
 * paid out (balance less owed, never below zero).
 */
export async function operatorAccount(db: Db, businessId: number) {
  const [row] = await db
    .select({ balance: sql<string>`coalesce(sum(${walletEntries.available}), 0)`, owed: sql<string>`coalesce(sum(${walletEntries.owed}), 0)` })
    .from(walletEntries)
    .where(owner(businessId, null));
  const balance = Number(row.balance);
  const owed = Number(row.owed);
  return { balance, owed, available: Math.max(0, balance - owed) };
}

const entryColumns = { ...getTableColumns(walletEntries), rideNumber: rides.number };

export async function entriesOf(
  db: Db,
  businessId: number,
  userId: number | null,
  options: { since?: Date; limit?: number; offset?: number } = {},
): Promise<LedgerEntry[]> {
  const where = options.since ? and(owner(businessId, userId), sql`${walletEntries.createdAt} >= ${options.since}`) : owner(businessId, userId);
  return db
    .select(entryColumns)
    .from(walletEntries)
    .leftJoin(rides, eq(rides.id, walletEntries.rideId))
    .where(where)
    .orderBy(desc(walletEntries.id))
    .limit(options.limit ?? 100)
    .offset(options.offset ?? 0);
}

function ownerBetween(businessId: number, userId: number | null, start: Date, end: Date) {
  return and(owner(businessId, userId), gte(walletEntries.createdAt, start), lt(walletEntries.createdAt, end));
}

/** An owner's entries written in [start, end), newest first. */
export async function entriesBetween(
  db: Db,
  businessId: number,
  userId: number | null,
  range: { start: Date; end: Date; limit: number; offset: number },
): Promise<LedgerEntry[]> {
  return db
    .select(entryColumns)
    .from(walletEntries)
    .leftJoin(rides, eq(rides.id, walletEntries.rideId))
    .where(ownerBetween(businessId, userId, range.start, range.end))
    .orderBy(desc(walletEntries.createdAt), desc(walletEntries.id))
    .limit(range.limit)
    .offset(range.offset);
}

export async function countEntriesBetween(db: Db, businessId: number, userId: number | null, range: { start: Date; end: Date }): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`count(*)` })
    .from(walletEntries)
    .where(ownerBetween(businessId, userId, range.start, range.end));
  return Number(row.n);
}

/** Totals of the operator's entries written in [start, end): the statement's summary (minor units). */
export async function statementTotals(db: Db, businessId: number, range: { start: Date; end: Date }) {
  const sumOf = (column: AnyColumn, kind: WalletKind) => sql<string>`coalesce(sum(${column}) filter (where ${walletEntries.kind} = ${kind}), 0)`;
  const [row] = await db
    .select({
      online: sumOf(walletEntries.available, 'ride_earning'),
      cash: sumOf(walletEntries.cash, 'ride_cash'),
      commission: sumOf(walletEntries.available, 'commission'),
      commissionOwed: sumOf(walletEntries.owed, 'commission_owed'),
      payouts: sumOf(walletEntries.available, 'payout'),
      settlements: sumOf(walletEntries.owed, 'settlement'),
    })
    .from(walletEntries)
    .where(ownerBetween(businessId, null, range.start, range.end));
  const online = Number(row.online);
  const cash = Number(row.cash);
  const commission = -Number(row.commission) + Number(row.commissionOwed);
  return { revenue: online + cash, online, cash, commission, payouts: -Number(row.payouts), settlements: -Number(row.settlements) };
}

/**
 * Revenue (fares of completed rides, cash and online) and the platform's
 * commission read from the ledger, for rides whose pickup lies in
 * [start, end), in total and per local day or month of the pickup: the
 * overview's money figures. Minor units.
 */
export async function ledgerRideMoney(db: Db, businessId: number, range: { start: Date; end: Date }, period: { timeZone: string; format: string }) {
  const revenue = sql<string>`coalesce(sum(case when ${walletEntries.kind} in ('ride_earning', 'ride_cash', 'promo_discount', 'fare_adjustment') then ${walletEntries.available} + ${walletEntries.cash} else 0 end), 0)`;
  const commission = sql<string>`coalesce(sum(case ${walletEntries.kind} when 'commission' then -${walletEntries.available} when 'commission_owed' then ${walletEntries.owed} else 0 end), 0)`;
  const rows = await db
    .select({ period: sql<string>`to_char(${rides.pickupTime} at time zone ${period.timeZone}, ${period.format})`, revenue, commission })
    .from(walletEntries)
    .innerJoin(rides, eq(rides.id, walletEntries.rideId))
    .where(
      and(
        owner(businessId, null),
        eq(rides.businessId, businessId),
        gte(rides.pickupTime, range.start),
        lt(rides.pickupTime, range.end),
        sql`${walletEntries.kind} in ('ride_earning', 'ride_cash', 'promo_discount', 'fare_adjustment', 'commission', 'commission_owed')`,
      ),
    )
    .groupBy(sql`1`);
  const byPeriod = new Map(rows.map((r) => [r.period, { revenue: Number(r.revenue), commission: Number(r.commission) }]));
  let totalRevenue = 0;
  let totalCommission = 0;
  for (const value of byPeriod.values()) {
    totalRevenue += value.revenue;
    totalCommission += value.commission;
  }
  return { revenue: totalRevenue, commission: totalCommission, byPeriod };
}
