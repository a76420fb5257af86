import { endpoint } from '@/lib/api/endpoint';
import { PARTNER_ROLES } from '@/lib/partner/schemas';
import { firstRunChecklist } from '@/lib/settings/commands';

/** The first-run checklist of the console overview: logo, cities, rate cards, a vehicle, a driver, a test booking. */
export const GET = endpoint({ auth: PARTNER_ROLES }, async ({ db, tenant }) => ({ success: true, data: await firstRunChecklist(db, tenant.id) }));
