import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { payments, type Ride } from '@/lib/db/schema';
import { appendEntry } from '@/lib/wallet/ledger';
import { cancellationCharge, feeSplit, type CancelledBy } from './cancellation';
import { createRefundInTransaction } from './refunds';
import { releasePromo } from './promos';
import type { RefundMethod } from '@/lib/booking/vocabulary';

/** What a rider paid for a ride before it started: by card through the provider, and from the wallet. */
export async function prepaidOf(tx: Db, ride: Pick<Ride, 'id' | 'walletApplied'>): Promise<{ card: number; wallet: number }> {
  const [row] = await tx
    .select({ card: sql<string>`coalesce(sum(${payments.amount}), 0)` })
    .from(payments)
    .where(and(eq(payments.rideId, ride.id), eq(payments.status, 'success')));
  return { card: Number(row.card), wallet: ride.walletApplied };
}

/**
 * The money side of a cancellation, inside the cancelling transaction: the
 * pending cashback reversed, the wallet payment given back less the part of
 * the fee it pays, the fee credited to the operator, and the card payment
 * less the rest of the fee refunded (to the card, or the wallet when the
 * rider chose it; one refund per ride, keyed by it).
 */
export async function applyCancellation(
  tx: Db,
  ride: Ride,
  by: CancelledBy,
  now: Date,
  refundTo: RefundMethod = 'provider',
  actorUserId: number | null = null,
) {
  const charge = cancellationCharge(ride.cancelPolicy, { fare: ride.totalAmount, pickupTime: ride.pickupTime, hasDriver: ride.driverId !== null }, by, now);
  const split = feeSplit(charge, await prepaidOf(tx, ride));
  const base = { businessId: ride.businessId, rideId: ride.id, currency: ride.currency };
  if (ride.cashbackAmount > 0)
    await appendEntry(tx, {
      ...base,
      userId: ride.riderId,
      kind: 'cashback_reversal',
      pending: -ride.cashbackAmount,
      description: `Cashback reversed: ride #${ride.number} cancelled`,
    });
  if (split.walletBack > 0)
    await appendEntry(tx, {
      ...base,
      userId: ride.riderId,
      kind: 'wallet_refund',
      available: split.walletBack,
      description: `Wallet payment refunded: ride #${ride.number} cancelled`,
    });
  if (split.fee > 0)
    await appendEntry(tx, {
      ...base,
      userId: null,
      kind: 'cancellation_fee',
      available: split.fee,
      description: `Cancellation fee of ride #${ride.number}`,
      idempotencyKey: `money:cancel-fee:${ride.id}`,
    });
  if (ride.promoCode) await releasePromo(tx, ride.id, now);
  if (split.cardBack > 0)
    await createRefundInTransaction(tx, ride, {
      method: refundTo,
      amount: split.cardBack,
      reason: split.fee > 0 ? `Ride cancelled, less the cancellation fee` : 'Ride cancelled',
      idempotencyKey: `money:cancel:${ride.id}`,
      requestedBy: actorUserId,
    });
  return { charge, ...split };
}
