import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { payments, refunds, rides, type Job, type Refund } from '@/lib/db/schema';
import { MAX_ATTEMPTS, registerJobHandler } from '@/lib/jobs/queue';
import { recordPaid, REFUND_JOB } from '@/lib/money/refunds';
import { appendEntry } from '@/lib/wallet/ledger';
import { NOT_CONFIGURED, payuConfigFor } from './config';
import { requestPayuRefund, type RefundAnswer } from './payu-refund';

/*
 * The card refund job: asks PayU for a requested refund and records what it
 * answered. Only a refund still `requested` is sent; its token is the same on
 * every attempt, so a retry, a restart in the middle or a second instance
 * can never make PayU pay twice (it answers "token already exists", read as
 * taken). A failure the provider may get over is thrown, and the job queue
 * tries again later (30 s, 2 min, 8 min, 32 min); after the last attempt, or
 * when PayU refuses the refund for good, it is `failed` and the console shows
 * it with Retry (and, once refused, Refund to the wallet).
 */

async function askProvider(db: Db, refund: Refund): Promise<RefundAnswer> {
  const config = await payuConfigFor(db, refund.businessId);
  if (!config) return { outcome: 'retry', message: NOT_CONFIGURED };
  const [payment] = refund.paymentTxnid
    ? await db.select({ gatewayId: payments.gatewayId }).from(payments).where(eq(payments.txnid, refund.paymentTxnid)).limit(1)
    : [];
  if (!payment?.gatewayId) return { outcome: 'refused', message: 'The card payment has no PayU id (mihpayid) to refund.' };
  return requestPayuRefund({ key: config.key, salt: config.salt, mihpayid: payment.gatewayId, token: refund.token, amount: refund.amount });
}

/** Runs one attempt of a card refund; throws when it should be tried again. */
export async function runRefund(db: Db, refundId: number, attempt: number): Promise<void> {
  const [refund] = await db.select().from(refunds).where(eq(refunds.id, refundId)).limit(1);
  if (!refund || refund.status !== 'requested' || refund.method !== 'provider') return;
  const answer = await askProvider(db, refund);
  const final = answer.outcome !== 'accepted' && (answer.outcome === 'refused' || attempt >= MAX_ATTEMPTS);
  await db.transaction(async (tx) => {
    const [ride] = await tx.select().from(rides).where(eq(rides.id, refund.rideId));
    const changes =
      answer.outcome === 'accepted'
        ? { status: 'refunded' as const, providerRequestId: answer.requestId, lastError: null, completedAt: new Date(), attempts: refund.attempts + 1 }
        : {
            status: final ? ('failed' as const) : ('requested' as const),
            lastError: answer.message.slice(0, 500),
            providerRefused: answer.outcome === 'refused',
            attempts: refund.attempts + 1,
          };
    const [updated] = await tx
      .update(refunds)
      .set(changes)
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'requested')))
      .returning();
    if (!updated) return;
    if (answer.outcome === 'accepted') return recordPaid(tx, ride, updated);
    await appendEntry(tx, {
      businessId: refund.businessId,
      userId: null,
      rideId: refund.rideId,
      kind: 'refund_failed',
      currency: refund.currency,
      description: `Refund attempt ${updated.attempts} for ride #${ride.number} failed${final ? ', no more retries' : ''}: ${answer.message.slice(0, 200)}`,
      idempotencyKey: `money:refund:${refund.id}:failed:${updated.attempts}`,
    });
  });
  if (answer.outcome === 'retry' && !final) throw new Error(`refund ${refund.id}: ${answer.message}`);
}

export function registerRefundJobs(): void {
  registerJobHandler(REFUND_JOB, (db: Db, job: Job) => runRefund(db, Number(job.payload.refundId), job.attempts));
}
