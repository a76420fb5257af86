import { z } from 'zod';

/** Our transaction ids: letters and digits, at most 25 characters (PayU's limit). */
export const txnIdSchema = z.string().regex(/^[A-Za-z0-9]{1,25}$/, 'txnId must be 1 to 25 letters or digits.');

const rideId = z.coerce
  .number({ error: 'rideId must be a ride number.' })
  .int('rideId must be a ride number.')
  .positive('rideId must be a ride number.')
  .max(2 ** 31 - 1, 'rideId must be a ride number.');

/** POST /api/payments and /api/payments/cash. */
export const createPaymentSchema = z.object({ rideId });

/** The payment data query (docs/requirements/rider.md#paying-by-card) (lp_id, user_id, user_type, txn_id): identity comes from the session, so only txn_id is used. */
export const paymentDataQuerySchema = z.object({
  txn_id: txnIdSchema.optional(),
  lp_id: z.string().max(200).optional(),
  user_id: z.string().max(200).optional(),
  user_type: z.string().max(200).optional(),
  /** Locale tag of the page that returns from the gateway (e.g. en-IN). */
  locale: z.string().max(20).optional(),
});

const text = (max: number) => z.string().max(max, `Longer than ${max} characters.`);
const required = (name: string, max: number) => text(max).min(1, `${name} is required.`);

/** A PayU callback (surl or furl): the hashed fields are required; other fields are kept for the record. */
export const payuCallbackSchema = z.looseObject({
  key: required('key', 100),
  txnid: required('txnid', 25),
  amount: required('amount', 20),
  productinfo: text(100),
  firstname: text(100),
  email: text(200),
  status: required('status', 30),
  hash: required('hash', 200),
  udf1: text(255).optional(),
  udf2: text(255).optional(),
  udf3: text(255).optional(),
  udf4: text(255).optional(),
  udf5: text(255).optional(),
  additionalCharges: text(20).optional(),
  mihpayid: text(100).optional(),
});
export type PayuCallback = z.infer<typeof payuCallbackSchema>;
