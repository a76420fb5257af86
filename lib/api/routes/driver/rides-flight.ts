import { endpoint } from '@/lib/api/endpoint';
import { driverOwnRide } from '@/lib/driver/rides';
import { recordFlight } from '@/lib/flights/actions';
import { driverFlightSchema } from '@/lib/flights/schemas';
import { rideIdFromPath } from '@/lib/rides/numbers';

/** The driver records the landing of the flight they meet, or its new expected landing; the pickup follows it. */
export const POST = endpoint({ auth: ['travelsx-driver'], body: driverFlightSchema }, async ({ db, tenant, session, body, params }) => {
  const rideId = await driverOwnRide(db, tenant.id, session.userId, await rideIdFromPath(db, tenant.id, params.id));
  return { success: true, data: await recordFlight(db, tenant.id, rideId, body, 'driver', session.userId) };
});
