import { endpoint } from '@/lib/api/endpoint';
import { saveTripRules, tripRulesOf, type TripRuleValues } from '@/lib/fares/trip-rules';
import { tripRulesInputSchema } from '@/lib/partner/trip-rules-schema';
import { PARTNER_ROLES } from '@/lib/partner/schemas';

const view = (rules: TripRuleValues) => {
  const { walletSpendBps, ...limits } = rules;
  return { ...limits, walletSpendPercent: walletSpendBps / 100 };
};

/** The operator's trip limits (km) and the share of a fare riders may pay from their wallet (percent). */
export const GET = endpoint({ auth: PARTNER_ROLES }, async ({ db, tenant }) => {
  return { success: true, data: view(await tripRulesOf(db, tenant.id)) };
});

/** Replaces the trip limits and wallet share; the next quote and booking use them. */
export const PUT = endpoint({ auth: PARTNER_ROLES, body: tripRulesInputSchema }, async ({ db, tenant, body }) => {
  const { walletSpendPercent, ...limits } = body;
  const saved = await saveTripRules(db, tenant.id, { ...limits, walletSpendBps: Math.round(walletSpendPercent * 100) });
  return { success: true, data: view(saved) };
});
