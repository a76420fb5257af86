import { endpoint } from '@/lib/api/endpoint';
import { PARTNER_ROLES } from '@/lib/partner/schemas';
import { EXPIRY_NOTICE_DAYS, expiringDocuments } from '@/lib/fleet/documents';
import { zonedDate } from '@/lib/fares/time';

/** Licences, permits, insurance and fitness certificates of the fleet that have expired or expire in the next 30 days, soonest first. */
export const GET = endpoint({ auth: PARTNER_ROLES }, async ({ db, tenant }) => ({
  success: true,
  data: await expiringDocuments(db, tenant.id, zonedDate(tenant.timeZone), zonedDate(tenant.timeZone, EXPIRY_NOTICE_DAYS)),
}));
