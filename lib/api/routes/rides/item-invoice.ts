import { endpoint } from '@/lib/api/endpoint';
import { notFound } from '@/lib/api/errors';
import { pathId } from '@/lib/http/params';
import { rideIdOf } from '@/lib/rides/numbers';
import { invoiceDownload } from '@/lib/invoice/download';
import { invoiceQuerySchema } from '@/lib/invoice/schemas';

/** The invoice PDF of the rider's own completed ride, in `lang` (else the operator's language). */
export const GET = endpoint({ auth: ['travelsx-user'], query: invoiceQuerySchema }, async ({ db, tenant, session, query, params }) => {
  // the path names the operator's ride number; the domain takes the row id
  const rideNumber = pathId(params.id);
  const rideId = rideNumber ? await rideIdOf(db, tenant.id, rideNumber) : undefined;
  if (!rideId) throw notFound('rideId: This ride was not found.');
  return invoiceDownload(db, tenant, rideId, query.lang, session.userId);
});
