import { endpoint } from '@/lib/api/endpoint';
import { resolveRange } from '@/lib/partner/range';
import { overviewQuerySchema, PARTNER_ROLES } from '@/lib/partner/schemas';
import { visitsReport } from '@/lib/tracking/report';

/** The console's visits page: page views, visitors, top pages, sources, campaigns, devices and leads for a date filter. */
export const GET = endpoint({ auth: PARTNER_ROLES, query: overviewQuerySchema }, async ({ db, tenant, query }) => {
  const range = resolveRange(query.filter, query, tenant.timeZone);
  return { success: true, data: { filter: query.filter, from: range.from, to: range.to, ...(await visitsReport(db, tenant.id, range)) } };
});
