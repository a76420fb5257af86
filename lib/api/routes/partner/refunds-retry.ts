import { endpoint } from '@/lib/api/endpoint';
import { notFound } from '@/lib/api/errors';
import { pathId } from '@/lib/http/params';
import { PARTNER_ROLES } from '@/lib/partner/schemas';
import { refundView, retryRefund } from '@/lib/money/refunds';
import { retryRefundSchema } from '@/lib/money/refund-schemas';

/** A failed card refund sent to PayU again (same token: never paid twice), or paid to the wallet once PayU refused it. */
export const POST = endpoint({ auth: PARTNER_ROLES, body: retryRefundSchema }, async ({ db, tenant, body, params }) => {
  const refundId = pathId(params.id);
  if (!refundId) throw notFound('refundId: This refund was not found.');
  return { success: true, data: refundView(await retryRefund(db, tenant.id, refundId, body.toWallet)) };
});
