import { endpoint } from '@/lib/api/endpoint';
import { rideIdFromPath } from '@/lib/rides/numbers';
import { applyDriverAction } from '@/lib/driver/rides';
import { driverRideActionSchema } from '@/lib/driver/schemas';

/** Start (with the rider's 4-digit code) or complete one of the signed-in driver's own rides. */
export const POST = endpoint({ auth: ['travelsx-driver'], body: driverRideActionSchema }, async ({ db, tenant, session, body, params }) => {
  const rideId = await rideIdFromPath(db, tenant.id, params.id);
  return { success: true, data: await applyDriverAction(db, tenant.id, session.userId, rideId, body) };
});
