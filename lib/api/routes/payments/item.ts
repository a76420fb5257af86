import { endpoint } from '@/lib/api/endpoint';
import { notFound } from '@/lib/api/errors';
import { paymentForm } from '@/lib/payments/commands';
import { cardOnly, returnToFor } from '@/lib/api/routes/payments/http';
import { paymentDataQuerySchema, txnIdSchema } from '@/lib/payments/schemas';

/** The rider's own open payment as `{ data: checkout form fields, action }` for the pay page's hidden POST form. */
export const GET = cardOnly(
  endpoint({ auth: ['travelsx-user'], query: paymentDataQuerySchema }, async ({ req, db, tenant, session, query, params }) => {
    const txnid = txnIdSchema.safeParse(params.txnId);
    if (!txnid.success) throw notFound('This payment was not found.');
    const form = await paymentForm(db, tenant.id, session.userId, txnid.data, returnToFor(req, tenant, query.locale));
    return { success: true, ...form };
  }),
);
