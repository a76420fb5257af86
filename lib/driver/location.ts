import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { drivers, rides, type RideStatus } from '@/lib/db/schema';
import { DomainError } from '@/lib/errors/domain-error';
import { judgeFix, type FixVerdict } from '@/lib/dispatch/positions';
import { dispatchSettingsOf } from '@/lib/dispatch/settings';
import { isShared } from '@/lib/dispatch/sharing';
import { logger } from '@/lib/log';
import { admitted } from './identity';
import type { DriverLocation } from './schemas';

/** A live (accepted or on-trip, LIVE_STATUSES) ride as json_build_object gives it: timestamps as ISO text. */
type LiveRow = { id: number; number: number; status: RideStatus; setOffAt: string | null; pickupTime: string };

export type LocationResult =
  | { stored: true; driverId: number; at: Date; rides: { id: number; number: number }[] }
  | { stored: false; driverId: number; verdict: Exclude<FixVerdict, 'ok'> };

/**
 * Stores the signed-in driver's position (their own row only: the driver is
 * found from the session, never from the input) while they are online or on
 * an accepted or on-trip ride; answers the rides whose rider sees it live. A
 * fix that cannot be true (lib/dispatch/positions) is logged and ignored.
 * No 'server-only' here: the socket server calls it.
 */
export async function recordDriverLocation(db: Db, businessId: number, userId: number, point: DriverLocation, now = new Date()): Promise<LocationResult> {
  // one statement for the driver and their live rides: a position arrives every second from each driver on shift
  const [row] = await db
    .select({
      id: drivers.id,
      accountStatus: drivers.accountStatus,
      online: drivers.online,
      lat: drivers.lat,
      lng: drivers.lng,
      locatedAt: drivers.locatedAt,
      // spelled out: drizzle leaves the columns of a one-table select unqualified, which the subquery would read as its own
      live: sql<LiveRow[]>`coalesce((
        select json_agg(json_build_object('id', r.id, 'number', r.number, 'status', r.status, 'setOffAt', r.set_off_at, 'pickupTime', r.pickup_time))
        from ${rides} r
        where r.business_id = "drivers"."business_id" and r.driver_id = "drivers"."id" and r.status in ('accepted', 'ontrip')
      ), '[]'::json)`,
    })
    .from(drivers)
    .where(and(eq(drivers.businessId, businessId), eq(drivers.userId, userId), isNull(drivers.removedAt)))
    .limit(1);
  const driver = admitted(row);
  const live = driver.live.map((ride) => ({
    id: ride.id,
    number: ride.number,
    status: ride.status,
    setOffAt: ride.setOffAt === null ? null : new Date(ride.setOffAt),
    pickupTime: new Date(ride.pickupTime),
  }));
  if (!driver.online && !live.length) throw new DomainError('conflict', 'not_sharing', 'Go online to share your location with your operator.');
  const at = point.at === undefined ? now : new Date(point.at);
  const previous = driver.lat !== null && driver.lng !== null && driver.locatedAt ? { lat: driver.lat, lng: driver.lng, at: driver.locatedAt } : null;
  const verdict = judgeFix(previous, { lat: point.lat, lng: point.lng, at }, now);
  if (verdict !== 'ok') {
    logger.warn({ businessId, driverId: driver.id, verdict, lat: point.lat, lng: point.lng, at: at.toISOString() }, 'driver position ignored');
    return { stored: false, driverId: driver.id, verdict };
  }
  await db
    .update(drivers)
    .set({ lat: point.lat, lng: point.lng, locatedAt: at })
    .where(and(eq(drivers.id, driver.id), eq(drivers.businessId, businessId)));
  const { shareLeadMinutes } = await dispatchSettingsOf(db, businessId);
  const shared = live.filter((ride) => isShared(ride, shareLeadMinutes, now.getTime()));
  return { stored: true, driverId: driver.id, at, rides: shared.map(({ id, number }) => ({ id, number })) };
}
