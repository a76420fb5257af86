import { and, desc, eq, ne } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/db/client';
import { businesses, rideEvents, rides, type PaymentMethod, type Ride, type RideStatus } from '@/lib/db/schema';
import { DomainError } from '@/lib/errors/domain-error';
import { safeEqual } from '@/lib/crypto/tokens';
import { appendEntry, completionEntries } from '@/lib/wallet/ledger';
import { applyCancellation } from '@/lib/money/cancel-ride';
import type { RefundMethod } from '@/lib/booking/vocabulary';
import { kickJobs } from '@/lib/jobs/queue';
import { issueInvoiceInTransaction } from '@/lib/invoice/invoices';
import { rideWaiting } from '@/lib/airports/ride-waiting';
import type { WaitingCharge } from '@/lib/airports/waiting';
import { recordAdjustment } from '@/lib/money/adjustments';
import { emitRideChange } from './notify';

/** booked -> accepted -> ontrip -> completed; booked|accepted -> cancelled. */
export const TRANSITIONS: Record<RideStatus, readonly RideStatus[]> = {
  booked: ['accepted', 'cancelled'],
  accepted: ['ontrip', 'cancelled'],
  ontrip: ['completed'],
  completed: [],
  cancelled: [],
};

/** Wrong start codes allowed before the ride is locked until the partner resets it. */
export const START_CODE_MAX_ATTEMPTS = 5;

export function canTransition(from: RideStatus, to: RideStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export type TransitionRequest = {
  businessId: number;
  rideId: number;
  to: RideStatus;
  actorUserId: number | null;
  /** Only this rider may act (rider cancellations). */
  riderId?: number;
  reason?: string;
  cancelledBy?: 'rider' | 'partner' | 'system';
  /** Where the card payment of a cancelled ride goes back: the card (default) or the rider's wallet. */
  refundTo?: RefundMethod;
  startCode?: string;
  driverId?: number | null;
  vehicleId?: number | null;
  finalTolls?: number;
  /** Minutes waited before the trip started, when the driver or operator records them at completion; else counted from the landing or pickup time to the start. */
  waitingMinutes?: number;
  /**
   * How a completed ride was paid: cash to the driver, UPI, or card (through
   * PayU). A ride already paid by card stays card; otherwise the booked method.
   */
  paymentMethod?: PaymentMethod;
};

/**
 * Whether `ride`, already at `request.to`, got there by this same request: the
 * move's event names the same actor, and what the request carries matches the
 * ride (the start code; the payment method and tolls of a completion; who
 * cancelled and why). A retry of a request whose first try committed
 * (docs/architecture/booking.md#retries) is then answered with the ride as it
 * is, changing nothing; any other request at that status stays a conflict.
 */
async function alreadyApplied(tx: Tx, ride: Ride, request: TransitionRequest): Promise<boolean> {
  const [move] = await tx
    .select({ actorUserId: rideEvents.actorUserId })
    .from(rideEvents)
    .where(and(eq(rideEvents.rideId, ride.id), eq(rideEvents.toStatus, request.to), ne(rideEvents.fromStatus, request.to)))
    .orderBy(desc(rideEvents.id))
    .limit(1);
  if (!move || move.actorUserId !== request.actorUserId) return false;
  switch (request.to) {
    case 'ontrip':
      return Boolean(request.startCode) && safeEqual(request.startCode!, ride.startCode);
    case 'completed':
      return (
        (request.paymentMethod === undefined || request.paymentMethod === ride.paymentMethod) &&
        (request.finalTolls === undefined || request.finalTolls === ride.tolls)
      );
    case 'cancelled':
      // a retry carries the same reason; a second cancel with a reason of its own is a new request (409)
      return (request.cancelledBy ?? 'system') === ride.cancelledBy && (request.reason ?? null) === ride.cancelReason;
    default:
      return false;
  }
}

/**
 * Moves a ride to a new status in one transaction: the status and its time,
 * an event row and the wallet effects (cashback released on completion with
 * the business's earning and commission; reversed on cancellation). Illegal
 * moves, foreign rides and wrong start codes are refused and change nothing
 * (a wrong code only counts an attempt). The same move repeated by the same
 * actor is answered with the ride, unchanged (alreadyApplied).
 */
export async function transitionRide(db: Db, request: TransitionRequest): Promise<Ride> {
  const outcome = await db.transaction(async (tx) => {
    const [ride] = await tx
      .select()
      .from(rides)
      .where(and(eq(rides.id, request.rideId), eq(rides.businessId, request.businessId)))
      .limit(1)
      .for('update');
    if (!ride || (request.riderId !== undefined && ride.riderId !== request.riderId))
      return { error: new DomainError('not_found', 'ride_unknown', 'This ride was not found.') };
    // a retry of a move this actor already made (an instance killed after its commit, the answer lost): the same answer
    if (ride.status === request.to && (await alreadyApplied(tx, ride, request))) return { ride, from: ride.status, replay: true };
    if (!canTransition(ride.status, request.to)) {
      return { error: new DomainError('conflict', 'illegal_transition', `A ${ride.status} ride cannot become ${request.to}.`) };
    }
    const now = new Date();
    const changes: Partial<Ride> = { status: request.to };
    let waiting: WaitingCharge | undefined;
    if (request.to === 'accepted') Object.assign(changes, { acceptedAt: now, driverId: request.driverId ?? null, vehicleId: request.vehicleId ?? null });
    if (request.to === 'ontrip') {
      if (ride.startCodeAttempts >= START_CODE_MAX_ATTEMPTS)
        return { error: new DomainError('locked', 'start_code_locked', 'Too many wrong start codes. Reset to send the rider a new code.') };
      if (!request.startCode || !safeEqual(request.startCode, ride.startCode)) {
        await tx
          .update(rides)
          .set({ startCodeAttempts: ride.startCodeAttempts + 1 })
          .where(eq(rides.id, ride.id));
        return { error: new DomainError('invalid', 'start_code_wrong', 'startCode: The start code is wrong.', 'startCode') };
      }
      changes.startedAt = now;
    }
    if (request.to === 'completed') {
      changes.completedAt = now;
      const paidByCard = ride.paid && ride.paymentMethod === 'card';
      if (request.paymentMethod === 'card' && !paidByCard) {
        return { error: new DomainError('invalid', 'card_unpaid', 'paymentMethod: This ride has no card payment. Choose cash or UPI.', 'paymentMethod') };
      }
      // An unpaid card booking that completes without a choice was settled with the driver in cash.
      changes.paymentMethod = paidByCard ? 'card' : (request.paymentMethod ?? (ride.paymentMethod === 'card' ? 'cash' : ride.paymentMethod));
      if (request.finalTolls !== undefined)
        Object.assign(changes, { tolls: request.finalTolls, totalAmount: ride.rideAmount + ride.driverBata + request.finalTolls });
      // waiting past the free time: a fare adjustment, so its own line on the fare, the invoice and the ledger
      waiting = await rideWaiting(tx, ride, ride.startedAt ?? now, request.waitingMinutes);
      if (waiting.amount > 0) {
        await recordAdjustment(
          tx,
          ride,
          { kind: 'waiting', quantity: waiting.waitedMinutes, amount: waiting.amount, reason: 'Waiting past the free time' },
          request.actorUserId,
        );
        Object.assign(changes, {
          adjustmentAmount: ride.adjustmentAmount + waiting.amount,
          totalAmount: (changes.totalAmount ?? ride.totalAmount) + waiting.amount,
        });
      }
    }
    if (request.to === 'cancelled') {
      const cancelledBy = request.cancelledBy ?? 'system';
      const { fee } = await applyCancellation(tx, ride, cancelledBy, now, request.refundTo, request.actorUserId);
      Object.assign(changes, { cancelledAt: now, cancelReason: request.reason ?? null, cancelledBy, cancellationFee: fee });
    }

    const [updated] = await tx.update(rides).set(changes).where(eq(rides.id, ride.id)).returning();
    await tx.insert(rideEvents).values({
      businessId: ride.businessId,
      rideId: ride.id,
      fromStatus: ride.status,
      toStatus: request.to,
      actorUserId: request.actorUserId,
      note: request.reason ?? null,
      data:
        request.to === 'completed'
          ? { paymentMethod: updated.paymentMethod, ...(waiting?.amount ? { waitingMinutes: waiting.waitedMinutes, waitingCharge: waiting.amount } : {}) }
          : request.to === 'cancelled'
            ? { cancellationFee: updated.cancellationFee }
            : {},
    });
    if (request.to === 'completed') {
      if (ride.cashbackAmount > 0) {
        await appendEntry(tx, {
          businessId: ride.businessId,
          userId: ride.riderId,
          rideId: ride.id,
          kind: 'cashback_release',
          pending: -ride.cashbackAmount,
          available: ride.cashbackAmount,
          currency: ride.currency,
          description: `Cashback for ride #${ride.number}`,
        });
      }
      const [business] = await tx.select({ commissionBps: businesses.commissionBps }).from(businesses).where(eq(businesses.id, ride.businessId));
      for (const entry of completionEntries(updated, updated.paymentMethod, business.commissionBps)) await appendEntry(tx, entry);
      // the invoice, numbered in the operator's sequence, with the same figures as the ledger entries above
      await issueInvoiceInTransaction(tx, updated);
    }
    return { ride: updated, from: ride.status, replay: false };
  });
  if ('error' in outcome) throw outcome.error;
  if (outcome.replay) return outcome.ride;
  if (request.to === 'cancelled') kickJobs();
  emitRideChange({ ride: outcome.ride, from: outcome.from, to: request.to, actorUserId: request.actorUserId });
  return outcome.ride;
}
