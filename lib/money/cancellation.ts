import type { CancellationRule, TripKind } from '@/lib/booking/vocabulary';
import { shareOf } from './minor';

export type { CancellationRule } from '@/lib/booking/vocabulary';

/**
 * Cancellation rules (isomorphic: the summary, My rides and the server use
 * the same arithmetic). A ride is free to cancel until `freeMinutes` before
 * pickup; after that the rider's cancellation costs a fee, fixed (minor
 * units) or a share of the fare (basis points), never more than the fare.
 * No fee when the operator (or the system) cancels, or when the pickup time
 * came and no driver had been assigned.
 */

export const DEFAULT_CANCELLATION_RULES: Readonly<Record<TripKind, CancellationRule>> = {
  local: { freeMinutes: 60, feeType: 'percent', feeValue: 1000 },
  airport: { freeMinutes: 60, feeType: 'percent', feeValue: 1000 },
  outstation: { freeMinutes: 24 * 60, feeType: 'percent', feeValue: 1000 },
  rental: { freeMinutes: 24 * 60, feeType: 'percent', feeValue: 1000 },
};

/** The last moment the ride can be cancelled for free. */
export function freeUntil(rule: CancellationRule, pickupTime: Date | string): Date {
  return new Date(new Date(pickupTime).getTime() - rule.freeMinutes * 60_000);
}

/** The fee of a late cancellation of a fare (minor units), capped at the fare. */
export function lateFee(rule: CancellationRule, fare: number): number {
  const fee = rule.feeType === 'fixed' ? rule.feeValue : shareOf(fare, rule.feeValue);
  return Math.max(0, Math.min(fee, fare));
}

export type CancelledBy = 'rider' | 'partner' | 'system';
export type CancellationCharge = { fee: number; why: 'free_window' | 'operator' | 'no_driver' | 'late' };

/** What cancelling a ride at `now` costs its rider. The minute the window ends is still free. */
export function cancellationCharge(
  rule: CancellationRule,
  ride: { fare: number; pickupTime: Date | string; hasDriver: boolean },
  by: CancelledBy,
  now: Date = new Date(),
): CancellationCharge {
  if (by !== 'rider') return { fee: 0, why: 'operator' };
  if (now.getTime() <= freeUntil(rule, ride.pickupTime).getTime()) return { fee: 0, why: 'free_window' };
  if (!ride.hasDriver && now.getTime() >= new Date(ride.pickupTime).getTime()) return { fee: 0, why: 'no_driver' };
  return { fee: lateFee(rule, ride.fare), why: 'late' };
}

/** What a ride's rider paid in advance, as the ride row tells it: the card payment (total less the wallet part) and the wallet part. */
export function prepaidOfRide(ride: { paid: boolean; paymentMethod: string; totalAmount: number; walletApplied: number }): { card: number; wallet: number } {
  return { card: ride.paid && ride.paymentMethod === 'card' ? ride.totalAmount - ride.walletApplied : 0, wallet: ride.walletApplied };
}

/** The part of a charge kept from the prepayment: card first, then wallet; a ride paid to the driver keeps nothing. */
export function feeSplit(charge: CancellationCharge, prepaid: { card: number; wallet: number }) {
  const fromCard = Math.min(charge.fee, prepaid.card);
  const fromWallet = Math.min(charge.fee - fromCard, prepaid.wallet);
  return { fee: fromCard + fromWallet, fromCard, fromWallet, cardBack: prepaid.card - fromCard, walletBack: prepaid.wallet - fromWallet };
}
