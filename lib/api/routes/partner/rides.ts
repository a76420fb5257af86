import { endpoint } from '@/lib/api/endpoint';
import { partnerRides } from '@/lib/rides/partner';
import { partnerRidesQuerySchema } from '@/lib/rides/partner-schemas';

/** The business's rides for the console, filtered by status tab and ride id, with the count per status. */
export const GET = endpoint({ auth: ['travelsx-partner', 'deliverx-partner'], query: partnerRidesQuerySchema }, async ({ db, tenant, query }) => {
  return { success: true, data: await partnerRides(db, tenant.id, query) };
});
