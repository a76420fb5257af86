import 'server-only';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { rideEvents, rides, type RideStatus } from '@/lib/db/schema';
import { startOfLocalDay } from './dates';
import { localDate } from '@/lib/time/zoned';
import type { EventsQuery, EventWindow } from './schemas';

/** A row of the ride event page (docs/requirements/partner.md#ride-events): the label comes from `toStatus`; `rideId` is the ride's number within the operator. */
export type RideEventRow = {
  rideId: number;
  fromStatus: RideStatus | null;
  toStatus: RideStatus;
  note: string | null;
  pickup: string;
  dropoff: string | null;
  createdAt: string;
};

export type RideEventPage = { items: RideEventRow[]; total: number; page: number; size: number; since: string };

/** Start of a time filter: 30 or 60 minutes back, or the business's local midnight. */
export function windowStart(window: EventWindow, timeZone: string, now = new Date()): Date {
  if (window === 'today') return startOfLocalDay(localDate(now, timeZone), timeZone);
  return new Date(now.getTime() - Number(window) * 60_000);
}

/** The business's ride events since the window's start, newest first, optionally of one ride. */
export async function listRideEvents(db: Db, business: { id: number; timeZone: string }, query: EventsQuery, now = new Date()): Promise<RideEventPage> {
  const since = windowStart(query.window, business.timeZone, now);
  const where = and(
    eq(rideEvents.businessId, business.id),
    gte(rideEvents.createdAt, since),
    query.rideId ? eq(rides.number, Number(query.rideId)) : undefined,
  );
  const joined = and(eq(rides.id, rideEvents.rideId), eq(rides.businessId, rideEvents.businessId));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: rideEvents.id,
        rideId: rides.number,
        fromStatus: rideEvents.fromStatus,
        toStatus: rideEvents.toStatus,
        note: rideEvents.note,
        pickup: rides.pickup,
        dropoff: rides.dropoff,
        createdAt: rideEvents.createdAt,
      })
      .from(rideEvents)
      .innerJoin(rides, joined)
      .where(where)
      .orderBy(desc(rideEvents.createdAt), desc(rideEvents.id))
      .limit(query.size)
      .offset(query.page * query.size),
    db
      .select({ total: sql<string>`count(*)` })
      .from(rideEvents)
      .innerJoin(rides, joined)
      .where(where),
  ]);
  return {
    items: rows.map((r) => ({
      rideId: r.rideId,
      fromStatus: r.fromStatus as RideStatus | null,
      toStatus: r.toStatus as RideStatus,
      note: r.note,
      pickup: r.pickup.name,
      dropoff: r.dropoff?.name ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
    total: Number(total),
    page: query.page,
    size: query.size,
    since: since.toISOString(),
  };
}
