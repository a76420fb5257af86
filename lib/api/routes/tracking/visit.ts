import { endpoint } from '@/lib/api/endpoint';
import { clientIp } from '@/lib/http/client-ip';
import { limitTracking } from '@/lib/tracking/limits';
import { TRACKING_MAX_BYTES, visitSchema } from '@/lib/tracking/schemas';
import { recordVisit } from '@/lib/tracking/visits';

/** One page view (docs/requirements/rider.md#visitor-tracking); no session needed, bodies over 8 kB are refused (413). */
export const POST = endpoint({ auth: 'optional', body: visitSchema, maxBytes: TRACKING_MAX_BYTES }, async ({ req, db, tenant, session, body }) => {
  await limitTracking(db, tenant.id, clientIp(req.headers));
  const { id } = await recordVisit(db, { businessId: tenant.id, session, host: req.headers.get('host'), userAgent: req.headers.get('user-agent') }, body);
  return { success: true, data: { id } };
});
