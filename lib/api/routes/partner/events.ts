import { endpoint } from '@/lib/api/endpoint';
import { listRideEvents } from '@/lib/partner/events';
import { eventsQuerySchema, PARTNER_ROLES } from '@/lib/partner/schemas';

/** Ride event log (docs/requirements/partner.md#ride-events): the business's ride transitions in the last 30 or 60 minutes or today, optionally of one ride. */
export const GET = endpoint({ auth: PARTNER_ROLES, query: eventsQuerySchema }, async ({ db, tenant, query }) => {
  return { success: true, data: await listRideEvents(db, tenant, query) };
});
