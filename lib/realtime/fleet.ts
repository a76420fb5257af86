import type { Server } from 'socket.io';
import { FLEET_CHANGED_EVENT, FLEET_POSITIONS_EVENT, type FleetPosition } from '@/lib/dispatch/fleet-events';
import { onFleetChange } from '@/lib/dispatch/fleet-signal';
import { businessRoom } from './events';

/** Positions reach the operator's consoles batched: at most one message per business per interval. */
export const FLEET_FLUSH_MS = 1000;
/** State changes (online, offers) are announced at most this often per business; the map then reads the fleet again. */
const CHANGE_DEBOUNCE_MS = 500;

const pending = new Map<number, Map<number, FleetPosition>>();
let timer: ReturnType<typeof setTimeout> | undefined;

function flush(io: Server): void {
  timer = undefined;
  for (const [businessId, positions] of pending) io.to(businessRoom(businessId)).emit(FLEET_POSITIONS_EVENT, [...positions.values()]);
  pending.clear();
}

/** Queues a driver's new position for the business's fleet map (the newest per driver wins within a batch). */
export function queueFleetPosition(io: Server, businessId: number, position: FleetPosition): void {
  const batch = pending.get(businessId) ?? new Map<number, FleetPosition>();
  batch.set(position.driverId, position);
  pending.set(businessId, batch);
  timer ??= setTimeout(() => flush(io), FLEET_FLUSH_MS);
}

/** Tells consoles that a driver's state changed (online, offer), debounced per business. */
export function registerFleetChanges(io: Server): () => void {
  const waiting = new Map<number, ReturnType<typeof setTimeout>>();
  return onFleetChange((businessId) => {
    if (waiting.has(businessId)) return;
    waiting.set(
      businessId,
      setTimeout(() => {
        waiting.delete(businessId);
        io.to(businessRoom(businessId)).emit(FLEET_CHANGED_EVENT, {});
      }, CHANGE_DEBOUNCE_MS),
    );
  });
}
