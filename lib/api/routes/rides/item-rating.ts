import { endpoint, jsonAt } from '@/lib/api/endpoint';
import { notFound } from '@/lib/api/errors';
import { pathId } from '@/lib/http/params';
import { rideIdOf } from '@/lib/rides/numbers';
import { rateRide } from '@/lib/ratings/ratings';
import { rateRideSchema } from '@/lib/ratings/schemas';
import { refreshOperatorPages } from '@/lib/page-cache';

/** The rider rates their completed ride once: 1-5 stars and an optional comment (shown on the site after the operator approves it). */
export const POST = endpoint({ auth: ['travelsx-user'], body: rateRideSchema }, async ({ db, tenant, session, body, params }) => {
  // the path names the operator's ride number; the domain takes the row id
  const rideNumber = pathId(params.id);
  const rideId = rideNumber ? await rideIdOf(db, tenant.id, rideNumber) : undefined;
  if (!rideId) throw notFound('rideId: This ride was not found.');
  const rating = await rateRide(db, tenant.id, session.userId, rideId, body);
  await refreshOperatorPages(tenant.slug);
  return jsonAt({ success: true, data: { rideId: rideNumber, stars: rating.stars, comment: rating.comment } }, 201);
});
