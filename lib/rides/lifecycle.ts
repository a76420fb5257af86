import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { businesses, rideEvents, rides, type Ride, type RideStatus } from '@/lib/db/schema';
import { DomainError } from '@/lib/errors/domain-error';
import { safeEqual } from '@/lib/crypto/tokens';
import { appendEntry } from '@/lib/wallet/ledger';
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
  startCode?: string;
  driverId?: number | null;
  vehicleId?: number | null;
  finalTolls?: number;
};

/**
 * Moves a ride to a new status in one transaction: the status and its time,
 * an event row and the wallet effects (cashback released on completion with
 * the business's earning and commission; reversed on cancellation). Illegal
 * moves, foreign rides and wrong start codes are refused and change nothing
 * (a wrong code only counts an attempt).
 */
export async function transitionRide(db: Db, request: TransitionRequest): Promise<Ride> {
  const outcome = await db.transaction(async (tx) => {
    const [ride] = await tx
      .select()
      .from(rides)
      .where(and(eq(rides.id, request.rideId), eq(rides.businessId, request.businessId)))
      .limit(1)
      .for('update');
    if (!ride || (request.riderId !== undefined && ride.riderId !== request.riderId)) return { error: new DomainError('not_found', 'ride_unknown', 'This ride was not found.') };
    if (!canTransition(ride.status, request.to)) {
      return { error: new DomainError('conflict', 'illegal_transition', `A ${ride.status} ride cannot become ${request.to}.`) };
    }
    const now = new Date();
    const changes: Partial<Ride> = { status: request.to };
    if (request.to === 'accepted') Object.assign(changes, { acceptedAt: now, driverId: request.driverId ?? null, vehicleId: request.vehicleId ?? null });
    if (request.to === 'ontrip') {
      if (ride.startCodeAttempts >= START_CODE_MAX_ATTEMPTS) return { error: new DomainError('locked', 'start_code_locked', 'Too many wrong start codes. Ask the rider for the code again and reset.') };
      if (!request.startCode || !safeEqual(request.startCode, ride.startCode)) {
        await tx.update(rides).set({ startCodeAttempts: ride.startCodeAttempts + 1 }).where(eq(rides.id, ride.id));
        return { error: new DomainError('invalid', 'start_code_wrong', 'startCode: The start code is wrong.', 'startCode') };
      }
      changes.startedAt = now;
    }
    if (request.to === 'completed') {
      changes.completedAt = now;
      if (request.finalTolls !== undefined) Object.assign(changes, { tolls: request.finalTolls, totalAmount: ride.rideAmount + ride.driverBata + request.finalTolls });
    }
    if (request.to === 'cancelled') Object.assign(changes, { cancelledAt: now, cancelReason: request.reason ?? null, cancelledBy: request.cancelledBy ?? 'system' });

    const [updated] = await tx.update(rides).set(changes).where(eq(rides.id, ride.id)).returning();
    await tx.insert(rideEvents).values({
      businessId: ride.businessId,
      rideId: ride.id,
      fromStatus: ride.status,
      toStatus: request.to,
      actorUserId: request.actorUserId,
      note: request.reason ?? null,
    });
    const ledger = tx as unknown as Db;
    if (request.to === 'cancelled' && ride.cashbackAmount > 0) {
      await appendEntry(ledger, { businessId: ride.businessId, userId: ride.riderId, rideId: ride.id, kind: 'cashback_reversal', pending: -ride.cashbackAmount, currency: ride.currency, description: `Cashback reversed: ride ${ride.id} cancelled` });
    }
    if (request.to === 'cancelled' && ride.walletApplied > 0) {
      await appendEntry(ledger, { businessId: ride.businessId, userId: ride.riderId, rideId: ride.id, kind: 'wallet_refund', available: ride.walletApplied, currency: ride.currency, description: `Wallet payment refunded: ride ${ride.id} cancelled` });
    }
    if (request.to === 'completed') {
      if (ride.cashbackAmount > 0) {
        await appendEntry(ledger, { businessId: ride.businessId, userId: ride.riderId, rideId: ride.id, kind: 'cashback_release', pending: -ride.cashbackAmount, available: ride.cashbackAmount, currency: ride.currency, description: `Cashback for ride ${ride.id}` });
      }
      const [business] = await tx.select({ commissionBps: businesses.commissionBps }).from(businesses).where(eq(businesses.id, ride.businessId));
      const commission = Math.round((updated.rideAmount * business.commissionBps) / 10_000);
      await appendEntry(ledger, { businessId: ride.businessId, userId: null, rideId: ride.id, kind: 'ride_earning', available: updated.totalAmount, currency: ride.currency, description: `Ride ${ride.id} completed` });
      if (commission > 0) await appendEntry(ledger, { businessId: ride.businessId, userId: null, rideId: ride.id, kind: 'commission', available: -commission, currency: ride.currency, description: `Platform commission on ride ${ride.id}` });
    }
    return { ride: updated, from: ride.status };
  });
  if ('error' in outcome) throw outcome.error;
  emitRideChange({ ride: outcome.ride, from: outcome.from, to: request.to, actorUserId: request.actorUserId });
  return outcome.ride;
}
