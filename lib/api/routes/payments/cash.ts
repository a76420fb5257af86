import { endpoint } from '@/lib/api/endpoint';
import { payByCash } from '@/lib/payments/commands';
import { rideIdOrNotFound } from '@/lib/rides/numbers';
import { cardOnly } from '@/lib/api/routes/payments/http';
import { createPaymentSchema } from '@/lib/payments/schemas';
import { rideView } from '@/lib/rides/queries';

/** After a failed card payment: the rider pays the driver in cash instead. */
export const POST = cardOnly(
  endpoint({ auth: ['travelsx-user'], body: createPaymentSchema }, async ({ db, tenant, session, body }) => {
    const ride = await payByCash(db, tenant.id, session.userId, await rideIdOrNotFound(db, tenant.id, body.rideId));
    return { success: true, data: rideView(ride) };
  }),
);
