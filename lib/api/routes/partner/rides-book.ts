import { endpoint, jsonAt } from '@/lib/api/endpoint';
import { enforceLimits } from '@/lib/limits/requests';
import { e164 } from '@/lib/contact/identifiers';
import { bookForCustomer } from '@/lib/rides/partner';
import { bookForCustomerSchema } from '@/lib/rides/partner-schemas';
import { rideView } from '@/lib/rides/queries';

/** The partner books a ride for a customer by phone; the customer sees it in their rides after signing in. 429 past LIMITS.partnerBooking*. */
export const POST = endpoint({ auth: ['travelsx-partner', 'deliverx-partner'], body: bookForCustomerSchema }, async ({ db, tenant, session, body }) => {
  await enforceLimits(
    db,
    tenant.id,
    [
      ['partnerBookingPerAccount', session.userId],
      ['partnerBookingPerCustomer', e164(body.customerPhone)],
    ],
    'Too many bookings. Try again later.',
  );
  const { ride, created } = await bookForCustomer(db, tenant.id, body);
  return jsonAt({ success: true, data: [{ ...rideView(ride), rideId: ride.number, cashbackAmount: ride.cashbackAmount / 100 }] }, created ? 201 : 200);
});
