import { payuCallback } from '@/lib/api/routes/payments/http';

/** PayU furl: verified by reverse hash, records the failure, 303 to the payment-failed page. */
export const POST = payuCallback('failure');
