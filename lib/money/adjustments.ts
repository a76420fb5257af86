import { asc, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { fareAdjustments, type FareAdjustment } from '@/lib/db/schema';

/** The fare adjustments of some rides, by ride id, in the order they were recorded. */
export async function adjustmentsOfRides(db: Db, rideIds: number[]): Promise<Map<number, FareAdjustment[]>> {
  const byRide = new Map<number, FareAdjustment[]>();
  if (!rideIds.length) return byRide;
  const rows = await db.select().from(fareAdjustments).where(inArray(fareAdjustments.rideId, rideIds)).orderBy(asc(fareAdjustments.id));
  for (const row of rows) byRide.set(row.rideId, [...(byRide.get(row.rideId) ?? []), row]);
  return byRide;
}
