import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { rideOffers, type RideOffer } from '@/lib/db/schema';

/** Ends a ride's pending offer (the ride was assigned by hand, cancelled or taken otherwise); answers the offers ended. */
export async function withdrawPendingOffers(db: Db, rideId: number): Promise<RideOffer[]> {
  return db
    .update(rideOffers)
    .set({ status: 'withdrawn', answeredAt: sql`now()` })
    .where(and(eq(rideOffers.rideId, rideId), eq(rideOffers.status, 'pending')))
    .returning();
}
