import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { drivers } from '@/lib/db/schema';
import { openRideHolding } from '@/lib/fleet/open-rides';
import { currentDriver } from './identity';

/** The signed-in driver's availability as the app's switch shows it: online or offline, and the open ride that makes them busy. */
export type DriverAvailabilityView = { online: boolean; busyRideId: number | null };

export async function driverAvailability(db: Db, businessId: number, userId: number): Promise<DriverAvailabilityView> {
  const driver = await currentDriver(db, businessId, userId);
  return { online: driver.online, busyRideId: (await openRideHolding(db, businessId, { driverId: driver.id })) ?? null };
}

/** The driver goes online (the operator may give them rides) or offline; a blocked driver is refused by currentDriver (403). */
export async function setOwnAvailability(db: Db, businessId: number, userId: number, online: boolean): Promise<DriverAvailabilityView> {
  const driver = await currentDriver(db, businessId, userId);
  await db
    .update(drivers)
    .set({ online })
    .where(and(eq(drivers.id, driver.id), eq(drivers.businessId, businessId)));
  return driverAvailability(db, businessId, userId);
}
