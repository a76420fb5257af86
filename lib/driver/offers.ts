import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { rideOffers, rides, type Ride, type RideOffer } from '@/lib/db/schema';
import type { DriverOffer } from '@/lib/dispatch/events';
import { answerOffer } from '@/lib/rides/offers';
import { minutesToDrive } from '@/lib/dispatch/score';
import type { OfferAnswer } from '@/lib/dispatch/schemas';
import { currentDriver } from './identity';

/** An offer as the driver app shows it (never the start code or the customer's phone before accepting). */
export function driverOfferView(offer: RideOffer, ride: Ride, now = Date.now()): DriverOffer {
  const km = offer.reason.roadKm;
  return {
    rideId: ride.number,
    tripKind: ride.tripKind,
    rideType: ride.rideType,
    vehicleType: ride.vehicleType,
    pickup: ride.pickup,
    dropoff: ride.dropoff,
    pickupTime: ride.pickupTime.toISOString(),
    fare: ride.totalAmount - ride.walletApplied,
    currency: ride.currency,
    roadKm: km,
    minutesToPickup: km === null ? null : minutesToDrive(km),
    offeredAt: offer.offeredAt.toISOString(),
    expiresAt: offer.expiresAt.toISOString(),
    secondsLeft: Math.max(0, Math.round((offer.expiresAt.getTime() - now) / 1000)),
  };
}

/** The signed-in driver's open offer, or null (the app shows it after a reload too). */
export async function currentOffer(db: Db, businessId: number, userId: number): Promise<DriverOffer | null> {
  const driver = await currentDriver(db, businessId, userId);
  const [row] = await db
    .select({ offer: rideOffers, ride: rides })
    .from(rideOffers)
    .innerJoin(rides, eq(rides.id, rideOffers.rideId))
    .where(and(eq(rideOffers.businessId, businessId), eq(rideOffers.driverId, driver.id), eq(rideOffers.status, 'pending')))
    .limit(1);
  return row && row.offer.expiresAt.getTime() > Date.now() ? driverOfferView(row.offer, row.ride) : null;
}

/** Accept or decline the offer of ride `rideId` (database id); the ride as the driver app shows it on accept. */
export async function answerOwnOffer(db: Db, businessId: number, userId: number, rideId: number, body: OfferAnswer) {
  const driver = await currentDriver(db, businessId, userId);
  const { offer, ride } = await answerOffer(db, businessId, driver.id, userId, rideId, body.answer);
  return { rideId: ride.number, status: offer.status };
}
