import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import en from '@/messages/en.json';
import type { Db } from '@/lib/db/client';
import { rideFlights, rides, type FlightSource, type Ride, type RideFlight } from '@/lib/db/schema';
import { keyedError, notFound } from '@/lib/errors/domain-error';
import { displayFlightNumber } from '@/lib/booking/flight-number';
import { isPlausibleLanding } from './follow';
import { applyFlightNews, checkRideFlight, type FlightOutcome } from './ride-flight';
import type { PartnerFlightAction, RecordedFlight } from './schemas';

/** A ride's flight as the console, the driver app and My rides show it. */
export type FlightView = {
  number: string;
  display: string;
  direction: RideFlight['direction'];
  airport: string;
  state: RideFlight['state'];
  scheduledArrival: string | null;
  /** The landing expected now (estimate), or the landing once it happened. */
  expectedArrival: string | null;
  landedAt: string | null;
  flag: RideFlight['flag'];
  /** The pickup is no longer the one booked: it followed the flight. */
  moved: boolean;
  bookedPickupTime: string;
  followFlight: boolean;
  source: RideFlight['source'];
  lastError: string | null;
  checkedAt: string | null;
};

export function flightView(flight: RideFlight, pickupTime: Date): FlightView {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    number: flight.flightNumber,
    display: displayFlightNumber(flight.flightNumber),
    direction: flight.direction,
    airport: flight.airportCode,
    state: flight.state,
    scheduledArrival: iso(flight.scheduledArrival),
    expectedArrival: iso(flight.landedAt ?? flight.estimatedArrival ?? flight.bookedLanding),
    landedAt: iso(flight.landedAt),
    flag: flight.flag,
    moved: pickupTime.getTime() !== flight.bookedPickupTime.getTime(),
    bookedPickupTime: flight.bookedPickupTime.toISOString(),
    followFlight: flight.followFlight,
    source: flight.source,
    lastError: flight.lastError,
    checkedAt: iso(flight.checkedAt),
  };
}

/** Flights of rides, by ride id (rides without one are absent). */
export async function flightsOf(db: Db, rideIds: number[]): Promise<Map<number, RideFlight>> {
  if (rideIds.length === 0) return new Map();
  const rows = await db.select().from(rideFlights).where(inArray(rideFlights.rideId, rideIds));
  return new Map(rows.map((row) => [row.rideId, row]));
}

async function rideWithFlight(db: Db, businessId: number, rideId: number): Promise<{ ride: Ride; flight: RideFlight }> {
  const [row] = await db
    .select({ ride: rides, flight: rideFlights })
    .from(rideFlights)
    .innerJoin(rides, eq(rides.id, rideFlights.rideId))
    .where(and(eq(rides.id, rideId), eq(rides.businessId, businessId)))
    .limit(1);
  if (!row) throw notFound('This ride has no flight.');
  return row;
}

const SLACK_MS = 5 * 60_000;

function refused(key: 'landedInFuture' | 'flightTimeImplausible' | 'flightRideClosed', field = 'at') {
  return keyedError('invalid', 'flight_refused', key, en.Validation[key], undefined, field);
}

/**
 * A landing (or a new expected landing) recorded by the operator or the
 * driver: the same path as the provider's news. A landing in the future or a
 * time far from the flight's schedule is refused (400 naming `at`) and moves nothing.
 */
export async function recordFlight(db: Db, businessId: number, rideId: number, action: RecordedFlight, source: FlightSource, actorUserId: number) {
  const { ride, flight } = await rideWithFlight(db, businessId, rideId);
  if (ride.status !== 'booked' && ride.status !== 'accepted') throw refused('flightRideClosed', 'action');
  const at = new Date(action.at);
  if (action.action === 'landed' && at.getTime() > Date.now() + SLACK_MS) throw refused('landedInFuture');
  if (!isPlausibleLanding(flight, at)) throw refused('flightTimeImplausible');
  const outcome = await applyFlightNews(db, ride, { state: action.action === 'landed' ? 'landed' : 'enroute', landing: at }, source, actorUserId);
  return { outcome, ...(await currentFlight(db, businessId, rideId)) };
}

async function currentFlight(db: Db, businessId: number, rideId: number): Promise<{ flight: FlightView }> {
  const { ride, flight } = await rideWithFlight(db, businessId, rideId);
  return { flight: flightView(flight, ride.pickupTime) };
}

/** The console's actions on a ride's flight: record, ask the provider now, or turn following on or off. */
export async function partnerFlightAction(
  db: Db,
  businessId: number,
  rideId: number,
  action: PartnerFlightAction,
  actorUserId: number,
): Promise<{ outcome?: FlightOutcome | { kind: 'unchecked'; reason: string }; flight: FlightView }> {
  if (action.action === 'landed' || action.action === 'eta') return recordFlight(db, businessId, rideId, action, 'operator', actorUserId);
  const { ride } = await rideWithFlight(db, businessId, rideId);
  if (action.action === 'follow') {
    await db.update(rideFlights).set({ followFlight: action.follow, updatedAt: new Date() }).where(eq(rideFlights.rideId, ride.id));
    return currentFlight(db, businessId, rideId);
  }
  const outcome = await checkRideFlight(db, ride.id);
  if (outcome.kind === 'unchecked' && outcome.reason === 'no_provider')
    throw keyedError('conflict', 'no_flight_provider', 'noFlightProvider', en.Validation.noFlightProvider, undefined, 'action');
  return { outcome, ...(await currentFlight(db, businessId, rideId)) };
}
