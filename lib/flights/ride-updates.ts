import type { Ride } from '@/lib/db/schema';
import { logger } from '@/lib/log';

/**
 * A change to a ride that is no transition (lib/rides/notify.ts has those):
 * its pickup followed its flight, its flight was flagged, its driver is at the
 * meeting point. The sockets subscribe and the screens read the ride again.
 */
export type RideUpdate = { ride: Ride; reason: 'pickup_moved' | 'flight' | 'arrived' };
type UpdateListener = (update: RideUpdate) => void | Promise<void>;

const globalForUpdates = globalThis as unknown as { __travelsxRideUpdateListeners?: Set<UpdateListener> };
const updateListeners = (globalForUpdates.__travelsxRideUpdateListeners ??= new Set());

/** Called after the change commits, in the instance that made it, as onRideChange (the sockets reach every instance through their adapter). */
export function onRideUpdate(listener: UpdateListener): () => void {
  updateListeners.add(listener);
  return () => updateListeners.delete(listener);
}

export function emitRideUpdate(update: RideUpdate): void {
  for (const listener of updateListeners) {
    Promise.resolve()
      .then(() => listener(update))
      .catch((error: unknown) => logger.error({ err: error, rideId: update.ride.id }, 'ride update listener failed'));
  }
}
