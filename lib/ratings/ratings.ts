import 'server-only';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { drivers, rideRatings, rides, users, type RideRating } from '@/lib/db/schema';
import { DomainError } from '@/lib/errors/domain-error';
import type { ModerateReviewInput, RateRideInput } from './schemas';

const rideUnknown = () => new DomainError('not_found', 'ride_unknown', 'rideId: This ride was not found.', 'rideId');

/**
 * The rider rates their own completed ride once. A ride of another rider or
 * operator, a ride not completed and a second rating are refused; nothing changes.
 * A comment waits for the operator's approval before the site shows it.
 */
export async function rateRide(db: Db, businessId: number, riderId: number, rideId: number, input: RateRideInput): Promise<RideRating> {
  const [ride] = await db
    .select({ riderId: rides.riderId, status: rides.status, driverId: rides.driverId })
    .from(rides)
    .where(and(eq(rides.id, rideId), eq(rides.businessId, businessId)))
    .limit(1);
  if (!ride || ride.riderId !== riderId) throw rideUnknown();
  if (ride.status !== 'completed') throw new DomainError('conflict', 'ride_not_completed', 'rideId: Only a completed ride can be rated.', 'rideId');
  const [rating] = await db
    .insert(rideRatings)
    .values({
      businessId,
      rideId,
      riderId,
      driverId: ride.driverId,
      stars: input.stars,
      comment: input.comment ?? null,
      commentStatus: input.comment ? 'pending' : 'none',
    })
    .onConflictDoNothing({ target: rideRatings.rideId })
    .returning();
  if (!rating) throw new DomainError('conflict', 'already_rated', 'rideId: This ride has been rated already.', 'rideId');
  return rating;
}

/** The rider's ratings of these rides, by ride id. */
export async function ratingsOfRides(db: Db, businessId: number, rideIds: number[]): Promise<Map<number, { stars: number; comment: string | null }>> {
  if (!rideIds.length) return new Map();
  const rows = await db
    .select({ rideId: rideRatings.rideId, stars: rideRatings.stars, comment: rideRatings.comment })
    .from(rideRatings)
    .where(and(eq(rideRatings.businessId, businessId), inArray(rideRatings.rideId, rideIds)));
  return new Map(rows.map((r) => [r.rideId, { stars: r.stars, comment: r.comment }]));
}

export type RatingSummary = { average: number; count: number };

const summaryOf = (sum: unknown, count: unknown): RatingSummary => {
  const n = Number(count);
  return { count: n, average: n ? Math.round((Number(sum) / n) * 10) / 10 : 0 };
};

/** The operator's real average (one decimal) and count; count 0 when nobody rated yet. */
export async function businessRating(db: Db, businessId: number): Promise<RatingSummary> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${rideRatings.stars}), 0)`, count: sql<string>`count(*)` })
    .from(rideRatings)
    .where(eq(rideRatings.businessId, businessId));
  return summaryOf(row?.sum, row?.count);
}

/** Approved comments for the operator's site, newest first. */
export async function approvedReviews(db: Db, businessId: number, limit = 6) {
  const rows = await db
    .select({ stars: rideRatings.stars, comment: rideRatings.comment, name: users.name, createdAt: rideRatings.createdAt })
    .from(rideRatings)
    .innerJoin(users, eq(users.id, rideRatings.riderId))
    .where(and(eq(rideRatings.businessId, businessId), eq(rideRatings.commentStatus, 'approved'), isNotNull(rideRatings.comment)))
    .orderBy(desc(rideRatings.createdAt))
    .limit(limit);
  // first name only on a public page
  return rows.map((r) => ({
    stars: r.stars,
    comment: r.comment ?? '',
    author: (r.name ?? '').trim().split(/\s+/)[0] ?? '',
    createdAt: r.createdAt.toISOString(),
  }));
}

/** The console's Reviews: the operator's average, each driver's, and every comment with its moderation state. */
export async function reviewsForConsole(db: Db, businessId: number) {
  const overall = await businessRating(db, businessId);
  const perDriver = await db
    .select({ driverId: rideRatings.driverId, name: drivers.name, sum: sql<string>`sum(${rideRatings.stars})`, count: sql<string>`count(*)` })
    .from(rideRatings)
    .innerJoin(drivers, and(eq(drivers.id, rideRatings.driverId), eq(drivers.businessId, businessId)))
    .where(eq(rideRatings.businessId, businessId))
    .groupBy(rideRatings.driverId, drivers.name)
    .orderBy(drivers.name);
  const comments = await db
    // the ride by its number within the operator (the database id never leaves the server)
    .select({
      id: rideRatings.id,
      rideId: rides.number,
      stars: rideRatings.stars,
      comment: rideRatings.comment,
      status: rideRatings.commentStatus,
      createdAt: rideRatings.createdAt,
      riderName: users.name,
      driverName: drivers.name,
    })
    .from(rideRatings)
    .innerJoin(rides, eq(rides.id, rideRatings.rideId))
    .innerJoin(users, eq(users.id, rideRatings.riderId))
    .leftJoin(drivers, and(eq(drivers.id, rideRatings.driverId), eq(drivers.businessId, businessId)))
    .where(and(eq(rideRatings.businessId, businessId), isNotNull(rideRatings.comment)))
    .orderBy(desc(rideRatings.createdAt))
    .limit(200);
  return {
    overall,
    drivers: perDriver.map((d) => ({ driverId: d.driverId!, name: d.name, ...summaryOf(d.sum, d.count) })),
    comments: comments.map((c) => ({ ...c, comment: c.comment ?? '', createdAt: c.createdAt.toISOString() })),
  };
}

/** Approves (shown on the site) or rejects (hidden) a comment of this operator. */
export async function moderateReview(db: Db, businessId: number, ratingId: number, input: ModerateReviewInput) {
  const [row] = await db
    .update(rideRatings)
    .set({ commentStatus: input.status, moderatedAt: new Date() })
    .where(and(eq(rideRatings.id, ratingId), eq(rideRatings.businessId, businessId), isNotNull(rideRatings.comment)))
    .returning({ id: rideRatings.id, status: rideRatings.commentStatus });
  if (!row) throw new DomainError('not_found', 'review_unknown', 'id: This review was not found.', 'id');
  return row;
}
