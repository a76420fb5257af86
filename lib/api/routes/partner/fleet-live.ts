import { endpoint } from '@/lib/api/endpoint';
import { PARTNER_ROLES } from '@/lib/partner/schemas';
import { fleetSnapshot } from '@/lib/dispatch/fleet-live';

/** The live map: every verified driver's state (on trip, on the way, offered, free, offline) and last position, and open rides' pickups. */
export const GET = endpoint({ auth: PARTNER_ROLES }, async ({ db, tenant }) => ({ success: true, data: await fleetSnapshot(db, tenant.id) }));
