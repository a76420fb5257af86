import { endpoint } from '@/lib/api/endpoint';
import { rideIdFromPath } from '@/lib/rides/numbers';
import { cancelRideSchema } from '@/lib/booking/schemas';
import { transitionRide } from '@/lib/rides/lifecycle';
import { rideView } from '@/lib/rides/queries';
import { refundsOfRides } from '@/lib/money/refunds';

/** The rider cancels their own booked or accepted ride with a reason; the pending cashback is reversed. */
export const POST = endpoint({ auth: ['travelsx-user'], body: cancelRideSchema }, async ({ db, tenant, session, body, params }) => {
  const rideId = await rideIdFromPath(db, tenant.id, params.id);
  const ride = await transitionRide(db, {
    businessId: tenant.id,
    rideId,
    to: 'cancelled',
    actorUserId: session.userId,
    riderId: session.userId,
    reason: body.reason,
    cancelledBy: 'rider',
    refundTo: body.refundTo,
  });
  return { success: true, data: rideView(ride, { refunds: (await refundsOfRides(db, [ride.id])).get(ride.id) }) };
});
