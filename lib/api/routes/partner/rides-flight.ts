import { endpoint } from '@/lib/api/endpoint';
import { partnerFlightAction } from '@/lib/flights/actions';
import { partnerFlightSchema } from '@/lib/flights/schemas';
import { PARTNER_ROLES } from '@/lib/partner/schemas';
import { rideIdFromPath } from '@/lib/rides/numbers';

/** A ride's flight: record the landing or a new expected landing, ask the provider now, or turn following the flight on or off. */
export const POST = endpoint({ auth: PARTNER_ROLES, body: partnerFlightSchema }, async ({ db, tenant, session, body, params }) => {
  const rideId = await rideIdFromPath(db, tenant.id, params.id);
  return { success: true, data: await partnerFlightAction(db, tenant.id, rideId, body, session.userId) };
});
