import type { Server } from 'socket.io';
import { OFFER_CLOSED_EVENT, OFFER_EVENT, type OfferClosedEvent } from '@/lib/dispatch/events';
import { onOfferChange } from '@/lib/dispatch/offer-events';
import { driverOfferView } from '@/lib/driver/offers';
import { driverRoom } from '@/lib/driver/events';
import { driverUserId, rideNumber } from './known-ids';

/** Offers reach the driver's own room: a new one with its countdown, and the end of one (answered, run out, withdrawn). */
export function registerOfferEvents(io: Server): () => void {
  return onOfferChange(async ({ offer, ride }) => {
    const userId = await driverUserId(offer.driverId);
    if (userId === undefined) return;
    const room = io.to(driverRoom(userId));
    if (offer.status === 'pending' && ride) {
      room.emit(OFFER_EVENT, driverOfferView(offer, ride));
      return;
    }
    const number = await rideNumber(offer.rideId);
    if (number !== undefined && offer.status !== 'pending') room.emit(OFFER_CLOSED_EVENT, { rideId: number, status: offer.status } satisfies OfferClosedEvent);
  });
}
