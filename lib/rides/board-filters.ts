import { asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { rides, users, type RideStatus } from '@/lib/db/schema';
import type { DayRange } from '@/lib/partner/dates';
import { checkedDayRange, queryFieldError } from '@/lib/partner/money-range';
import { localDate } from '@/lib/time/zoned';
import type { BoardQuery, BoardSort } from './partner-schemas';

/** The longest range the board, its counts and the CSV export read: one year (a leap year's 366 days). */
export const BOARD_MAX_DAYS = 366;

/**
 * The board's local dates (Today in the operator's zone by default; one date
 * alone is a one-day range) and their [start, end) instants. A reversed range
 * or one longer than a year is refused naming `to`.
 */
export function boardRange(query: Pick<BoardQuery, 'from' | 'to'>, timeZone: string, now = new Date()): DayRange & { start: Date; end: Date } {
  const today = localDate(now, timeZone);
  const from = query.from ?? query.to ?? today;
  const to = query.to ?? query.from ?? today;
  return checkedDayRange(from, to, timeZone, BOARD_MAX_DAYS);
}

/** The operator's rides whose pickup lies in [start, end), of one status or all. */
export function rangeConditions(businessId: number, range: { start: Date; end: Date }, status: 'all' | RideStatus): (SQL | undefined)[] {
  return [
    eq(rides.businessId, businessId),
    gte(rides.pickupTime, range.start),
    lt(rides.pickupTime, range.end),
    status === 'all' ? undefined : eq(rides.status, status),
  ];
}

/** The value a sort other than pickup orders by, for the row (what the cursor carries). */
export type SortValue = number | string;

/** The SQL each sort orders by: the customer's name without case (no name sorts first), status in its lifecycle order. */
const SORT_COLUMNS: Record<Exclude<BoardSort, 'pickup'>, SQL> = {
  number: sql`${rides.number}`,
  customer: sql`lower(coalesce(${users.name}, ''))`,
  status: sql`(case ${rides.status} when 'booked' then 0 when 'accepted' then 1 when 'ontrip' then 2 when 'completed' then 3 else 4 end)`,
  fare: sql`${rides.totalAmount}`,
};

/**
 * A cursor is the last row's pickup instant and number (and, for another
 * sort, that sort's name and the row's value), base64url: opaque to the
 * browser, exact for the keyset.
 */
export function encodeCursor(ride: { pickupTime: Date | string; number: number }, after?: { sort: BoardSort; value: SortValue }): string {
  const at = typeof ride.pickupTime === 'string' ? ride.pickupTime : ride.pickupTime.toISOString();
  const tail = after ? `|${after.sort}|${after.value}` : '';
  return Buffer.from(`${at}|${ride.number}${tail}`, 'utf8').toString('base64url');
}

/** The cursor's position; one written for another sort than `sort` (a page of an older order) is refused naming `cursor`. */
export function decodeCursor(cursor: string, sort: BoardSort = 'pickup'): { at: Date; number: number; value?: SortValue } {
  const [at, number, cursorSort, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const when = new Date(at ?? '');
  const n = Number(number);
  if (!at || Number.isNaN(when.getTime()) || !Number.isSafeInteger(n) || n <= 0) throw queryFieldError('cursor', 'cursorInvalid');
  if (sort === 'pickup') {
    if (cursorSort !== undefined) throw queryFieldError('cursor', 'cursorInvalid');
    return { at: when, number: n };
  }
  if (cursorSort !== sort) throw queryFieldError('cursor', 'cursorInvalid');
  const text = rest.join('|');
  if (sort === 'customer') return { at: when, number: n, value: text };
  const value = Number(text);
  if (text === '' || !Number.isSafeInteger(value)) throw queryFieldError('cursor', 'cursorInvalid');
  return { at: when, number: n, value };
}

/** A page's order, the keyset past its cursor (`after`), and the sort's SQL when it is not pickup (`column`). */
type PageOrder = { sort: BoardSort; order: SQL[]; after?: SQL; column?: SQL };

/**
 * Pickup order (then ride number), or the column `sort` names in the chosen
 * direction with ties in pickup order (then number), which the keyset follows.
 */
export function pageOrder(query: Pick<BoardQuery, 'sort' | 'order' | 'cursor'>): PageOrder {
  const descending = query.order === 'desc';
  const sort = query.sort ?? 'pickup';
  if (sort === 'pickup') {
    const order = descending ? [desc(rides.pickupTime), desc(rides.number)] : [asc(rides.pickupTime), asc(rides.number)];
    if (!query.cursor) return { sort, order };
    const past = decodeCursor(query.cursor);
    const after = descending
      ? sql`(${rides.pickupTime}, ${rides.number}) < (${past.at}, ${past.number})`
      : sql`(${rides.pickupTime}, ${rides.number}) > (${past.at}, ${past.number})`;
    return { sort, order, after };
  }
  const column = SORT_COLUMNS[sort];
  const order = [descending ? sql`${column} desc` : sql`${column} asc`, asc(rides.pickupTime), asc(rides.number)];
  if (!query.cursor) return { sort, order, column };
  const past = decodeCursor(query.cursor, sort);
  const beyond = descending ? sql`${column} < ${past.value}` : sql`${column} > ${past.value}`;
  const after = sql`(${beyond} or (${column} = ${past.value} and (${rides.pickupTime}, ${rides.number}) > (${past.at}, ${past.number})))`;
  return { sort, order, after, column };
}
