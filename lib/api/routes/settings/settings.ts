import { endpoint } from '@/lib/api/endpoint';
import { PARTNER_ROLES } from '@/lib/partner/schemas';
import { readSettings } from '@/lib/settings/commands';

/** The operator's business settings as the console's settings screen shows them. */
export const GET = endpoint({ auth: PARTNER_ROLES }, async ({ db, tenant }) => ({ success: true, data: await readSettings(db, tenant.id) }));
