import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { rides } from '@/lib/db/schema';

/*
 * A ride holds its driver and vehicle for a window of time, not from
 * acceptance until it ends: from pickup to its expected end (the trip's road
 * time; a return trip from the return time; a rental for its package's hours;
 * at least MIN_RIDE_MINUTES) plus the operator's buffer. A ride on trip, or
 * whose driver has set off, holds them from now; one on trip past its
 * expected end holds them until it completes. Two rides conflict when their
 * windows overlap.
 */

/** The shortest time a ride is expected to take. */
export const MIN_RIDE_MINUTES = 30;
/** Hours of a rental whose package code does not start with its hours ("8h80km"). */
const RENTAL_FALLBACK_HOURS = 8;

/** Rides that hold a driver and vehicle for their window. */
export const HOLDING = ['accepted', 'ontrip'] as const;

/** The expected end of a ride (SQL, on the rides table). */
export const rideEndSql: SQL = sql`greatest(
  ${rides.pickupTime} + make_interval(mins => ${MIN_RIDE_MINUTES}),
  case
    when ${rides.tripKind} = 'rental' then ${rides.pickupTime} + make_interval(hours => coalesce(substring(${rides.packageCode} from '^(\\d+)h')::int, ${RENTAL_FALLBACK_HOURS}))
    when ${rides.rideType} = 'return' and ${rides.returnTime} is not null then ${rides.returnTime} + make_interval(secs => ${rides.durationS})
    when ${rides.rideType} = 'return' then ${rides.pickupTime} + make_interval(secs => 2 * ${rides.durationS})
    else ${rides.pickupTime} + make_interval(secs => ${rides.durationS})
  end)`;

/** Where a held ride's window starts: now once the trip started or its driver set off, else its pickup. */
const heldStartSql: SQL = sql`case when ${rides.status} = 'ontrip' or ${rides.setOffAt} is not null then least(${rides.pickupTime}, now()) else ${rides.pickupTime} end`;

/** Where a held ride's window ends (buffer included): a trip running late holds until it completes. */
const heldEndSql = (bufferMinutes: number): SQL =>
  sql`(case when ${rides.status} = 'ontrip' then greatest(${rideEndSql}, now()) else ${rideEndSql} end) + make_interval(mins => ${bufferMinutes})`;

/** A window to check held rides against: a ride's own, or the moment `now`. */
export type Window = { start: Date; end: Date } | 'now';

/** Held rides (accepted or on trip) whose window overlaps `window` (a condition on the rides table). */
export function overlapping(window: Window, bufferMinutes: number): SQL {
  if (window === 'now') return sql`${heldStartSql} <= now() and now() < ${heldEndSql(bufferMinutes)}`;
  return sql`${heldStartSql} < ${window.end} and ${window.start} < ${heldEndSql(bufferMinutes)}`;
}

/** A ride's own window (pickup to expected end plus the buffer), read from the database. */
export async function rideWindow(db: Db, rideId: number, bufferMinutes: number): Promise<{ start: Date; end: Date }> {
  const [row] = await db
    .select({ start: rides.pickupTime, end: sql<string>`${rideEndSql} + make_interval(mins => ${bufferMinutes})` })
    .from(rides)
    .where(eq(rides.id, rideId))
    .limit(1);
  return { start: row.start, end: new Date(row.end) };
}

/**
 * For each driver (or vehicle) of `ids`, the number of the first held ride
 * (soonest pickup) whose window overlaps `window`; `exceptRideId` is left out.
 */
export async function conflictingRides(
  db: Db,
  businessId: number,
  column: 'driverId' | 'vehicleId',
  ids: number[],
  window: Window,
  bufferMinutes: number,
  exceptRideId?: number,
): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ number: rides.number, holder: rides[column] })
    .from(rides)
    .where(
      and(
        eq(rides.businessId, businessId),
        inArray(rides[column], ids),
        inArray(rides.status, [...HOLDING]),
        exceptRideId ? ne(rides.id, exceptRideId) : undefined,
        overlapping(window, bufferMinutes),
      ),
    )
    .orderBy(rides.pickupTime);
  const map = new Map<number, number>();
  for (const row of rows) if (row.holder !== null && !map.has(row.holder)) map.set(row.holder, row.number);
  return map;
}
