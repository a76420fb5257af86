import { and, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { promoCodes, promoRedemptions, rides, type PromoCode, type TripKind, type VehicleType } from '@/lib/db/schema';
import { keyedError } from '@/lib/errors/domain-error';
import { shareOf } from './minor';

/*
 * Promo codes at booking: the discount a code gives a fare and every reason
 * it may not (paused, not yet or no longer valid, another trip kind or
 * vehicle class, below the minimum fare, used up, not the rider's first ride,
 * the rider's own limit). Booking claims the code under its row lock in the
 * booking's transaction, so with one use left and ten bookings at once one
 * gets it; a cancelled ride gives its use and its discount back. The
 * operator bears the discount (lib/wallet/ledger: `promo_discount`).
 */

export type PromoFare = { tripKind: TripKind; vehicleType: VehicleType; total: number };

/** The discount of a code on a fare (minor units): a share capped by the code's cap, or a fixed amount; never more than the fare. */
export function discountOf(promo: Pick<PromoCode, 'kind' | 'value' | 'maxDiscount'>, total: number): number {
  const raw = promo.kind === 'percent' ? shareOf(total, promo.value) : promo.value;
  const capped = promo.maxDiscount === null ? raw : Math.min(raw, promo.maxDiscount);
  return Math.max(0, Math.min(capped, total));
}

const PROBLEMS = {
  unknown: ['promo_unknown', 'promoUnknown', 'This code is not known.'],
  otherOperator: ['promo_other_operator', 'promoOtherOperator', 'This code is not one of ours.'],
  paused: ['promo_paused', 'promoPaused', 'This code is paused.'],
  notStarted: ['promo_not_started', 'promoNotStarted', 'This code is not valid yet.'],
  expired: ['promo_expired', 'promoExpired', 'This code has expired.'],
  tripKind: ['promo_trip_kind', 'promoTripKind', 'This code is not for this kind of trip.'],
  vehicle: ['promo_vehicle', 'promoVehicle', 'This code is not for this vehicle class.'],
  minFare: ['promo_min_fare', 'promoMinFare', 'This code needs a higher fare.'],
  exhausted: ['promo_exhausted', 'promoExhausted', 'This code has been used up.'],
  firstRide: ['promo_first_ride', 'promoFirstRide', 'This code is for a first ride only.'],
  riderLimit: ['promo_rider_limit', 'promoRiderLimit', 'You have used this code as often as it allows.'],
} as const;
export type PromoProblem = keyof typeof PROBLEMS;

/** The refusal of a code: 409 when it was used up (a race others won), else 400; names the field promoCode. */
export function promoError(problem: PromoProblem) {
  const [code, key, text] = PROBLEMS[problem];
  return keyedError(problem === 'exhausted' ? 'conflict' : 'invalid', code, key, `promoCode: ${text}`, undefined, 'promoCode');
}

async function riderProblem(tx: Db, promo: PromoCode, riderId: number): Promise<PromoProblem | undefined> {
  if (promo.firstRideOnly) {
    const [{ n }] = await tx
      .select({ n: count() })
      .from(rides)
      .where(and(eq(rides.businessId, promo.businessId), eq(rides.riderId, riderId), ne(rides.status, 'cancelled')));
    if (n > 0) return 'firstRide';
  }
  if (promo.perRiderLimit !== null) {
    const [{ n }] = await tx
      .select({ n: count() })
      .from(promoRedemptions)
      .where(and(eq(promoRedemptions.promoId, promo.id), eq(promoRedemptions.riderId, riderId), isNull(promoRedemptions.releasedAt)));
    if (n >= promo.perRiderLimit) return 'riderLimit';
  }
  return undefined;
}

/** Why the code cannot discount this fare for this rider (null: not signed in yet) now, or undefined. */
async function problemOf(tx: Db, promo: PromoCode, fare: PromoFare, riderId: number | null, now: Date, discount: number): Promise<PromoProblem | undefined> {
  if (!promo.active) return 'paused';
  if (promo.validFrom && now < promo.validFrom) return 'notStarted';
  if (promo.validTo && now >= promo.validTo) return 'expired';
  if (promo.tripKinds.length && !promo.tripKinds.includes(fare.tripKind)) return 'tripKind';
  if (promo.vehicleTypes.length && !promo.vehicleTypes.includes(fare.vehicleType)) return 'vehicle';
  if (fare.total < promo.minFare) return 'minFare';
  if (promo.maxUses !== null && promo.uses >= promo.maxUses) return 'exhausted';
  if (promo.budget !== null && promo.discounted + discount > promo.budget) return 'exhausted';
  return riderId === null ? undefined : riderProblem(tx, promo, riderId);
}

/** The operator's code as typed (case and spaces ignored); a code only another operator has is refused as not ours. */
async function findPromo(tx: Db, businessId: number, typed: string, lock: boolean): Promise<PromoCode> {
  const code = typed.trim().toUpperCase();
  const query = tx
    .select()
    .from(promoCodes)
    .where(and(eq(promoCodes.businessId, businessId), eq(promoCodes.code, code)))
    .limit(1);
  const [promo] = lock ? await query.for('update') : await query;
  if (promo) return promo;
  const [elsewhere] = await tx.select({ id: promoCodes.id }).from(promoCodes).where(eq(promoCodes.code, code)).limit(1);
  throw promoError(elsewhere ? 'otherOperator' : 'unknown');
}

/** The summary's Apply: the discount a code would give this fare now, or its refusal (nothing is held). */
export async function checkPromo(db: Db, businessId: number, typed: string, fare: PromoFare, riderId: number | null, now = new Date()) {
  const promo = await findPromo(db, businessId, typed, false);
  const discount = discountOf(promo, fare.total);
  const problem = await problemOf(db, promo, fare, riderId, now, discount);
  if (problem) throw promoError(problem);
  return { code: promo.code, discount };
}

/**
 * Inside the booking's transaction: locks the code's row, checks it for this
 * fare and rider, and answers the discount; `redeem` then records the use
 * for the booked ride in the same transaction.
 */
export async function claimPromo(tx: Db, businessId: number, typed: string, fare: PromoFare, riderId: number, now = new Date()) {
  const promo = await findPromo(tx, businessId, typed, true);
  const discount = discountOf(promo, fare.total);
  const problem = await problemOf(tx, promo, fare, riderId, now, discount);
  if (problem) throw promoError(problem);
  return {
    code: promo.code,
    discount,
    redeem: async (ride: { id: number; riderId: number }) => {
      await tx.insert(promoRedemptions).values({ businessId, promoId: promo.id, rideId: ride.id, riderId: ride.riderId, amount: discount });
      await tx
        .update(promoCodes)
        .set({ uses: sql`${promoCodes.uses} + 1`, discounted: sql`${promoCodes.discounted} + ${discount}` })
        .where(eq(promoCodes.id, promo.id));
    },
  };
}

/** A cancelled ride gives its code's use and discount back (inside the cancelling transaction). */
export async function releasePromo(tx: Db, rideId: number, now: Date): Promise<void> {
  const [released] = await tx
    .update(promoRedemptions)
    .set({ releasedAt: now })
    .where(and(eq(promoRedemptions.rideId, rideId), isNull(promoRedemptions.releasedAt)))
    .returning();
  if (!released) return;
  await tx
    .update(promoCodes)
    .set({ uses: sql`${promoCodes.uses} - 1`, discounted: sql`${promoCodes.discounted} - ${released.amount}` })
    .where(eq(promoCodes.id, released.promoId));
}
