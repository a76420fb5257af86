import { endpoint, jsonAt } from '@/lib/api/endpoint';
import { rideIdFromPath } from '@/lib/rides/numbers';
import { PARTNER_ROLES } from '@/lib/partner/schemas';
import { refundCompletedRide, refundView } from '@/lib/money/refunds';
import { refundRideSchema } from '@/lib/money/refund-schemas';
import { toMinor } from '@/lib/money/minor';

/** The operator refunds all or part of a completed ride with a reason, to the card it was paid with or the rider's wallet; a repeated key answers the first refund. */
export const POST = endpoint({ auth: PARTNER_ROLES, body: refundRideSchema }, async ({ db, tenant, session, body, params }) => {
  const rideId = await rideIdFromPath(db, tenant.id, params.id);
  const { refund, created } = await refundCompletedRide(db, tenant.id, rideId, {
    method: body.method,
    amount: toMinor(body.amount),
    reason: body.reason,
    idempotencyKey: `console:${body.idempotencyKey}`,
    requestedBy: session.userId,
  });
  return jsonAt({ success: true, data: refundView(refund) }, created ? 201 : 200);
});
