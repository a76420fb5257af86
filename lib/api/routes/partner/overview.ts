import { endpoint } from '@/lib/api/endpoint';
import { businessOverview } from '@/lib/partner/overview';
import { resolveRange } from '@/lib/partner/range';
import { overviewQuerySchema, PARTNER_ROLES } from '@/lib/partner/schemas';
import { businessSettings } from '@/lib/tenancy/queries';

/** Business overview: ride counters, revenue, commission and a per-day series for a date filter, in the business's time zone. */
export const GET = endpoint({ auth: PARTNER_ROLES, query: overviewQuerySchema }, async ({ db, tenant, query }) => {
  const range = resolveRange(query.filter, query, tenant.timeZone);
  const { commissionBps } = await businessSettings(tenant.id, db);
  return { success: true, data: { filter: query.filter, ...(await businessOverview(db, { ...tenant, commissionBps }, range)) } };
});
