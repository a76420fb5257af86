import { endpoint } from '@/lib/api/endpoint';
import { partnerBoard } from '@/lib/rides/board';
import { partnerRidesQuerySchema } from '@/lib/rides/partner-schemas';

/** The board: rides by pickup date range in the operator's zone (Today by default), in pickup order or by number, customer, status or fare (`sort`), a cursor page, and the count per status for the range. */
export const GET = endpoint({ auth: ['travelsx-partner', 'deliverx-partner'], query: partnerRidesQuerySchema }, async ({ db, tenant, query }) => {
  return { success: true, data: await partnerBoard(db, tenant, query) };
});
