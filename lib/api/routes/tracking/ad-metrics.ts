import { endpoint } from '@/lib/api/endpoint';
import { clientIp } from '@/lib/http/client-ip';
import { limitTracking } from '@/lib/tracking/limits';
import { adMetricsSchema, TRACKING_MAX_BYTES } from '@/lib/tracking/schemas';
import { recordAdMetrics } from '@/lib/tracking/visits';

/** The campaign a visitor came from (docs/requirements/rider.md#visitor-tracking: fbclid and UTM parameters). */
export const POST = endpoint({ auth: 'optional', body: adMetricsSchema, maxBytes: TRACKING_MAX_BYTES }, async ({ req, db, tenant, session, body }) => {
  await limitTracking(db, tenant.id, clientIp(req.headers));
  await recordAdMetrics(db, { businessId: tenant.id, session, host: req.headers.get('host'), userAgent: req.headers.get('user-agent') }, body);
  return { success: true };
});
