import { endpoint } from '@/lib/api/endpoint';
import { partnerRides, ridesCsv } from '@/lib/rides/partner';
import { partnerRidesQuerySchema } from '@/lib/rides/partner-schemas';

/** The filtered ride list as a CSV download. */
export const GET = endpoint({ auth: ['travelsx-partner', 'deliverx-partner'], query: partnerRidesQuerySchema }, async ({ db, tenant, query }) => {
  const { rides } = await partnerRides(db, tenant.id, query);
  return new Response(ridesCsv(rides), {
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="rides-${query.status}.csv"`, 'cache-control': 'no-store' },
  });
});
