import { endpoint, errorBody, jsonAt } from '@/lib/api/endpoint';
import { enforceLimits } from '@/lib/limits/requests';
import { e164 } from '@/lib/contact/identifiers';
import { bookForCustomer } from '@/lib/rides/partner';
import { bookForCustomerSchema } from '@/lib/rides/partner-schemas';
import { rideView } from '@/lib/rides/queries';

/**
 * The partner books a ride for a customer by phone; the customer sees it in their rides after signing in. 429 past LIMITS.partnerBooking*.
 * `codeRefused`: the ride is booked but the message budget kept its code from the customer (the error a screen shows).
 */
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
  const booked = await bookForCustomer(db, tenant.id, body);
  const { ride, created } = booked;
  const codeRefused = 'codeRefused' in booked && booked.codeRefused ? errorBody(booked.codeRefused).error : null;
  return jsonAt(
    { success: true, data: [{ ...rideView(ride), rideId: ride.number, cashbackAmount: ride.cashbackAmount / 100, codeRefused }] },
    created ? 201 : 200,
  );
});
