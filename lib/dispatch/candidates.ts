import { and, desc, eq, gt, gte, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '@/lib/db/client';
import { agencies, drivers, rideOffers, rides, vehicles, type OfferReason, type Ride, type VehicleType } from '@/lib/db/schema';
import { VEHICLE_CLASS_RANK } from '@/lib/booking/vehicle-classes';
import { VEHICLE_TYPES } from '@/lib/booking/vocabulary';
import { ACCEPTANCE_DAYS, compareReasons, scoreDriver } from './score';
import { HOLDING, overlapping } from './windows';

/*
 * The drivers a ride may be offered to, best first: verified, online, their
 * travel company not blocked, licence valid, with their own vehicle live,
 * online, papers valid and of the booked class (or larger when the operator
 * allows upgrades), neither holding a ride whose window overlaps this one,
 * not offered this ride before and holding no other pending offer.
 */

export type Candidate = { driverId: number; vehicleId: number; vehicleType: VehicleType; name: string; reason: OfferReason };

/** Classes a ride booked as `booked` may be offered in. */
export function offerableTypes(booked: VehicleType, allowUpgrades: boolean): VehicleType[] {
  return VEHICLE_TYPES.filter((t) => t === booked || (allowUpgrades && VEHICLE_CLASS_RANK[t] > VEHICLE_CLASS_RANK[booked]));
}

const valid = (column: AnyPgColumn, today: string) => or(isNull(column), gte(column, today));

export type CandidateQuery = {
  ride: Ride;
  window: { start: Date; end: Date };
  bufferMinutes: number;
  allowUpgrades: boolean;
  today: string;
  now: Date;
  /** Offers (the default) leave out drivers offered this ride before or holding another offer; the console's suggestions do not. */
  forOffer?: boolean;
};

export async function rankCandidates(db: Db, q: CandidateQuery): Promise<Candidate[]> {
  const { ride } = q;
  const heldBy = (column: typeof rides.driverId | typeof rides.vehicleId, holder: typeof drivers.id | typeof drivers.vehicleId) =>
    sql`not exists (select 1 from ${rides} where ${rides.businessId} = ${ride.businessId} and ${column} = ${holder}
      and ${rides.status} in (${sql.join(
        HOLDING.map((s) => sql`${s}`),
        sql`, `,
      )}) and ${rides.id} <> ${ride.id} and ${overlapping(q.window, q.bufferMinutes)})`;
  const since = new Date(q.now.getTime() - ACCEPTANCE_DAYS * 86_400_000);
  // per driver, one probe of the completed-trips index for the latest end and one pass over 30 days of offers for both counts
  const lastTrip = db
    .select({ endedAt: sql<string | null>`${rides.completedAt}`.as('ended_at') })
    .from(rides)
    .where(and(eq(rides.driverId, drivers.id), eq(rides.status, 'completed'), isNotNull(rides.completedAt)))
    .orderBy(desc(rides.completedAt))
    .limit(1)
    .as('last_trip');
  const answered = db
    .select({
      accepted: sql<number>`(count(*) filter (where ${rideOffers.status} = 'accepted'))::int`.as('accepted'),
      answered: sql<number>`(count(*) filter (where ${rideOffers.status} in ('accepted', 'declined', 'expired')))::int`.as('answered'),
    })
    .from(rideOffers)
    .where(and(eq(rideOffers.driverId, drivers.id), gt(rideOffers.offeredAt, since)))
    .as('answered');
  const rows = await db
    .select({
      driverId: drivers.id,
      name: drivers.name,
      vehicleId: vehicles.id,
      vehicleType: vehicles.vehicleType,
      lat: drivers.lat,
      lng: drivers.lng,
      locatedAt: drivers.locatedAt,
      onlineAt: drivers.onlineAt,
      lastTripEnd: lastTrip.endedAt,
      accepted: answered.accepted,
      answered: answered.answered,
    })
    .from(drivers)
    .innerJoin(vehicles, and(eq(vehicles.id, drivers.vehicleId), eq(vehicles.businessId, ride.businessId)))
    .leftJoin(agencies, and(eq(agencies.id, drivers.agencyId), eq(agencies.businessId, ride.businessId)))
    .leftJoinLateral(lastTrip, sql`true`)
    .leftJoinLateral(answered, sql`true`)
    .where(
      and(
        eq(drivers.businessId, ride.businessId),
        isNull(drivers.removedAt),
        eq(drivers.accountStatus, 'Verified'),
        eq(drivers.online, true),
        or(isNull(drivers.agencyId), and(isNull(agencies.removedAt), ne(agencies.accountStatus, 'Blocked'))),
        valid(drivers.licenceExpiresOn, q.today),
        isNull(vehicles.removedAt),
        eq(vehicles.online, true),
        valid(vehicles.permitExpiresOn, q.today),
        valid(vehicles.insuranceExpiresOn, q.today),
        valid(vehicles.fitnessExpiresOn, q.today),
        inArray(vehicles.vehicleType, offerableTypes(ride.vehicleType, q.allowUpgrades)),
        q.forOffer === false
          ? undefined
          : sql`not exists (select 1 from ${rideOffers} where ${rideOffers.driverId} = ${drivers.id} and (${rideOffers.rideId} = ${ride.id} or ${rideOffers.status} = 'pending'))`,
        heldBy(rides.driverId, drivers.id),
        heldBy(rides.vehicleId, drivers.vehicleId),
      ),
    );
  const candidates = rows.map((row) => {
    const lastTripEnd = row.lastTripEnd ? new Date(row.lastTripEnd) : null;
    const idleSince = [row.onlineAt, lastTripEnd].filter((d): d is Date => d !== null).sort((a, b) => b.getTime() - a.getTime())[0] ?? null;
    const position = row.lat !== null && row.lng !== null && row.locatedAt ? { lat: row.lat, lng: row.lng, at: row.locatedAt } : null;
    return {
      driverId: row.driverId,
      vehicleId: row.vehicleId,
      vehicleType: row.vehicleType,
      name: row.name,
      reason: scoreDriver({ position, idleSince, offers: { accepted: row.accepted ?? 0, total: row.answered ?? 0 } }, ride.pickup, q.now),
    };
  });
  return candidates.sort((a, b) => compareReasons(a.reason, b.reason) || a.driverId - b.driverId);
}
