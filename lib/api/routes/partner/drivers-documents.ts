import { endpoint } from '@/lib/api/endpoint';
import { findDriver } from '@/lib/fleet/drivers';
import { driverDocumentsSchema } from '@/lib/fleet/document-schemas';
import { saveDriverDocuments } from '@/lib/fleet/documents';
import { fleetNotFound, pathId } from '@/lib/fleet/errors';
import { CONSOLE_ROLES } from '@/lib/fleet/schemas';

/** The driver's licence: {licence: {number, expiresOn}} (empty values clear it). */
export const PUT = endpoint({ auth: CONSOLE_ROLES, body: driverDocumentsSchema }, async ({ db, tenant, body, params }) => {
  const id = pathId(params.id, 'driver');
  if (!(await saveDriverDocuments(db, tenant.id, id, body))) throw fleetNotFound('driver');
  return { success: true, data: await findDriver(db, tenant.id, id) };
});
