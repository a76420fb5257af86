import { payuCallback } from '@/lib/api/routes/payments/http';

/** PayU surl: verified by reverse hash, marks the ride paid, 303 to the confirmation. */
export const POST = payuCallback('success');
