import { z } from 'zod';
import { endpoint } from '@/lib/api/endpoint';
import { unauthorized } from '@/lib/api/errors';
import { rideIdFromPath } from '@/lib/rides/numbers';
import { rideTracking } from '@/lib/rides/tracking';

const querySchema = z.object({ token: z.string().max(100).optional() });

/**
 * The driver's last position and the pickup for the track page: the business's
 * partners, the ride's rider and driver, or anyone with a live share token
 * (read-only; 410 once the ride has ended).
 */
export const GET = endpoint({ auth: 'optional', query: querySchema }, async ({ db, tenant, session, params, query }) => {
  if (!session && query.token === undefined) throw unauthorized();
  const rideId = await rideIdFromPath(db, tenant.id, params.id);
  return { success: true, data: await rideTracking(db, tenant.id, rideId, { user: session, token: query.token }) };
});
