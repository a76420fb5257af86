import { endpoint } from '@/lib/api/endpoint';
import { readIntegrations, saveWhatsApp, whatsappInputSchema } from '@/lib/hosting/integrations';
import { PARTNER_ROLES } from '@/lib/partner/schemas';
import { refreshOperatorPages } from '@/lib/page-cache';

/** Saves the operator's WhatsApp Cloud API number (empty secrets keep the stored ones); answers the masked view. */
export const PUT = endpoint({ auth: PARTNER_ROLES, body: whatsappInputSchema }, async ({ db, tenant, body }) => {
  await saveWhatsApp(db, tenant, body);
  await refreshOperatorPages(tenant.slug);
  return { success: true, data: await readIntegrations(db, tenant) };
});
