import 'server-only';
import { and, asc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { rides, type RideStatus } from '@/lib/db/schema';
import type { DayRange } from '@/lib/partner/dates';
import { offersOfRides } from './offers';
import type { BoardQuery } from './partner-schemas';
import { boardRange, encodeCursor, pageOrder, rangeConditions } from './board-filters';
import { bookedIds, partnerRide, rowOf, selectRows, UNASSIGNED_SOON_MS, type PartnerRide } from './board-rows';

/*
 * The console's rides board: the queries. The range, sorts and cursor are in
 * board-filters.ts, a row's select and shape in board-rows.ts, the CSV in
 * board-csv.ts.
 */

export { exportFileName, ridesCsv } from './board-csv';

export type BoardCounts = Record<'all' | RideStatus, number>;

export type Board = {
  rides: PartnerRide[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
  counts: BoardCounts;
  /** Rides of the range that are booked without a driver and picked up within the hour. */
  unassignedSoon: number;
  range: DayRange & { timeZone: string };
};

/**
 * Counts per status and the number of soon-unassigned rides, for the rides whose pickup lies in [start, end).
 * Two statements so that the first, over every ride of the range, reads only the (business, status, pickup)
 * index once the table is vacuumed (lib/db/maintenance.ts); the second reads the few booked rides of the two
 * hours around now, whose driver is in the row.
 */
async function boardCounts(db: Db, businessId: number, range: { start: Date; end: Date }, now: Date): Promise<{ counts: BoardCounts; unassignedSoon: number }> {
  const soon = new Date(Math.min(now.getTime() + UNASSIGNED_SOON_MS, range.end.getTime()));
  const late = new Date(Math.max(now.getTime() - UNASSIGNED_SOON_MS, range.start.getTime()));
  const [perStatus, [unassigned]] = await Promise.all([
    db
      .select({ status: rides.status, count: sql<string>`count(*)` })
      .from(rides)
      .where(and(...rangeConditions(businessId, range, 'all')))
      .groupBy(rides.status),
    db
      .select({ count: sql<string>`count(*)` })
      .from(rides)
      .where(
        and(eq(rides.businessId, businessId), eq(rides.status, 'booked'), isNull(rides.driverId), gte(rides.pickupTime, late), lt(rides.pickupTime, soon)),
      ),
  ]);
  const counts: BoardCounts = { all: 0, booked: 0, accepted: 0, ontrip: 0, completed: 0, cancelled: 0 };
  for (const { status, count } of perStatus) {
    counts[status] = Number(count);
    counts.all += Number(count);
  }
  return { counts, unassignedSoon: late < soon ? Number(unassigned?.count ?? 0) : 0 };
}

/** A search by ride number (`q`): that ride whatever its date, if it has the status asked. */
async function boardSearch(db: Db, businessId: number, query: BoardQuery, now: Date): Promise<PartnerRide[]> {
  const rows = (
    await selectRows(db, businessId)
      .where(and(eq(rides.businessId, businessId), eq(rides.number, Number(query.q))))
      .limit(1)
  ).map(rowOf);
  const tried = await offersOfRides(db, bookedIds(rows));
  return rows.map((r) => partnerRide(r, now, tried.get(r.ride.id))).filter((r) => query.status === 'all' || r.status === query.status);
}

/**
 * The board: the operator's rides whose pickup falls on the range's local
 * dates, in pickup order (then ride number) or by the column `sort` names
 * (ties in pickup order), one page after the cursor, with
 * the count per status for the whole range. A search by number (`q`) finds
 * that ride whatever its date.
 */
export async function partnerBoard(db: Db, business: { id: number; timeZone: string }, query: BoardQuery, now = new Date()): Promise<Board> {
  const range = boardRange(query, business.timeZone, now);
  const countsPromise = boardCounts(db, business.id, range, now);
  const shown = { from: range.from, to: range.to, timeZone: business.timeZone };
  if (query.q) {
    const [found, { counts, unassignedSoon }] = await Promise.all([boardSearch(db, business.id, query, now), countsPromise]);
    return { rides: found, nextCursor: null, counts, unassignedSoon, range: shown };
  }
  const { sort, order, after, column } = pageOrder(query);
  const [selected, { counts, unassignedSoon }] = await Promise.all([
    selectRows(db, business.id, column)
      .where(and(...rangeConditions(business.id, range, query.status), after))
      .orderBy(...order)
      .limit(query.limit + 1),
    countsPromise,
  ]);
  const rows = selected.map(rowOf);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const tried = await offersOfRides(db, bookedIds(page));
  return {
    rides: page.map((r) => partnerRide(r, now, tried.get(r.ride.id))),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.ride, last.sort === undefined ? undefined : { sort, value: last.sort }) : null,
    counts,
    unassignedSoon,
    range: shown,
  };
}

/** Every ride of the range (all pages) with the status filter, for the CSV export. */
export async function boardRidesForExport(
  db: Db,
  business: { id: number; timeZone: string },
  query: Pick<BoardQuery, 'from' | 'to' | 'status'>,
  now = new Date(),
) {
  const range = boardRange(query, business.timeZone, now);
  const rows = await selectRows(db, business.id)
    .where(and(...rangeConditions(business.id, range, query.status)))
    .orderBy(asc(rides.pickupTime), asc(rides.number));
  return { rides: rows.map((r) => partnerRide(rowOf(r), now)), range: { from: range.from, to: range.to } };
}
