import type { Server } from 'socket.io';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { drivers, rides } from '@/lib/db/schema';
import { OFFER_CLOSED_EVENT, OFFER_EVENT, type OfferClosedEvent } from '@/lib/dispatch/events';
import { onOfferChange } from '@/lib/dispatch/offer-events';
import { driverOfferView } from '@/lib/driver/offers';
import { driverRoom } from '@/lib/driver/events';

/** Offers reach the driver's own room: a new one with its countdown, and the end of one (answered, run out, withdrawn). */
export function registerOfferEvents(io: Server): () => void {
  return onOfferChange(async ({ offer, ride }) => {
    const db = await getDb();
    const [driver] = await db.select({ userId: drivers.userId }).from(drivers).where(eq(drivers.id, offer.driverId)).limit(1);
    if (!driver) return;
    const room = io.to(driverRoom(driver.userId));
    if (offer.status === 'pending' && ride) {
      room.emit(OFFER_EVENT, driverOfferView(offer, ride));
      return;
    }
    const [row] = await db.select({ number: rides.number }).from(rides).where(eq(rides.id, offer.rideId)).limit(1);
    if (row && offer.status !== 'pending') room.emit(OFFER_CLOSED_EVENT, { rideId: row.number, status: offer.status } satisfies OfferClosedEvent);
  });
}
