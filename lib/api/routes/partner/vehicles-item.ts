import { endpoint } from '@/lib/api/endpoint';
import { pathId } from '@/lib/fleet/errors';
import { CONSOLE_ROLES, updateVehicleSchema } from '@/lib/fleet/schemas';
import { removeVehicle, updateVehicle } from '@/lib/fleet/vehicles';

/** Edits a vehicle of the session's business or switches it online/offline; foreign or unknown ids are 404. */
export const PATCH = endpoint({ auth: CONSOLE_ROLES, body: updateVehicleSchema }, async ({ db, session, body, params }) => ({
  success: true,
  data: await updateVehicle(db, session.businessId, pathId(params.id, 'vehicle'), body),
}));

/** Removes (soft) a vehicle of the session's business and unassigns it from its drivers. */
export const DELETE = endpoint({ auth: CONSOLE_ROLES }, async ({ db, session, params }) => {
  await removeVehicle(db, session.businessId, pathId(params.id, 'vehicle'));
  return { success: true };
});
