import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { walletEntries, type WalletEntry, type WalletKind } from '@/lib/db/schema';

export type Balance = { available: number; pending: number; currency: string };

export async function appendEntry(
  db: Db,
  entry: { businessId: number; userId: number | null; rideId: number | null; kind: WalletKind; available?: number; pending?: number; currency: string; description: string },
): Promise<void> {
  await db.insert(walletEntries).values({ ...entry, available: entry.available ?? 0, pending: entry.pending ?? 0 });
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

export async function entriesOf(db: Db, businessId: number, userId: number | null, options: { since?: Date; limit?: number; offset?: number } = {}): Promise<WalletEntry[]> {
  const where = options.since ? and(owner(businessId, userId), sql`${walletEntries.createdAt} >= ${options.since}`) : owner(businessId, userId);
  return db
    .select()
    .from(walletEntries)
    .where(where)
    .orderBy(desc(walletEntries.id))
    .limit(options.limit ?? 100)
    .offset(options.offset ?? 0);
}

function ownerBetween(businessId: number, userId: number | null, start: Date, end: Date) {
  return and(owner(businessId, userId), sql`${walletEntries.createdAt} >= ${start}`, sql`${walletEntries.createdAt} < ${end}`);
}

/** An owner's entries written in [start, end), newest first. */
export async function entriesBetween(db: Db, businessId: number, userId: number | null, range: { start: Date; end: Date; limit: number; offset: number }): Promise<WalletEntry[]> {
  return db
    .select()
    .from(walletEntries)
    .where(ownerBetween(businessId, userId, range.start, range.end))
    .orderBy(desc(walletEntries.createdAt), desc(walletEntries.id))
    .limit(range.limit)
    .offset(range.offset);
}

export async function countEntriesBetween(db: Db, businessId: number, userId: number | null, range: { start: Date; end: Date }): Promise<number> {
  const [row] = await db.select({ n: sql<string>`count(*)` }).from(walletEntries).where(ownerBetween(businessId, userId, range.start, range.end));
  return Number(row.n);
}
