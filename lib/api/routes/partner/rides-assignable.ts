import { endpoint } from '@/lib/api/endpoint';
import { rideIdOrNotFound } from '@/lib/rides/numbers';
import { assignable } from '@/lib/rides/partner';
import { assignableQuerySchema } from '@/lib/rides/partner-schemas';

/** Every driver and vehicle of the business for the Accept or Reassign dialog: available first, the others with the reason; vehicles fitted to the ride's class. */
export const GET = endpoint({ auth: ['travelsx-partner', 'deliverx-partner'], query: assignableQuerySchema }, async ({ db, tenant, query }) => {
  return { success: true, data: await assignable(db, tenant.id, query.rideId === undefined ? undefined : await rideIdOrNotFound(db, tenant.id, query.rideId)) };
});
