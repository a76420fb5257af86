import { endpoint } from '@/lib/api/endpoint';
import { pathId } from '@/lib/fleet/errors';
import { PHOTO_BODY_MAX, setFleetPhoto, uploadFleetPhoto } from '@/lib/fleet/photo-upload';
import { CONSOLE_ROLES } from '@/lib/fleet/schemas';
import { findVehicle, vehicleView } from '@/lib/fleet/vehicles';

/** Uploads a vehicle's photo (multipart `file`: PNG, JPEG or WebP up to 5 MB), stored at most 1024 px a side. */
export const POST = endpoint({ auth: CONSOLE_ROLES, maxBytes: PHOTO_BODY_MAX }, async ({ db, tenant, req, params }) => {
  const id = pathId(params.id, 'vehicle');
  await uploadFleetPhoto(db, tenant, 'vehicle', id, req);
  return { success: true, data: vehicleView(await findVehicle(db, tenant.id, id)) };
});

/** Removes the vehicle's own photo (its picture goes back to the model's or type's). */
export const DELETE = endpoint({ auth: CONSOLE_ROLES }, async ({ db, tenant, params }) => {
  const id = pathId(params.id, 'vehicle');
  await setFleetPhoto(db, tenant.id, 'vehicle', id, null);
  return { success: true, data: vehicleView(await findVehicle(db, tenant.id, id)) };
});
