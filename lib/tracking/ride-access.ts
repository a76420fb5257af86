import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { drivers, rides, rideShareLinks, type RideStatus, type UserRole } from '@/lib/db/schema';
import { hashToken } from '@/lib/crypto/tokens';
import { DomainError, notFound } from '@/lib/errors/domain-error';

/*
 * Who may watch a ride's driver (the track page, its API and the socket room
 * `ride:{id}`). No 'server-only' here: the socket server imports it too.
 */

/** Rides whose driver can be shared and watched. */
export const LIVE_STATUSES: readonly RideStatus[] = ['accepted', 'ontrip'];
/** A share link dies when its ride reaches one of these. */
export const ENDED_STATUSES: readonly RideStatus[] = ['completed', 'cancelled'];

const PARTNER_ROLES = new Set(['travelsx-partner', 'deliverx-partner']);

/** Who asks: a signed-in user (a session's fields), or the holder of a share link. */
export type TrackViewer = { user?: { userId: number; businessId: number; role: UserRole }; token?: string };

export const rideNotFound = () => notFound('This ride was not found.');
export const linkInvalid = () => new DomainError('not_found', 'link_invalid', 'This tracking link is not valid.');
export const linkExpired = () => new DomainError('gone', 'link_expired', 'This tracking link has expired: the ride has ended.');

/** A share token's form: 43 base64url characters (256 bits). */
export function isShareToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

/**
 * The ride a viewer may watch, read-only: the business's partners, the ride's
 * rider and its assigned driver (with a session), or anyone with a share link
 * of this ride until the ride ends. Anything else is "not found".
 */
export async function watchableRide(
  db: Db,
  businessId: number,
  rideId: number,
  viewer: TrackViewer,
): Promise<{ id: number; status: RideStatus; viaLink: boolean }> {
  const [ride] = await db
    .select({ id: rides.id, status: rides.status, riderId: rides.riderId, driverUserId: drivers.userId })
    .from(rides)
    .leftJoin(drivers, and(eq(drivers.id, rides.driverId), eq(drivers.businessId, businessId), isNull(drivers.removedAt)))
    .where(and(eq(rides.id, rideId), eq(rides.businessId, businessId)))
    .limit(1);
  const { user, token } = viewer;
  if (user && ride) {
    const allowed = (PARTNER_ROLES.has(user.role) && user.businessId === businessId) || ride.riderId === user.userId || ride.driverUserId === user.userId;
    if (allowed) return { id: ride.id, status: ride.status, viaLink: false };
  }
  if (token !== undefined) {
    if (!ride || !isShareToken(token)) throw linkInvalid();
    const [link] = await db
      .select({ rideId: rideShareLinks.rideId })
      .from(rideShareLinks)
      .where(and(eq(rideShareLinks.tokenHash, hashToken(token)), eq(rideShareLinks.businessId, businessId), eq(rideShareLinks.rideId, ride.id)))
      .limit(1);
    if (!link) throw linkInvalid();
    if (ENDED_STATUSES.includes(ride.status)) throw linkExpired();
    return { id: ride.id, status: ride.status, viaLink: true };
  }
  throw rideNotFound();
}
