import { endpoint } from '@/lib/api/endpoint';
import { readIntegrations } from '@/lib/hosting/integrations';
import { PARTNER_ROLES } from '@/lib/partner/schemas';

/** The operator's own WhatsApp number and PayU account, secrets masked (last four characters). */
export const GET = endpoint({ auth: PARTNER_ROLES }, async ({ db, tenant }) => ({ success: true, data: await readIntegrations(db, tenant) }));
