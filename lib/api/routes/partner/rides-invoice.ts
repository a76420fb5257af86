import { endpoint } from '@/lib/api/endpoint';
import { notFound } from '@/lib/api/errors';
import { pathId } from '@/lib/http/params';
import { invoiceDownload } from '@/lib/invoice/download';
import { invoiceQuerySchema } from '@/lib/invoice/schemas';

/** The invoice PDF of one of the operator's completed rides. */
export const GET = endpoint({ auth: ['travelsx-partner', 'deliverx-partner'], query: invoiceQuerySchema }, async ({ db, tenant, query, params }) => {
  const rideId = pathId(params.id);
  if (!rideId) throw notFound('rideId: This ride was not found.');
  return invoiceDownload(db, tenant, rideId, query.lang);
});
