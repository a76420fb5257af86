import { z } from 'zod';
import { endpoint, jsonAt } from '@/lib/api/endpoint';
import { MAX_ID } from '@/lib/db/ids';
import { addDriver, listDrivers } from '@/lib/fleet/drivers';
import { addDriverSchema, CONSOLE_ROLES } from '@/lib/fleet/schemas';
import { queueDriverInvite } from '@/lib/rides/driver-messages';

const listQuery = z.object({ agencyId: z.coerce.number({ error: 'idInvalid' }).int('idInvalid').positive('idInvalid').max(MAX_ID, 'idInvalid').optional() });

/** The business's drivers (optionally one travel company's) with counters and each driver's open ride. */
export const GET = endpoint({ auth: CONSOLE_ROLES, query: listQuery }, async ({ db, session, query }) => ({
  success: true,
  data: await listDrivers(db, session.businessId, { agencyId: query.agencyId }),
}));

/**
 * Add driver (docs/requirements/partner.md#drivers-and-travel-companies): a pending driver with a phone-login user,
 * sent an invitation by SMS; 409 when the phone is already in the fleet.
 */
export const POST = endpoint({ auth: CONSOLE_ROLES, body: addDriverSchema }, async ({ db, session, body }) => {
  const driver = await addDriver(db, session.businessId, body);
  await queueDriverInvite(db, { id: driver.id, businessId: session.businessId });
  return jsonAt({ success: true, data: driver }, 201);
});
