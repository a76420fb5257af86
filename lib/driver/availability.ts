import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { drivers } from '@/lib/db/schema';
import { keyedError } from '@/lib/errors/domain-error';
import { availabilityContext } from '@/lib/rides/availability';
import { conflictingRides } from '@/lib/dispatch/windows';
import { emitFleetChange } from '@/lib/dispatch/fleet-signal';
import { withdrawDriverOffers } from '@/lib/rides/offers';
import { currentDriver } from './identity';

/** The signed-in driver's availability as the app's switch shows it: online or offline, and the ride that makes them busy now. */
export type DriverAvailabilityView = { online: boolean; busyRideId: number | null; verified: boolean };

export async function driverAvailability(db: Db, businessId: number, userId: number): Promise<DriverAvailabilityView> {
  const driver = await currentDriver(db, businessId, userId);
  const context = await availabilityContext(db, businessId);
  const busy = await conflictingRides(db, businessId, 'driverId', [driver.id], context.window, context.bufferMinutes);
  return { online: driver.online, busyRideId: busy.get(driver.id) ?? null, verified: driver.accountStatus === 'Verified' };
}

/**
 * The driver goes online (the operator may give them rides and offers) or
 * offline. Only a verified driver goes online (409 until the operator
 * verifies them); a blocked driver is refused by currentDriver (403).
 */
export async function setOwnAvailability(db: Db, businessId: number, userId: number, online: boolean): Promise<DriverAvailabilityView> {
  const driver = await currentDriver(db, businessId, userId);
  if (online && driver.accountStatus !== 'Verified')
    throw keyedError(
      'conflict',
      'driver_not_verified',
      'driverSelfNotVerified',
      'Your operator has not verified you yet. You can go online once they do.',
      undefined,
      'online',
    );
  await db
    .update(drivers)
    .set({ online, ...(online && !driver.online ? { onlineAt: sql`now()` } : {}) })
    .where(and(eq(drivers.id, driver.id), eq(drivers.businessId, businessId)));
  if (!online) await withdrawDriverOffers(db, driver.id);
  emitFleetChange(businessId);
  return driverAvailability(db, businessId, userId);
}
