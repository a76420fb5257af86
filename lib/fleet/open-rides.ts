import 'server-only';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { drivers, rides } from '@/lib/db/schema';
import { keyedError } from '@/lib/errors/domain-error';

/** Rides that hold their driver and vehicle: accepted or on trip (booked rides have neither yet). */
export const HOLDING_STATUSES = ['accepted', 'ontrip'] as const;

/** The number of the first open ride (soonest pickup) that holds this driver or vehicle, or undefined. */
export async function openRideHolding(db: Db, businessId: number, holder: { driverId: number } | { vehicleId: number }): Promise<number | undefined> {
  const column = 'driverId' in holder ? eq(rides.driverId, holder.driverId) : eq(rides.vehicleId, holder.vehicleId);
  const [row] = await db
    .select({ number: rides.number })
    .from(rides)
    .where(and(eq(rides.businessId, businessId), column, inArray(rides.status, [...HOLDING_STATUSES])))
    .orderBy(asc(rides.pickupTime))
    .limit(1);
  return row?.number;
}

/** Refuses to block or remove a travel company while one of its drivers holds an open ride (409 naming the driver and ride). */
export async function assertAgencyHoldsNoRide(db: Db, businessId: number, agencyId: number): Promise<void> {
  const [row] = await db
    .select({ id: rides.number, name: drivers.name })
    .from(rides)
    .innerJoin(drivers, and(eq(drivers.id, rides.driverId), eq(drivers.businessId, businessId)))
    .where(and(eq(rides.businessId, businessId), eq(drivers.agencyId, agencyId), isNull(drivers.removedAt), inArray(rides.status, [...HOLDING_STATUSES])))
    .orderBy(asc(rides.pickupTime))
    .limit(1);
  if (row)
    throw keyedError('conflict', 'driver_holds_ride', 'driverHoldsRide', `${row.name} holds ride #${row.id}. Reassign that ride first.`, {
      name: row.name,
      ride: row.id,
    });
}

/**
 * Refuses to block or remove a driver, or remove a vehicle, while it holds an
 * open ride: a 409 naming the ride, whose card offers Reassign.
 */
export async function assertHoldsNoRide(
  db: Db,
  businessId: number,
  holder: { driverId: number; name: string } | { vehicleId: number; name: string },
): Promise<void> {
  const rideId = await openRideHolding(db, businessId, holder);
  if (rideId === undefined) return;
  const [key, code, text] =
    'driverId' in holder
      ? (['driverHoldsRide', 'driver_holds_ride', `${holder.name} holds ride #${rideId}. Reassign that ride first.`] as const)
      : (['vehicleHoldsRide', 'vehicle_holds_ride', `${holder.name} is on ride #${rideId}. Reassign that ride first.`] as const);
  throw keyedError('conflict', code, key, text, { name: holder.name, ride: rideId });
}
