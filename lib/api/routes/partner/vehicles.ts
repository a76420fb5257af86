import { endpoint, jsonAt } from '@/lib/api/endpoint';
import { addVehicleSchema, CONSOLE_ROLES } from '@/lib/fleet/schemas';
import { addVehicle, listVehicles } from '@/lib/fleet/vehicles';

/** The business's vehicles with Total/Online/Offline counters. */
export const GET = endpoint({ auth: CONSOLE_ROLES }, async ({ db, session }) => ({ success: true, data: await listVehicles(db, session.businessId) }));

/** Add vehicle (docs/requirements/partner.md#vehicles): type, model, normalised number; 409 when the number is already in the fleet. */
export const POST = endpoint({ auth: CONSOLE_ROLES, body: addVehicleSchema }, async ({ db, session, body }) => {
  return jsonAt({ success: true, data: await addVehicle(db, session.businessId, body) }, 201);
});
