import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { rides, type Ride } from '@/lib/db/schema';
import { DomainError } from '@/lib/errors/domain-error';
import { enqueueJob, kickJobs } from '@/lib/jobs/queue';
import { emitRideUpdate } from '@/lib/flights/ride-updates';

/**
 * The driver is at the meeting point of an accepted ride: the time is kept
 * (the first tap counts) and the traveller is told once (a job keyed by the
 * ride), whatever the taps.
 */
export async function driverArrived(db: Db, businessId: number, rideId: number): Promise<Ride> {
  const [ride] = await db
    .update(rides)
    .set({ driverArrivedAt: sql`coalesce(${rides.driverArrivedAt}, now())` })
    .where(and(eq(rides.id, rideId), eq(rides.businessId, businessId), eq(rides.status, 'accepted')))
    .returning();
  if (!ride) throw new DomainError('conflict', 'illegal_transition', 'Only an accepted ride waits at the meeting point.');
  await enqueueJob(db, { kind: 'driver-arrived', key: `driver-arrived:${ride.id}`, businessId, payload: { rideId: ride.id } });
  kickJobs();
  emitRideUpdate({ ride, reason: 'arrived' });
  return ride;
}
