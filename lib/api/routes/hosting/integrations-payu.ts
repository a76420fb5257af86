import { endpoint } from '@/lib/api/endpoint';
import { payuInputSchema, readIntegrations, savePayu } from '@/lib/hosting/integrations';
import { PARTNER_ROLES } from '@/lib/partner/schemas';
import { refreshOperatorPages } from '@/lib/page-cache';

/** Saves the operator's PayU merchant key and salt (an empty salt keeps the stored one); its pages offer card payment from the next view. */
export const PUT = endpoint({ auth: PARTNER_ROLES, body: payuInputSchema }, async ({ db, tenant, body }) => {
  await savePayu(db, tenant, body);
  await refreshOperatorPages(tenant.slug);
  return { success: true, data: await readIntegrations(db, tenant) };
});
