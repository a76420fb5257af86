import { endpoint } from '@/lib/api/endpoint';
import { listRates } from '@/lib/partner/rates';
import { PARTNER_ROLES } from '@/lib/partner/schemas';

/** Every vehicle type's fares, in major units, active or not. */
export const GET = endpoint({ auth: PARTNER_ROLES }, async ({ db, tenant }) => {
  return { success: true, data: { currency: tenant.currency, cards: await listRates(db, tenant) } };
});
