import { endpoint, jsonAt } from '@/lib/api/endpoint';
import { clientIp } from '@/lib/http/client-ip';
import { enforceLimits } from '@/lib/limits/requests';
import { bookRideSchema } from '@/lib/booking/schemas';
import { bookRide } from '@/lib/rides/commands';
import { dropBookingForTest } from '@/lib/rides/test-drop';
import { riderRides, rideView } from '@/lib/rides/queries';
import { rideAirports } from '@/lib/flights/ride-airport';

const RIDER = ['travelsx-user'] as const;

/** The signed-in rider's rides: upcoming and past. */
export const GET = endpoint({ auth: RIDER }, async ({ db, tenant, session }) => {
  return { success: true, data: await riderRides(db, tenant.id, session.userId) };
});

/** Book ride (docs/architecture/booking.md): from a stored quote, idempotent per key; answers a list whose first item has cashbackAmount. 429 past LIMITS.booking*. */
export const POST = endpoint({ auth: RIDER, body: bookRideSchema }, async ({ req, db, tenant, session, body }) => {
  await enforceLimits(
    db,
    tenant.id,
    [
      ['bookingPerRider', session.userId],
      ['bookingPerIp', clientIp(req.headers)],
    ],
    'Too many bookings. Try again later.',
  );
  const { ride, created } = await bookRide(db, tenant.id, session.userId, body);
  const view = rideView(ride);
  // an airport ride's meeting point and free waiting, for the confirmation
  const airport = (await rideAirports(db, tenant, [ride], body.language)).get(ride.id) ?? null;
  if (created) await dropBookingForTest(db, ride.id);
  return jsonAt(
    { success: true, data: [{ ...view, cashbackAmount: ride.cashbackAmount / 100, walletApplied: ride.walletApplied / 100, rideId: ride.number, airport }] },
    created ? 201 : 200,
  );
});
