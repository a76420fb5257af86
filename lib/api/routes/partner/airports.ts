import { endpoint } from '@/lib/api/endpoint';
import { airportsScreen } from '@/lib/airports/console';
import { PARTNER_ROLES } from '@/lib/partner/schemas';

/** The airports the operator serves with their meeting points, its waiting rules and waiting charges (console > Airports and waiting). */
export const GET = endpoint({ auth: PARTNER_ROLES }, async ({ db, tenant }) => {
  return { success: true, data: await airportsScreen(db, tenant) };
});
