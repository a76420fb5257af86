import { endpoint, jsonAt } from '@/lib/api/endpoint';
import { addAgency, listAgencies } from '@/lib/fleet/agencies';
import { addAgencySchema, CONSOLE_ROLES } from '@/lib/fleet/schemas';

/** The business's travel companies with their drivers and counters. */
export const GET = endpoint({ auth: CONSOLE_ROLES }, async ({ db, session }) => ({ success: true, data: await listAgencies(db, session.businessId) }));

/** Add travel (docs/requirements/partner.md#drivers-and-travel-companies): a pending travel company; 409 when the phone is already added. */
export const POST = endpoint({ auth: CONSOLE_ROLES, body: addAgencySchema }, async ({ db, session, body }) => {
  return jsonAt({ success: true, data: await addAgency(db, session.businessId, body) }, 201);
});
