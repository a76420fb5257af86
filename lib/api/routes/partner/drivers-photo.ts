import { endpoint } from '@/lib/api/endpoint';
import { findDriver } from '@/lib/fleet/drivers';
import { pathId } from '@/lib/fleet/errors';
import { PHOTO_BODY_MAX, setFleetPhoto, uploadFleetPhoto } from '@/lib/fleet/photo-upload';
import { CONSOLE_ROLES } from '@/lib/fleet/schemas';

/** Uploads a driver's photo (multipart `file`: PNG, JPEG or WebP up to 5 MB), stored as a 512 px square. */
export const POST = endpoint({ auth: CONSOLE_ROLES, maxBytes: PHOTO_BODY_MAX }, async ({ db, tenant, req, params }) => {
  const id = pathId(params.id, 'driver');
  await uploadFleetPhoto(db, tenant, 'driver', id, req);
  return { success: true, data: await findDriver(db, tenant.id, id) };
});

/** Removes the driver's photo. */
export const DELETE = endpoint({ auth: CONSOLE_ROLES }, async ({ db, tenant, params }) => {
  const id = pathId(params.id, 'driver');
  await setFleetPhoto(db, tenant.id, 'driver', id, null);
  return { success: true, data: await findDriver(db, tenant.id, id) };
});
