import { endpoint } from '@/lib/api/endpoint';
import { notFound } from '@/lib/api/errors';
import { pathId } from '@/lib/http/params';
import { invoiceDownload } from '@/lib/invoice/download';
import { invoiceQuerySchema } from '@/lib/invoice/schemas';

/** The invoice PDF of the rider's own completed ride, in `lang` (else the operator's language). */
export const GET = endpoint({ auth: ['travelsx-user'], query: invoiceQuerySchema }, async ({ db, tenant, session, query, params }) => {
  const rideId = pathId(params.id);
  if (!rideId) throw notFound('rideId: This ride was not found.');
  return invoiceDownload(db, tenant, rideId, query.lang, session.userId);
});
