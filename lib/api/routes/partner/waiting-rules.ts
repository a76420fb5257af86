import { endpoint } from '@/lib/api/endpoint';
import { waitingRulesInputSchema } from '@/lib/airports/schemas';
import { saveWaitingRules, waitingRulesOf } from '@/lib/airports/settings';
import type { WaitingRules } from '@/lib/airports/waiting';
import { PARTNER_ROLES } from '@/lib/partner/schemas';
import { refreshOperatorPages } from '@/lib/page-cache';

const view = ({ freeMinutes, blockMinutes, landingBufferMinutes }: WaitingRules): WaitingRules => ({ freeMinutes, blockMinutes, landingBufferMinutes });

/** Free waiting per trip kind, the block waiting is charged in and the pickup buffer after landing (minutes). */
export const GET = endpoint({ auth: PARTNER_ROLES }, async ({ db, tenant }) => {
  return { success: true, data: view(await waitingRulesOf(db, tenant.id)) };
});

/** Replaces the waiting rules; rides booked from now on and waiting counted from now on use them. */
export const PUT = endpoint({ auth: PARTNER_ROLES, body: waitingRulesInputSchema }, async ({ db, tenant, body }) => {
  const saved = await saveWaitingRules(db, tenant.id, body);
  await refreshOperatorPages(tenant.slug);
  return { success: true, data: view(saved) };
});
