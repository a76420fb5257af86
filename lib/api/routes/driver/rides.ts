import { endpoint } from '@/lib/api/endpoint';
import { driverRides } from '@/lib/driver/rides';
import { driverRidesQuerySchema } from '@/lib/driver/schemas';

/** The signed-in driver's assigned rides: active (accepted, on trip) or recent (with finished ones). */
export const GET = endpoint({ auth: ['travelsx-driver'], query: driverRidesQuerySchema }, async ({ db, tenant, session, query }) => {
  return { success: true, data: await driverRides(db, tenant.id, session.userId, query.scope) };
});
