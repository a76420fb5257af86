import { endpoint } from '@/lib/api/endpoint';
import { notFound } from '@/lib/api/errors';
import { pathId } from '@/lib/http/params';
import { createShareLink } from '@/lib/rides/tracking';

/** The ride's rider creates a read-only tracking link (accepted or on trip); the answer carries the token once. */
export const POST = endpoint({ auth: ['travelsx-user'] }, async ({ db, tenant, session, params }) => {
  const rideId = pathId(params.id);
  if (!rideId) throw notFound('This ride was not found.');
  const { token } = await createShareLink(db, tenant.id, session.userId, rideId);
  return { success: true, data: { rideId, token } };
});
