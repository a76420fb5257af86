import type { Ride, RideOffer } from '@/lib/db/schema';
import { logger } from '@/lib/log';
import { emitFleetChange } from './fleet-signal';

/** An offer was made (`ride` given) or ended; the socket server tells the driver (lib/realtime/dispatch.ts). */
export type OfferChange = { offer: RideOffer; ride?: Ride };
type Listener = (change: OfferChange) => void | Promise<void>;

const globalForOffers = globalThis as unknown as { __travelsxOfferListeners?: Set<Listener> };
const listeners = (globalForOffers.__travelsxOfferListeners ??= new Set());

/** Called after the change commits, in the instance that made it (its socket emits reach every instance). */
export function onOfferChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitOfferChange(change: OfferChange): void {
  emitFleetChange(change.offer.businessId);
  for (const listener of listeners) {
    Promise.resolve()
      .then(() => listener(change))
      .catch((error: unknown) => logger.error({ err: error, offerId: change.offer.id }, 'offer change listener failed'));
  }
}
