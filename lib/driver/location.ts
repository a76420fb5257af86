import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { drivers, rides } from '@/lib/db/schema';
import { DomainError } from '@/lib/errors/domain-error';
import { judgeFix, type FixVerdict } from '@/lib/dispatch/positions';
import { dispatchSettingsOf } from '@/lib/dispatch/settings';
import { isShared } from '@/lib/dispatch/sharing';
import { logger } from '@/lib/log';
import { LIVE_STATUSES } from '@/lib/tracking/ride-access';
import { currentDriver } from './identity';
import type { DriverLocation } from './schemas';

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
  const driver = await currentDriver(db, businessId, userId);
  const live = await db
    .select({ id: rides.id, number: rides.number, status: rides.status, setOffAt: rides.setOffAt, pickupTime: rides.pickupTime })
    .from(rides)
    .where(and(eq(rides.businessId, businessId), eq(rides.driverId, driver.id), inArray(rides.status, [...LIVE_STATUSES])));
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
