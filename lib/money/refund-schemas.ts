import { z } from 'zod';
import { REFUND_METHODS } from '@/lib/booking/vocabulary';
import { hasTwoDecimals } from '@/lib/money/minor';

/*
 * Refund inputs shared by the console's dialog and the routes. Amounts in
 * major units with at most 2 decimals; messages are keys of `Money.errors`.
 */

/** POST /api/partner/rides/:id/refunds: all or part of a completed ride, with a reason. */
export const refundRideSchema = z.object({
  amount: z
    .number({ error: 'refundAmountInvalid' })
    .positive('refundAmountInvalid')
    .max(10_000_000, 'refundAmountInvalid')
    .refine(hasTwoDecimals, 'refundAmountInvalid'),
  reason: z.string({ error: 'refundReasonRequired' }).trim().min(3, 'refundReasonRequired').max(300, 'refundReasonTooLong'),
  method: z.enum(REFUND_METHODS, { error: 'refundMethodInvalid' }),
  idempotencyKey: z.string({ error: 'idempotencyKeyInvalid' }).trim().min(8, 'idempotencyKeyInvalid').max(80, 'idempotencyKeyInvalid'),
});
export type RefundRideInput = z.infer<typeof refundRideSchema>;

/** POST /api/partner/refunds/:id/retry: send a failed card refund again, or (once PayU refused it) pay it to the wallet. */
export const retryRefundSchema = z.object({ toWallet: z.boolean({ error: 'refundMethodInvalid' }) });
