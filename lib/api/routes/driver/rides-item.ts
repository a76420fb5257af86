import { endpoint } from '@/lib/api/endpoint';
import { notFound } from '@/lib/api/errors';
import { pathId } from '@/lib/http/params';
import { applyDriverAction } from '@/lib/driver/rides';
import { driverRideActionSchema } from '@/lib/driver/schemas';

/** Start (with the rider's 4-digit code) or complete one of the signed-in driver's own rides. */
export const POST = endpoint({ auth: ['travelsx-driver'], body: driverRideActionSchema }, async ({ db, tenant, session, body, params }) => {
  const rideId = pathId(params.id);
  if (!rideId) throw notFound('This ride was not found.');
  return { success: true, data: await applyDriverAction(db, tenant.id, session.userId, rideId, body) };
});
