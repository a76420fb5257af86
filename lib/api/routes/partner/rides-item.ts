import { endpoint } from '@/lib/api/endpoint';
import { rideIdFromPath } from '@/lib/rides/numbers';
import { applyRideAction } from '@/lib/rides/partner';
import { rideActionSchema } from '@/lib/rides/partner-schemas';
import { rideFields } from '@/lib/rides/queries';

/** Accept (with a driver and vehicle), decline (with a reason), start (with the rider's code), complete, or reset a locked start code. */
export const POST = endpoint({ auth: ['travelsx-partner', 'deliverx-partner'], body: rideActionSchema }, async ({ db, tenant, session, body, params }) => {
  const rideId = await rideIdFromPath(db, tenant.id, params.id);
  const ride = await applyRideAction(db, tenant.id, session.userId, rideId, body);
  return { success: true, data: rideFields(ride) };
});
