import { endpoint } from '@/lib/api/endpoint';
import { readIntegrations, saveWhatsApp, whatsappInputSchema } from '@/lib/hosting/integrations';
import { PARTNER_ROLES } from '@/lib/partner/schemas';

/** Saves the operator's WhatsApp Cloud API number (empty secrets keep the stored ones); answers the masked view. */
export const PUT = endpoint({ auth: PARTNER_ROLES, body: whatsappInputSchema }, async ({ db, tenant, body }) => {
  await saveWhatsApp(db, tenant, body);
  return { success: true, data: await readIntegrations(db, tenant) };
});
