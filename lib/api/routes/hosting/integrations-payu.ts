import { endpoint } from '@/lib/api/endpoint';
import { payuInputSchema, readIntegrations, savePayu } from '@/lib/hosting/integrations';
import { PARTNER_ROLES } from '@/lib/partner/schemas';

/** Saves the operator's PayU merchant key and salt (an empty salt keeps the stored one); answers the masked view. */
export const PUT = endpoint({ auth: PARTNER_ROLES, body: payuInputSchema }, async ({ db, tenant, body }) => {
  await savePayu(db, tenant, body);
  return { success: true, data: await readIntegrations(db, tenant) };
});
