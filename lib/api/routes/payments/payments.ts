import { endpoint, jsonAt } from '@/lib/api/endpoint';
import { badRequest } from '@/lib/api/errors';
import { createPayment, paymentForm } from '@/lib/payments/commands';
import { rideIdOrNotFound } from '@/lib/rides/numbers';
import { cardOnly, returnToFor } from '@/lib/api/routes/payments/http';
import { createPaymentSchema, paymentDataQuerySchema } from '@/lib/payments/schemas';

const RIDER = ['travelsx-user'] as const;

/** Opens a card payment for the rider's own ride; the amount comes from the stored ride. Answers the txnId for the pay page. */
export const POST = cardOnly(
  endpoint({ auth: RIDER, body: createPaymentSchema }, async ({ db, tenant, session, body }) => {
    const payment = await createPayment(db, tenant, session.userId, await rideIdOrNotFound(db, tenant.id, body.rideId));
    return jsonAt({ success: true, txnId: payment.txnid }, 201);
  }),
);

/** Payment data (docs/requirements/rider.md#paying-by-card) in the original query shape: txn_id names the payment; lp_id, user_id and user_type are ignored (the session says who asks). */
export const GET = cardOnly(
  endpoint({ auth: RIDER, query: paymentDataQuerySchema }, async ({ req, db, tenant, session, query }) => {
    if (!query.txn_id) throw badRequest('txn_id: Name the payment.', 'txn_id');
    const form = await paymentForm(db, tenant.id, session.userId, query.txn_id, returnToFor(req, tenant, query.locale));
    return { success: true, ...form };
  }),
);
