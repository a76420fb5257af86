import { endpoint } from '@/lib/api/endpoint';
import { notFound } from '@/lib/api/errors';
import { pathId } from '@/lib/http/params';
import { rideIdOf } from '@/lib/rides/numbers';
import { invoiceDownload } from '@/lib/invoice/download';
import { invoiceQuerySchema } from '@/lib/invoice/schemas';

/** The invoice PDF of one of the operator's completed rides. */
export const GET = endpoint({ auth: ['travelsx-partner', 'deliverx-partner'], query: invoiceQuerySchema }, async ({ db, tenant, query, params }) => {
  // the path names the operator's ride number; the domain takes the row id
  const rideNumber = pathId(params.id);
  const rideId = rideNumber ? await rideIdOf(db, tenant.id, rideNumber) : undefined;
  if (!rideId) throw notFound('rideId: This ride was not found.');
  return invoiceDownload(db, tenant, rideId, query.lang);
});
