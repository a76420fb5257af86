import { endpoint } from '@/lib/api/endpoint';
import { rideIdFromPath } from '@/lib/rides/numbers';
import { createShareLink } from '@/lib/rides/tracking';

/** The ride's rider creates a read-only tracking link (accepted or on trip); the answer carries the token once. */
export const POST = endpoint({ auth: ['travelsx-user'] }, async ({ db, tenant, session, params }) => {
  const rideId = await rideIdFromPath(db, tenant.id, params.id);
  const { token } = await createShareLink(db, tenant.id, session.userId, rideId);
  return { success: true, data: { rideId: Number(params.id), token } };
});
