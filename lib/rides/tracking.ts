import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { businesses, drivers, rides, rideShareLinks, vehicles, type Ride } from '@/lib/db/schema';
import { DomainError } from '@/lib/errors/domain-error';
import { hashToken, newToken } from '@/lib/crypto/tokens';
import { LIVE_STATUSES, rideNotFound, watchableRide, type TrackViewer } from '@/lib/tracking/ride-access';
import { e164 } from '@/lib/contact/identifiers';
import { dispatchSettingsOf } from '@/lib/dispatch/settings';
import { isShared } from '@/lib/dispatch/sharing';
import { rideAirports } from '@/lib/flights/ride-airport';

const PARTNER_ROLES = new Set(['travelsx-partner', 'deliverx-partner']);

/** A driver position older than this is shown as stale. */
export const LOCATION_STALE_MS = 5 * 60 * 1000;

/** The operator's meeting point (text and photo) of an airport arrival, in the ride's language where written. */
async function meetingPointOf(db: Db, businessId: number, ride: Ride) {
  if (ride.tripKind !== 'airport') return null;
  const [business] = await db
    .select({ id: businesses.id, language: businesses.language, currency: businesses.currency })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .limit(1);
  if (!business) return null;
  return (await rideAirports(db, business, [ride])).get(ride.id)?.meetingPoint ?? null;
}

/**
 * What the track page shows: the ride's pickup and drop-off, its status,
 * an airport arrival's meeting point (the driver-details message links to it) and
 * the assigned driver's last shared position. The business's partners, the
 * ride's rider and driver, or a live share link may see it (lib/tracking/ride-access).
 */
export async function rideTracking(db: Db, businessId: number, rideId: number, viewer: TrackViewer, now = Date.now()) {
  const access = await watchableRide(db, businessId, rideId, viewer);
  const [row] = await db
    .select({
      ride: rides,
      driverName: drivers.name,
      driverLastName: drivers.lastName,
      driverPhoneCode: drivers.phoneCode,
      driverPhone: drivers.phone,
      driverPhoto: drivers.photoUrl,
      vehiclePhoto: vehicles.imageUrl,
      lat: drivers.lat,
      lng: drivers.lng,
      locatedAt: drivers.locatedAt,
      vehicleNumber: vehicles.number,
      vehicleModel: vehicles.model,
    })
    .from(rides)
    .leftJoin(drivers, and(eq(drivers.id, rides.driverId), eq(drivers.businessId, businessId)))
    .leftJoin(vehicles, and(eq(vehicles.id, rides.vehicleId), eq(vehicles.businessId, businessId)))
    .where(and(eq(rides.id, access.id), eq(rides.businessId, businessId)))
    .limit(1);
  if (!row) throw rideNotFound();
  const { shareLeadMinutes } = await dispatchSettingsOf(db, businessId);
  // the rider (and a link) see the driver from when they set off or the lead before pickup; the operator always
  const partner = Boolean(viewer.user && PARTNER_ROLES.has(viewer.user.role));
  const shared = partner || isShared(row.ride, shareLeadMinutes, now);
  const position =
    shared && row.lat !== null && row.lng !== null && row.locatedAt
      ? { lat: row.lat, lng: row.lng, at: row.locatedAt.toISOString(), stale: now - row.locatedAt.getTime() > LOCATION_STALE_MS }
      : null;
  const sharesFrom = shared ? null : new Date(row.ride.pickupTime.getTime() - shareLeadMinutes * 60_000).toISOString();
  return {
    rideId: row.ride.number,
    status: row.ride.status,
    readOnly: access.viaLink,
    pickup: row.ride.pickup,
    dropoff: row.ride.dropoff,
    pickupTime: row.ride.pickupTime.toISOString(),
    meetingPoint: await meetingPointOf(db, businessId, row.ride),
    driver: row.driverName
      ? {
          name: [row.driverName, row.driverLastName].filter(Boolean).join(' '),
          phone: row.driverPhone ? e164({ dialCode: row.driverPhoneCode ?? '', number: row.driverPhone }) : null,
          photo: row.driverPhoto,
          vehiclePhoto: row.vehiclePhoto,
          vehicle: row.vehicleNumber ? `${row.vehicleNumber} · ${row.vehicleModel}` : null,
          position,
          /** When the rider starts to see the driver live (null: already). */
          sharesFrom,
        }
      : null,
  };
}

export type RideTracking = Awaited<ReturnType<typeof rideTracking>>;

/**
 * A read-only tracking link for the ride's rider, while the ride is accepted
 * or on trip: a random 256-bit token, stored hashed; it dies with the ride.
 */
export async function createShareLink(db: Db, businessId: number, riderId: number, rideId: number): Promise<{ token: string }> {
  const [ride] = await db
    .select({ status: rides.status })
    .from(rides)
    .where(and(eq(rides.id, rideId), eq(rides.businessId, businessId), eq(rides.riderId, riderId)))
    .limit(1);
  if (!ride) throw rideNotFound();
  if (!LIVE_STATUSES.includes(ride.status))
    throw new DomainError('conflict', 'not_shareable', 'A ride can be shared once a driver is assigned and until it ends.');
  const token = newToken();
  await db.insert(rideShareLinks).values({ tokenHash: hashToken(token), businessId, rideId });
  return { token };
}
