import type { Ride, RideStatus } from '@/lib/db/schema';
import { logger } from '@/lib/log';
import { metrics } from '@/lib/metrics';

/** `previousDriverId`: on a reassignment, the driver the ride was taken from (their app drops it). */
export type RideChange = { ride: Ride; from: RideStatus | null; to: RideStatus; actorUserId: number | null; previousDriverId?: number | null };
type Listener = (change: RideChange) => void | Promise<void>;

const globalForNotify = globalThis as unknown as { __travelsxRideListeners?: Set<Listener>; __travelsxRideListenerRuns?: Set<Promise<void>> };
const listeners = (globalForNotify.__travelsxRideListeners ??= new Set());
/** Listener runs not finished yet (their messages may still be queued as jobs). */
const running = (globalForNotify.__travelsxRideListenerRuns ??= new Set());

/**
 * Push, the sockets and WhatsApp subscribe here; called after the transaction
 * commits, in the instance that made the transition only. So a listener's
 * side effects (web push, WhatsApp, SMS) happen exactly once per transition
 * however many instances run, and a listener that emits to socket.io rooms
 * reaches the sockets of every instance through socket.io's PostgreSQL
 * adapter (lib/realtime/server.ts). Never re-emit a change received from
 * another instance here.
 */
export function onRideChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitRideChange(change: RideChange): void {
  metrics().transitions.inc({ to: change.to });
  for (const listener of listeners) {
    const run = Promise.resolve()
      .then(() => listener(change))
      .catch((error: unknown) => logger.error({ err: error, rideId: change.ride.id }, 'ride change listener failed'))
      .finally(() => running.delete(run));
    running.add(run);
  }
}

/** Resolves when every listener run started so far (and any they started) has finished. */
export async function rideChangesSettled(): Promise<void> {
  while (running.size) await Promise.allSettled([...running]);
}
