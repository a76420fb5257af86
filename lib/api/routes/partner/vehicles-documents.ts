import { endpoint } from '@/lib/api/endpoint';
import { vehicleDocumentsSchema } from '@/lib/fleet/document-schemas';
import { saveVehicleDocuments } from '@/lib/fleet/documents';
import { fleetNotFound, pathId } from '@/lib/fleet/errors';
import { CONSOLE_ROLES } from '@/lib/fleet/schemas';
import { findVehicle, vehicleView } from '@/lib/fleet/vehicles';

/** The vehicle's permit, insurance and fitness certificate: {permit?, insurance?, fitness?: {number, expiresOn}}. */
export const PUT = endpoint({ auth: CONSOLE_ROLES, body: vehicleDocumentsSchema }, async ({ db, tenant, body, params }) => {
  const id = pathId(params.id, 'vehicle');
  if (!(await saveVehicleDocuments(db, tenant.id, id, body))) throw fleetNotFound('vehicle');
  return { success: true, data: vehicleView(await findVehicle(db, tenant.id, id)) };
});
