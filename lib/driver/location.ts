import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { drivers, rides } from '@/lib/db/schema';
import { DomainError } from '@/lib/errors/domain-error';
import { LIVE_STATUSES } from '@/lib/tracking/ride-access';
import { currentDriver } from './identity';
import type { DriverLocation } from './schemas';

/**
 * Stores the signed-in driver's position (their own row only: the driver is
 * found from the session, never from the input) while one of their rides is
 * accepted or on trip, and answers those rides for the live broadcast.
 * No 'server-only' here: the socket server calls it.
 */
export async function recordDriverLocation(
  db: Db,
  businessId: number,
  userId: number,
  point: DriverLocation,
): Promise<{ rides: { id: number; number: number }[]; at: Date }> {
  const driver = await currentDriver(db, businessId, userId);
  const live = await db
    .select({ id: rides.id, number: rides.number })
    .from(rides)
    .where(and(eq(rides.businessId, businessId), eq(rides.driverId, driver.id), inArray(rides.status, [...LIVE_STATUSES])));
  if (!live.length) throw new DomainError('conflict', 'no_live_ride', 'Your location is shared only while a ride is accepted or on trip.');
  const at = new Date();
  await db
    .update(drivers)
    .set({ lat: point.lat, lng: point.lng, locatedAt: at })
    .where(and(eq(drivers.id, driver.id), eq(drivers.businessId, businessId)));
  return { rides: live, at };
}
