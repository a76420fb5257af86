import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { rides } from '@/lib/db/schema';
import { keyedError } from '@/lib/errors/domain-error';

/** Rides that hold their driver and vehicle: accepted or on trip (booked rides have neither yet). */
export const HOLDING_STATUSES = ['accepted', 'ontrip'] as const;

/** The first open ride (soonest pickup) that holds this driver or vehicle, or undefined. */
export async function openRideHolding(db: Db, businessId: number, holder: { driverId: number } | { vehicleId: number }): Promise<number | undefined> {
  const column = 'driverId' in holder ? eq(rides.driverId, holder.driverId) : eq(rides.vehicleId, holder.vehicleId);
  const [row] = await db
    .select({ id: rides.id })
    .from(rides)
    .where(and(eq(rides.businessId, businessId), column, inArray(rides.status, [...HOLDING_STATUSES])))
    .orderBy(asc(rides.pickupTime))
    .limit(1);
  return row?.id;
}

/**
 * Refuses to block or remove a driver, or remove a vehicle, while it holds an
 * open ride: a 409 naming the ride, whose card offers Reassign.
 */
export async function assertHoldsNoRide(db: Db, businessId: number, holder: { driverId: number; name: string } | { vehicleId: number; name: string }): Promise<void> {
  const rideId = await openRideHolding(db, businessId, holder);
  if (rideId === undefined) return;
  const [key, code, text] = 'driverId' in holder ? (['driverHoldsRide', 'driver_holds_ride', `${holder.name} holds ride #${rideId}. Reassign that ride first.`] as const) : (['vehicleHoldsRide', 'vehicle_holds_ride', `${holder.name} is on ride #${rideId}. Reassign that ride first.`] as const);
  throw keyedError('conflict', code, key, text, { name: holder.name, ride: rideId });
}
