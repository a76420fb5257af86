import { asc, inArray } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/db/client';
import { fareAdjustments, type FareAdjustment, type Ride } from '@/lib/db/schema';

/** The fare adjustments of some rides, by ride id, in the order they were recorded. */
export async function adjustmentsOfRides(db: Db, rideIds: number[]): Promise<Map<number, FareAdjustment[]>> {
  const byRide = new Map<number, FareAdjustment[]>();
  if (!rideIds.length) return byRide;
  const rows = await db.select().from(fareAdjustments).where(inArray(fareAdjustments.rideId, rideIds)).orderBy(asc(fareAdjustments.id));
  for (const row of rows) byRide.set(row.rideId, [...(byRide.get(row.rideId) ?? []), row]);
  return byRide;
}

/** Records a fare adjustment of a ride (the caller adds its amount to the ride's total and adjustment amount in the same transaction). */
export async function recordAdjustment(
  tx: Db | Tx,
  ride: Pick<Ride, 'id' | 'businessId'>,
  adjustment: Pick<FareAdjustment, 'kind' | 'quantity' | 'amount' | 'reason'>,
  actorUserId?: number | null,
): Promise<void> {
  await tx.insert(fareAdjustments).values({ businessId: ride.businessId, rideId: ride.id, ...adjustment, actorUserId: actorUserId ?? null });
}
