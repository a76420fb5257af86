import type { FlightState } from './provider';

/*
 * How a ride's pickup follows its flight, without the database: what a new
 * report (from the provider, the operator or the driver) changes. A cancelled
 * or diverted flight is flagged for a person to decide and moves nothing; a
 * landing time that makes no sense for this flight moves nothing either.
 */

/** What we were told about the flight. */
export type FlightNews = {
  state: FlightState;
  /** The expected landing (estimate) or, once landed, the landing itself. */
  landing?: Date;
  divertedTo?: string;
};

export type FollowedFlight = {
  /** The landing known at booking (none without a provider). */
  bookedLanding: Date | null;
  bookedPickupTime: Date;
  bufferMinutes: number;
  followFlight: boolean;
};

const HOUR_MS = 3_600_000;
/** A landing further than this from the schedule (or, without one, from the booked pickup) is bad data, not a delay. */
export const PLAUSIBLE_EARLY_MS = 6 * HOUR_MS;
export const PLAUSIBLE_LATE_MS = 36 * HOUR_MS;

/** The pickup for a landing: the booked pickup shifted by the flight's delay (or advance), or the landing plus the buffer when no landing was known at booking. */
export function pickupForLanding(flight: FollowedFlight, landing: Date): Date {
  if (flight.bookedLanding) return new Date(flight.bookedPickupTime.getTime() + (landing.getTime() - flight.bookedLanding.getTime()));
  return new Date(landing.getTime() + flight.bufferMinutes * 60_000);
}

export function isPlausibleLanding(flight: FollowedFlight, landing: Date): boolean {
  const anchor = (flight.bookedLanding ?? flight.bookedPickupTime).getTime();
  const t = landing.getTime();
  return Number.isFinite(t) && t >= anchor - PLAUSIBLE_EARLY_MS && t <= anchor + PLAUSIBLE_LATE_MS;
}

export type FollowDecision =
  | { kind: 'flag'; flag: 'cancelled' | 'diverted' }
  | { kind: 'rejected'; reason: 'implausible' }
  | { kind: 'landing'; landing: Date; landed: boolean; pickupTime: Date | undefined }
  | { kind: 'state' };

/**
 * The decision for one piece of news about an arrival: flag a cancellation or
 * diversion, refuse an implausible landing, else the landing and, when the
 * pickup follows the flight and the ride still waits for it, the new pickup
 * (undefined when it stays: turned off, or less than a minute of change).
 */
export function decideFollow(flight: FollowedFlight, currentPickup: Date, news: FlightNews, rideOpen: boolean): FollowDecision {
  if (news.state === 'cancelled' || news.state === 'diverted') return { kind: 'flag', flag: news.state };
  if (!news.landing) return { kind: 'state' };
  if (!isPlausibleLanding(flight, news.landing)) return { kind: 'rejected', reason: 'implausible' };
  const pickup = pickupForLanding(flight, news.landing);
  const moves = flight.followFlight && rideOpen && Math.abs(pickup.getTime() - currentPickup.getTime()) >= 60_000;
  return { kind: 'landing', landing: news.landing, landed: news.state === 'landed', pickupTime: moves ? pickup : undefined };
}

const MINUTE_MS = 60_000;

/**
 * When to ask the provider next: a quarter of the time left before the
 * expected landing, between 5 minutes and 6 hours (a day out: every 6 hours;
 * an hour out: every 15 minutes; then every 5), and no more once the flight
 * has landed, was cancelled or diverted, or is 6 hours past its landing.
 */
export function nextCheckAt(expectedLanding: Date | undefined, state: FlightState, now: Date): Date | undefined {
  if (state === 'landed' || state === 'cancelled' || state === 'diverted') return undefined;
  if (!expectedLanding) return new Date(now.getTime() + 6 * HOUR_MS);
  const left = expectedLanding.getTime() - now.getTime();
  if (left < -6 * HOUR_MS) return undefined;
  const wait = Math.min(6 * HOUR_MS, Math.max(5 * MINUTE_MS, left / 4));
  return new Date(now.getTime() + wait);
}
