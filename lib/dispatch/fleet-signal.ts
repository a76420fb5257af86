import { logger } from '@/lib/log';

/** A driver of a business went online or offline, or got or lost an offer; the socket server tells the consoles. */
type Listener = (businessId: number) => void;

const globalForFleet = globalThis as unknown as { __travelsxFleetListeners?: Set<Listener> };
const listeners = (globalForFleet.__travelsxFleetListeners ??= new Set());

export function onFleetChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitFleetChange(businessId: number): void {
  for (const listener of listeners) {
    try {
      listener(businessId);
    } catch (error) {
      logger.error({ err: error, businessId }, 'fleet change listener failed');
    }
  }
}
