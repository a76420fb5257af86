import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { payments, refunds, rides, type Refund, type Ride } from '@/lib/db/schema';
import { DomainError, keyedError } from '@/lib/errors/domain-error';
import { toMajor } from './minor';
import { enqueueJob, kickJobs } from '@/lib/jobs/queue';
import { appendEntry } from '@/lib/wallet/ledger';
import type { RefundMethod } from '@/lib/booking/vocabulary';
import { reissueInvoiceAfterRefund } from './invoice-revisions';

/*
 * Refunds: money going back to a rider, through the payment provider (PayU's
 * refund API, run by the job queue: lib/payments/refund-job.ts) or into the
 * rider's wallet. Each refund is a row unique by its idempotency key, created
 * under the ride's row lock so two requests can never refund more than was
 * paid; each step is a ledger entry with its own key (`money:refund:{id}:…`),
 * so no step is ever recorded twice.
 */

export const REFUND_JOB = 'payu-refund';

/** PayU's token for the refund: unique, at most 23 characters. */
export const newRefundToken = () => `R${randomBytes(11).toString('hex')}`;

const refundKey = (refund: Pick<Refund, 'id'>, step: string) => `money:refund:${refund.id}:${step}`;

export type NewRefund = {
  method: RefundMethod;
  amount: number;
  reason: string;
  idempotencyKey: string;
  requestedBy: number | null;
};

/** A refused refund: the code, its key in `Money.errors` (the console's dialog translates it) and the field it names. */
const refundError = (code: string, message: string, field: string, kind: 'invalid' | 'conflict' = 'conflict', values?: Record<string, string | number>) =>
  keyedError(
    kind,
    code,
    code.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()),
    message,
    values,
    field,
  );

/** What the rider paid for a ride: the card payments that succeeded, and the whole fare once completed (cash, UPI or card, and the wallet part). */
async function paidFor(tx: Db, ride: Ride): Promise<{ card: number; cardTxnid: string | null; total: number }> {
  const rows = await tx
    .select({ txnid: payments.txnid, amount: payments.amount })
    .from(payments)
    .where(and(eq(payments.rideId, ride.id), eq(payments.status, 'success')))
    .orderBy(asc(payments.createdAt));
  const card = rows.reduce((sum, row) => sum + row.amount, 0);
  return { card, cardTxnid: rows[0]?.txnid ?? null, total: ride.status === 'completed' ? ride.totalAmount : card };
}

/** Refunds of a ride still counting against what was paid: all of them (a failed one may still reach the rider when retried). */
async function refundedFor(tx: Db, rideId: number): Promise<{ all: number; provider: number }> {
  const [row] = await tx
    .select({
      all: sql<string>`coalesce(sum(${refunds.amount}), 0)`,
      provider: sql<string>`coalesce(sum(${refunds.amount}) filter (where ${refunds.method} = 'provider'), 0)`,
    })
    .from(refunds)
    .where(eq(refunds.rideId, rideId));
  return { all: Number(row.all), provider: Number(row.provider) };
}

/** The ledger's first step of a refund: what the rider is owed (refund column), taken from the operator's balance when the fare had been credited. */
async function recordRequested(tx: Db, ride: Ride, refund: Refund): Promise<void> {
  await appendEntry(tx, {
    businessId: ride.businessId,
    userId: null,
    rideId: ride.id,
    kind: 'refund_requested',
    available: ride.status === 'completed' ? -refund.amount : 0,
    refund: refund.amount,
    currency: refund.currency,
    description: `Refund requested for ride #${ride.number}: ${refund.reason}`,
    idempotencyKey: refundKey(refund, 'requested'),
  });
}

/** The refund reached the rider: through the provider, or into the wallet (the rider's own entry); a completed ride's invoice is re-issued with it. */
export async function recordPaid(tx: Db, ride: Pick<Ride, 'id' | 'number' | 'businessId' | 'riderId'>, refund: Refund): Promise<void> {
  if (refund.method === 'wallet')
    await appendEntry(tx, {
      businessId: ride.businessId,
      userId: ride.riderId,
      rideId: ride.id,
      kind: 'refund_to_wallet',
      available: refund.amount,
      currency: refund.currency,
      description: `Refund for ride #${ride.number}`,
      idempotencyKey: refundKey(refund, 'wallet'),
    });
  await appendEntry(tx, {
    businessId: ride.businessId,
    userId: null,
    rideId: ride.id,
    kind: 'refund_paid',
    refund: -refund.amount,
    currency: refund.currency,
    description: `Refund paid for ride #${ride.number} ${refund.method === 'wallet' ? 'to the wallet' : 'to the card'}`,
    idempotencyKey: refundKey(refund, 'paid'),
  });
  await reissueInvoiceAfterRefund(tx, ride.id);
}

/**
 * Creates a refund inside the caller's transaction, which holds the ride's
 * row lock: refused (nothing stored) when it is more than what is left of
 * what was paid, or a card refund of a ride without a card payment. A key
 * already used answers its refund (the same request repeated), or 409 when
 * it was used for another amount. Wallet refunds are paid at once; card
 * refunds are queued for the provider.
 */
export async function createRefundInTransaction(tx: Db, ride: Ride, input: NewRefund): Promise<{ refund: Refund; created: boolean }> {
  const [again] = await tx
    .select()
    .from(refunds)
    .where(and(eq(refunds.businessId, ride.businessId), eq(refunds.idempotencyKey, input.idempotencyKey)))
    .limit(1);
  if (again) {
    if (again.rideId !== ride.id || again.amount !== input.amount || again.method !== input.method)
      throw refundError('idempotency_key_reused', 'This key was used for another refund.', 'idempotencyKey');
    return { refund: again, created: false };
  }
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw refundError('refund_amount_invalid', 'Enter an amount above zero.', 'amount', 'invalid');
  const paid = await paidFor(tx, ride);
  const refunded = await refundedFor(tx, ride.id);
  const left = paid.total - refunded.all;
  if (input.amount > left)
    throw refundError('refund_above_paid', `A refund can be at most what was paid and not yet refunded (${toMajor(left)}).`, 'amount', 'conflict', {
      left: toMajor(left),
    });
  if (input.method === 'provider' && (!paid.cardTxnid || input.amount > paid.card - refunded.provider))
    throw refundError('refund_no_card', 'Only what was paid by card can go back to the card; refund the rest to the wallet.', 'method');
  const [refund] = await tx
    .insert(refunds)
    .values({
      businessId: ride.businessId,
      rideId: ride.id,
      paymentTxnid: input.method === 'provider' ? paid.cardTxnid : null,
      method: input.method,
      amount: input.amount,
      currency: ride.currency,
      reason: input.reason,
      status: input.method === 'wallet' ? 'refunded' : 'requested',
      idempotencyKey: input.idempotencyKey,
      token: newRefundToken(),
      requestedBy: input.requestedBy,
      completedAt: input.method === 'wallet' ? new Date() : null,
    })
    .returning();
  await recordRequested(tx, ride, refund);
  if (refund.method === 'wallet') await recordPaid(tx, ride, refund);
  else await enqueueJob(tx, { kind: REFUND_JOB, key: `refund:${refund.id}:0`, businessId: ride.businessId, payload: { refundId: refund.id } });
  return { refund, created: true };
}

async function lockRide(tx: Db, businessId: number, rideId: number): Promise<Ride> {
  const [ride] = await tx
    .select()
    .from(rides)
    .where(and(eq(rides.id, rideId), eq(rides.businessId, businessId)))
    .limit(1)
    .for('update');
  if (!ride) throw new DomainError('not_found', 'ride_unknown', 'rideId: This ride was not found.', 'rideId');
  return ride;
}

/** The operator refunds all or part of a completed ride, with a reason: to the card it was paid with, or to the rider's wallet. */
export async function refundCompletedRide(db: Db, businessId: number, rideId: number, input: NewRefund): Promise<{ refund: Refund; created: boolean }> {
  const outcome = await db.transaction(async (tx) => {
    const ride = await lockRide(tx, businessId, rideId);
    if (ride.status !== 'completed') throw refundError('ride_not_completed', 'Only a completed ride can be refunded from the console.', 'rideId');
    return createRefundInTransaction(tx, ride, input);
  });
  if (outcome.created) kickJobs();
  return outcome;
}

/**
 * Sends a failed card refund to the provider again under the same token (the
 * provider takes one refund per token, so a retry can never pay twice); or,
 * when the provider refused it for good, pays it into the wallet instead.
 * The same retry repeated answers the refund as the first left it.
 */
export async function retryRefund(db: Db, businessId: number, refundId: number, toWallet: boolean): Promise<Refund> {
  const refund = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.id, refundId), eq(refunds.businessId, businessId)))
      .limit(1)
      .for('update');
    if (!row) throw new DomainError('not_found', 'refund_unknown', 'refundId: This refund was not found.', 'refundId');
    // this retry already made (its first try committed, docs/architecture/booking.md#retries): the refund as that one left it
    const retried = toWallet ? row.status === 'refunded' && row.method === 'wallet' && row.providerRefused : row.status === 'requested' && row.attempts > 0;
    if (retried) return row;
    if (row.status !== 'failed') throw refundError('refund_not_failed', 'Only a failed refund can be retried.', 'refundId');
    if (toWallet) {
      if (!row.providerRefused) throw refundError('refund_may_be_pending', 'PayU may still pay this refund: retry it instead.', 'refundId');
      const [ride] = await tx.select().from(rides).where(eq(rides.id, row.rideId));
      const [moved] = await tx.update(refunds).set({ method: 'wallet', status: 'refunded', completedAt: new Date() }).where(eq(refunds.id, row.id)).returning();
      await recordPaid(tx, ride, moved);
      return moved;
    }
    const [again] = await tx
      .update(refunds)
      .set({ status: 'requested', lastError: null, providerRefused: false })
      .where(and(eq(refunds.id, row.id), ne(refunds.status, 'refunded')))
      .returning();
    await enqueueJob(tx, { kind: REFUND_JOB, key: `refund:${row.id}:${row.attempts}`, businessId, payload: { refundId: row.id } });
    return again;
  });
  kickJobs();
  return refund;
}

export type RefundView = Pick<Refund, 'amount' | 'currency' | 'method' | 'status' | 'reason' | 'lastError' | 'providerRefused'> & {
  id: number;
  createdAt: string;
  completedAt: string | null;
};

export const refundView = (refund: Refund): RefundView => ({
  id: refund.id,
  amount: refund.amount,
  currency: refund.currency,
  method: refund.method,
  status: refund.status,
  reason: refund.reason,
  lastError: refund.lastError,
  providerRefused: refund.providerRefused,
  createdAt: refund.createdAt.toISOString(),
  completedAt: refund.completedAt?.toISOString() ?? null,
});

/** The refunds of some rides, by ride id, oldest first. */
export async function refundsOfRides(db: Db, rideIds: number[]): Promise<Map<number, RefundView[]>> {
  const byRide = new Map<number, RefundView[]>();
  if (!rideIds.length) return byRide;
  const rows = await db.select().from(refunds).where(inArray(refunds.rideId, rideIds)).orderBy(asc(refunds.id));
  for (const row of rows) byRide.set(row.rideId, [...(byRide.get(row.rideId) ?? []), refundView(row)]);
  return byRide;
}

/** The refunds of some rides of an operator named by their numbers, by number. */
export async function refundsOfRideNumbers(db: Db, businessId: number, numbers: number[]): Promise<Map<number, RefundView[]>> {
  const byNumber = new Map<number, RefundView[]>();
  if (!numbers.length) return byNumber;
  const rows = await db
    .select({ refund: refunds, number: rides.number })
    .from(refunds)
    .innerJoin(rides, eq(rides.id, refunds.rideId))
    .where(and(eq(refunds.businessId, businessId), eq(rides.businessId, businessId), inArray(rides.number, numbers)))
    .orderBy(asc(refunds.id));
  for (const row of rows) byNumber.set(row.number, [...(byNumber.get(row.number) ?? []), refundView(row.refund)]);
  return byNumber;
}
