import type { Ride, RideStatus } from '@/lib/db/schema';
import { logger } from '@/lib/log';

/** `previousDriverId`: on a reassignment, the driver the ride was taken from (their app drops it). */
export type RideChange = { ride: Ride; from: RideStatus | null; to: RideStatus; actorUserId: number | null; previousDriverId?: number | null };
type Listener = (change: RideChange) => void | Promise<void>;

const globalForNotify = globalThis as unknown as { __travelsxRideListeners?: Set<Listener> };
const listeners = (globalForNotify.__travelsxRideListeners ??= new Set());

/** Push, the console socket and WhatsApp subscribe here; called after the transaction commits. */
export function onRideChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitRideChange(change: RideChange): void {
  for (const listener of listeners) {
    Promise.resolve()
      .then(() => listener(change))
      .catch((error: unknown) => logger.error({ err: error, rideId: change.ride.id }, 'ride change listener failed'));
  }
}
