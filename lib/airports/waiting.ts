import type { TripKind } from '@/lib/booking/vocabulary';

/*
 * Free waiting and waiting charges, without the database: the quote, the
 * driver app's clock, completion and the invoice count with the same
 * functions (isomorphic).
 */

/** An operator's waiting rules, in minutes (console > Airports and waiting; stored in `waiting_rules`). */
export type WaitingRules = {
  freeMinutes: Record<TripKind, number>;
  /** Waiting past the free time is charged per started block of this many minutes. */
  blockMinutes: number;
  /** An arrival pickup is offered this long after the landing (baggage, customs). */
  landingBufferMinutes: number;
};

/** What an operator gets until it sets its own: an hour at airports, a quarter of an hour elsewhere, charged per 15 minutes. */
export const DEFAULT_WAITING_RULES: WaitingRules = {
  freeMinutes: { local: 15, airport: 60, outstation: 15, rental: 15 },
  blockMinutes: 15,
  landingBufferMinutes: 30,
};

const MINUTE_MS = 60_000;

/**
 * When waiting starts to count: at the landing when a flight is met, else at
 * the pickup time, and not before the driver said they are at the meeting
 * point (undefined until then: a driver who is not there waits for nobody).
 */
export function waitingStartsAt(ride: { pickupTime: Date; landedAt?: Date | null; driverArrivedAt?: Date | null }): Date | undefined {
  if (!ride.driverArrivedAt) return undefined;
  const due = ride.landedAt ?? ride.pickupTime;
  return ride.driverArrivedAt > due ? ride.driverArrivedAt : due;
}

export type WaitingCharge = {
  /** Whole minutes waited from the start of free waiting to the start of the trip. */
  waitedMinutes: number;
  freeMinutes: number;
  /** Started blocks past the free time (0 while within it). */
  blocks: number;
  blockMinutes: number;
  /** Charge per block and in all, in minor units. */
  perBlock: number;
  amount: number;
};

/**
 * The waiting charge of a ride whose trip started at `startedAt`: every block
 * of `blockMinutes` started after the free minutes is charged in full (the
 * first minute past the free time starts one). Whole minutes are counted, so
 * the driver's clock and the invoice agree.
 */
export function waitingCharge(input: { from: Date; startedAt: Date; freeMinutes: number; blockMinutes: number; perBlock: number }): WaitingCharge {
  const waitedMinutes = Math.max(0, Math.floor((input.startedAt.getTime() - input.from.getTime()) / MINUTE_MS));
  const past = Math.max(0, waitedMinutes - input.freeMinutes);
  const blocks = input.blockMinutes > 0 ? Math.ceil(past / input.blockMinutes) : 0;
  return {
    waitedMinutes,
    freeMinutes: input.freeMinutes,
    blocks,
    blockMinutes: input.blockMinutes,
    perBlock: input.perBlock,
    amount: blocks * input.perBlock,
  };
}
