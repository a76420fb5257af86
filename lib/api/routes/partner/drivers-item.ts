import { endpoint } from '@/lib/api/endpoint';
import { pathId } from '@/lib/fleet/errors';
import { assignVehicle, removeDriver, setDriverOnline, setDriverStatus } from '@/lib/fleet/drivers';
import { CONSOLE_ROLES, updateDriverSchema } from '@/lib/fleet/schemas';
import { withdrawDriverOffers } from '@/lib/rides/offers';

/** One change to a driver of the session's business: {action} (verify, block, unblock), {online} or {vehicleId}. */
export const PATCH = endpoint({ auth: CONSOLE_ROLES, body: updateDriverSchema }, async ({ db, session, body, params }) => {
  const id = pathId(params.id, 'driver');
  const { businessId } = session;
  if (body.action) return { success: true, data: await setDriverStatus(db, businessId, id, body.action) };
  if (body.online !== undefined) {
    const driver = await setDriverOnline(db, businessId, id, body.online);
    // a driver taken offline gives up a pending offer: the ride moves on to the next driver
    if (!body.online) await withdrawDriverOffers(db, id);
    return { success: true, data: driver };
  }
  return { success: true, data: await assignVehicle(db, businessId, id, body.vehicleId ?? null) };
});

/** Removes (soft) a driver of the session's business. */
export const DELETE = endpoint({ auth: CONSOLE_ROLES }, async ({ db, session, params }) => {
  await removeDriver(db, session.businessId, pathId(params.id, 'driver'));
  return { success: true };
});
