import 'server-only';
import { and, eq, isNull, ne, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import type { agencies, drivers } from '@/lib/db/schema';
import { statusConflict } from './errors';
import { STATUS_MOVES, type StatusAction } from './schemas';

/** The fleet tables whose rows are accounts: an account status and an online flag. */
type AccountTable = typeof drivers | typeof agencies;

/** One live row of the business, `and` the extra condition. */
const liveRow = (table: AccountTable, businessId: number, id: number, extra?: SQL) =>
  and(eq(table.id, id), eq(table.businessId, businessId), isNull(table.removedAt), extra);

/** The row as `find` reads it after the update; when nothing was updated, `find`'s 404 or else a 409. */
async function afterUpdate<T>(updated: unknown[], find: () => Promise<T>): Promise<T> {
  if (!updated.length) {
    await find();
    throw statusConflict();
  }
  return find();
}

/** Verify, Block or Unblock; any other move (or a stale status) is a 409. Blocking also takes the account offline. */
export async function setAccountStatus<T>(
  db: Db,
  table: AccountTable,
  businessId: number,
  id: number,
  action: StatusAction,
  find: () => Promise<T>,
): Promise<T> {
  const { from, to } = STATUS_MOVES[action];
  const updated = await db
    .update(table)
    .set({ accountStatus: to, ...(to === 'Blocked' ? { online: false } : {}) })
    .where(liveRow(table, businessId, id, eq(table.accountStatus, from)))
    .returning({ id: table.id });
  return afterUpdate(updated, find);
}

/** Online or offline; a Blocked account cannot go online (409). */
export async function setAccountOnline<T>(db: Db, table: AccountTable, businessId: number, id: number, online: boolean, find: () => Promise<T>): Promise<T> {
  const updated = await db
    .update(table)
    .set({ online })
    .where(liveRow(table, businessId, id, online ? ne(table.accountStatus, 'Blocked') : undefined))
    .returning({ id: table.id });
  return afterUpdate(updated, find);
}
