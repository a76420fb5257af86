import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { businesses, rideEvents, rideFlights, rides, type FlightSource, type Quote, type Ride, type RideFlight } from '@/lib/db/schema';
import { airportAt, airportByCode, type Airport } from '@/lib/airports/catalogue';
import { waitingRulesOf } from '@/lib/airports/settings';
import { formatTime } from '@/lib/i18n/format';
import { enqueueJob, kickJobs } from '@/lib/jobs/queue';
import { localDate } from '@/lib/time/zoned';
import { emitRideUpdate } from './ride-updates';
import { checkFlight, checkPickupAfterLanding, parseFlight, refuseFlight, type CheckedFlight, type FlightDirection } from './check';
import { decideFollow, nextCheckAt, type FlightNews } from './follow';
import type { FlightReport } from './provider';
import { cachedProvider } from './lookup-cache';
import { flightProviderFor } from './clients';

/*
 * The flight of an airport ride: checked and stored at booking, asked about on
 * a schedule that tightens as the landing nears (durable jobs), and recorded by
 * people when no provider answers. The pickup of an arrival follows its
 * landing; a cancelled or diverted flight flags the ride for a person.
 */

/** Bookings from these sources must name the flight of an airport pickup (riders are asked for it; the console may not know it). */
const RIDER_SOURCES = new Set(['form', 'chat', 'whatsapp']);

export type PreparedFlight = { checked: CheckedFlight; direction: FlightDirection; airport: Airport; bufferMinutes: number };

type BookingFlight = { flightNumber?: string; flightDirection?: FlightDirection; source: string };

/** The airport an airport ride starts (arrival) or ends (departure) at, when its place is one. */
async function rideAirport(direction: FlightDirection, pickup: Quote['pickup'], dropoff: Quote['dropoff']): Promise<Airport | undefined> {
  const place = direction === 'arrival' ? pickup : dropoff;
  return place ? airportAt(place) : undefined;
}

/**
 * The flight of an airport trip checked against its airport and day, and an
 * arrival's pickup not before the landing plus the operator's buffer (the
 * booking and the chat agents ask the same). Refusals are 400s naming
 * flightNumber or pickupTime; undefined when the place is no airport.
 */
export async function checkTripFlight(
  db: Db,
  businessId: number,
  trip: { flightNumber: string; direction: FlightDirection; pickup: Quote['pickup']; dropoff: Quote['dropoff']; pickupTime: Date },
): Promise<PreparedFlight | undefined> {
  const { direction } = trip;
  const airport = await rideAirport(direction, trip.pickup, trip.dropoff);
  if (!airport) {
    parseFlight(trip.flightNumber);
    return undefined;
  }
  const { landingBufferMinutes } = await waitingRulesOf(db, businessId);
  const provider = await flightProviderFor(db, businessId);
  const zone =
    airport.timeZone ?? (await db.select({ timeZone: businesses.timeZone }).from(businesses).where(eq(businesses.id, businessId)))[0]?.timeZone ?? 'UTC';
  const date = localDate(new Date(trip.pickupTime.getTime() - (direction === 'arrival' ? landingBufferMinutes * 60_000 : 0)), zone);
  const checked = await checkFlight(provider && cachedProvider(provider, String(businessId)), { flightNumber: trip.flightNumber, direction, airport, date });
  if (direction === 'arrival') checkPickupAfterLanding(checked, trip.pickupTime, landingBufferMinutes, (d) => formatTime(d, 'en-IN', zone));
  return { checked, direction, airport, bufferMinutes: landingBufferMinutes };
}

/** Before a booking is stored: its airport trip's flight checked (and required of riders on arrivals). */
export async function prepareBookingFlight(db: Db, businessId: number, quote: Quote, input: BookingFlight): Promise<PreparedFlight | undefined> {
  if (quote.tripKind !== 'airport') return undefined;
  const direction = input.flightDirection ?? 'arrival';
  if (!input.flightNumber) {
    if (direction === 'arrival' && RIDER_SOURCES.has(input.source)) refuseFlight('flightRequired', 'flightNumber');
    return undefined;
  }
  return checkTripFlight(db, businessId, {
    flightNumber: input.flightNumber,
    direction,
    pickup: quote.pickup,
    dropoff: quote.dropoff,
    pickupTime: quote.pickupTime,
  });
}

/** After the booking is stored: the ride's flight row, and its first check when a provider follows arrivals. */
export async function attachFlight(db: Db, ride: Ride, prepared: PreparedFlight): Promise<void> {
  const { checked, direction, airport, bufferMinutes } = prepared;
  const report = checked.report;
  const now = new Date();
  await db
    .insert(rideFlights)
    .values({
      rideId: ride.id,
      businessId: ride.businessId,
      flightNumber: checked.flight,
      direction,
      airportCode: airport.code,
      state: report?.state ?? 'unknown',
      scheduledArrival: report?.scheduledArrival ?? null,
      estimatedArrival: report?.estimatedArrival ?? null,
      landedAt: report?.actualArrival ?? null,
      source: 'booking',
      bookedPickupTime: ride.pickupTime,
      bookedLanding: checked.landing ?? null,
      bufferMinutes,
      lastError: checked.unchecked && checked.unchecked !== 'no_provider' ? checked.unchecked : null,
      checkedAt: report ? now : null,
    })
    .onConflictDoNothing();
  if (direction === 'arrival' && checked.unchecked !== 'no_provider') await scheduleCheck(db, ride, checked.landing, report?.state ?? 'unknown', now);
}

export const FLIGHT_CHECK_JOB = 'flight-check';

async function scheduleCheck(db: Db, ride: Pick<Ride, 'id' | 'businessId'>, landing: Date | undefined, state: RideFlight['state'], now: Date): Promise<void> {
  const at = nextCheckAt(landing, state, now);
  if (!at) return;
  await enqueueJob(db, {
    kind: FLIGHT_CHECK_JOB,
    key: `${FLIGHT_CHECK_JOB}:${ride.id}:${at.getTime()}`,
    businessId: ride.businessId,
    payload: { rideId: ride.id },
    runAt: at,
  });
}

export type FlightOutcome =
  | { kind: 'moved'; from: Date; to: Date }
  | { kind: 'flagged'; flag: 'cancelled' | 'diverted' }
  | { kind: 'kept' }
  | { kind: 'rejected'; reason: 'implausible' };

const OPEN = new Set(['booked', 'accepted']);

/**
 * Applies news about a ride's flight in one transaction (the ride's row
 * locked): the flight's state and times, the pickup moved when it follows the
 * flight, an event naming who told us; then the screens and people are told.
 */
export async function applyFlightNews(
  db: Db,
  ride: { id: number; businessId: number },
  news: FlightNews,
  source: FlightSource,
  actorUserId: number | null = null,
): Promise<FlightOutcome> {
  const now = new Date();
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(rides)
      .where(and(eq(rides.id, ride.id), eq(rides.businessId, ride.businessId)))
      .limit(1)
      .for('update');
    const [flight] = await tx.select().from(rideFlights).where(eq(rideFlights.rideId, ride.id)).limit(1);
    if (!row || !flight) return undefined;
    const decision = decideFollow(flight, row.pickupTime, news, OPEN.has(row.status));
    const base = { source, checkedAt: now, updatedAt: now, lastError: null, failures: 0 };
    if (decision.kind === 'rejected') {
      await tx.update(rideFlights).set({ lastError: 'implausible', checkedAt: now }).where(eq(rideFlights.rideId, ride.id));
      return { ride: row, outcome: decision as FlightOutcome };
    }
    if (decision.kind === 'flag') {
      await tx
        .update(rideFlights)
        .set({ ...base, state: decision.flag, flag: decision.flag, divertedTo: news.divertedTo ?? null })
        .where(eq(rideFlights.rideId, ride.id));
      const changed = flight.flag !== decision.flag;
      if (changed)
        await tx.insert(rideEvents).values({
          businessId: row.businessId,
          rideId: row.id,
          fromStatus: row.status,
          toStatus: row.status,
          actorUserId,
          note: `Flight ${flight.flightNumber} ${decision.flag}`,
          data: { kind: 'flight_flagged', flag: decision.flag, divertedTo: news.divertedTo ?? null, source },
        });
      return { ride: row, outcome: (changed ? { kind: 'flagged', flag: decision.flag } : { kind: 'kept' }) as FlightOutcome };
    }
    if (decision.kind === 'state') {
      await tx
        .update(rideFlights)
        .set({ ...base, state: news.state })
        .where(eq(rideFlights.rideId, ride.id));
      return { ride: row, outcome: { kind: 'kept' } as FlightOutcome };
    }
    const times = decision.landed ? { landedAt: decision.landing, estimatedArrival: null } : { estimatedArrival: decision.landing };
    await tx
      .update(rideFlights)
      .set({ ...base, ...times, state: news.state === 'unknown' ? flight.state : news.state, flag: null })
      .where(eq(rideFlights.rideId, ride.id));
    if (!decision.pickupTime) return { ride: row, outcome: { kind: 'kept' } as FlightOutcome };
    const [moved] = await tx.update(rides).set({ pickupTime: decision.pickupTime }).where(eq(rides.id, row.id)).returning();
    await tx.insert(rideEvents).values({
      businessId: row.businessId,
      rideId: row.id,
      fromStatus: row.status,
      toStatus: row.status,
      actorUserId,
      note: `Pickup follows flight ${flight.flightNumber}`,
      data: {
        kind: 'pickup_moved',
        from: row.pickupTime.toISOString(),
        to: decision.pickupTime.toISOString(),
        landing: decision.landing.toISOString(),
        source,
      },
    });
    return { ride: moved, outcome: { kind: 'moved', from: row.pickupTime, to: decision.pickupTime } as FlightOutcome };
  });
  if (!result) return { kind: 'kept' };
  const { ride: after, outcome } = result;
  if (outcome.kind === 'moved') {
    await enqueueJob(db, {
      kind: 'pickup-moved',
      key: `pickup-moved:${after.id}:${outcome.to.getTime()}`,
      businessId: after.businessId,
      payload: { rideId: after.id, from: outcome.from.toISOString(), to: outcome.to.toISOString() },
    });
    kickJobs();
  }
  if (outcome.kind === 'moved' || outcome.kind === 'flagged') emitRideUpdate({ ride: after, reason: outcome.kind === 'moved' ? 'pickup_moved' : 'flight' });
  return outcome;
}

/** The report of this ride's flight among the provider's flights that day: same airport, landing nearest the one we know. */
function reportForRide(flight: RideFlight, reports: FlightReport[]): FlightReport | undefined {
  const known = (flight.landedAt ?? flight.estimatedArrival ?? flight.bookedLanding ?? flight.bookedPickupTime).getTime();
  const atAirport = reports.filter((r) => r.destination === flight.airportCode || r.state === 'diverted' || r.state === 'cancelled');
  const landing = (r: FlightReport) => (r.actualArrival ?? r.estimatedArrival ?? r.scheduledArrival)?.getTime() ?? Infinity;
  return atAirport.sort((a, b) => Math.abs(landing(a) - known) - Math.abs(landing(b) - known))[0];
}

/**
 * One look at a ride's flight through the operator's provider (the job of the
 * schedule, or the console's "Check flight now"); schedules the next one.
 * A provider failure is kept on the flight for the board and moves nothing.
 */
export async function checkRideFlight(db: Db, rideId: number, now = new Date()): Promise<FlightOutcome | { kind: 'unchecked'; reason: string }> {
  const [row] = await db
    .select({ ride: rides, flight: rideFlights, timeZone: businesses.timeZone })
    .from(rideFlights)
    .innerJoin(rides, eq(rides.id, rideFlights.rideId))
    .innerJoin(businesses, eq(businesses.id, rides.businessId))
    .where(eq(rideFlights.rideId, rideId))
    .limit(1);
  if (!row || row.flight.direction !== 'arrival' || !OPEN.has(row.ride.status)) return { kind: 'unchecked', reason: 'closed' };
  const provider = await flightProviderFor(db, row.ride.businessId);
  if (!provider) return { kind: 'unchecked', reason: 'no_provider' };
  const { flight, ride } = row;
  const known = flight.landedAt ?? flight.estimatedArrival ?? flight.bookedLanding ?? flight.bookedPickupTime;
  let outcome: FlightOutcome | { kind: 'unchecked'; reason: string };
  try {
    const zone = (await airportByCode(flight.airportCode))?.timeZone ?? row.timeZone;
    const reports = await provider.lookup({ flight: flight.flightNumber, date: localDate(known, zone) });
    const report = reportForRide(flight, reports);
    outcome = report
      ? await applyFlightNews(
          db,
          ride,
          { state: report.state, landing: report.actualArrival ?? report.estimatedArrival ?? report.scheduledArrival, divertedTo: report.divertedTo },
          'provider',
        )
      : await providerFailed(db, flight, 'not_found');
  } catch (error) {
    const reason = (error as { failure?: string })?.failure;
    if (!reason) throw error;
    outcome = await providerFailed(db, flight, reason);
  }
  const [after] = await db.select().from(rideFlights).where(eq(rideFlights.rideId, rideId)).limit(1);
  if (after) await scheduleCheck(db, ride, after.landedAt ?? after.estimatedArrival ?? after.bookedLanding ?? undefined, after.state, now);
  return outcome;
}

/** Failures in a row needed to flag a ride `unverified` (a person checks the flight); a flight the provider no longer knows flags it at once. */
export const FAILURES_TO_FLAG = 3;

async function providerFailed(db: Db, flight: RideFlight, reason: string): Promise<{ kind: 'unchecked'; reason: string }> {
  const failures = flight.failures + 1;
  const decided = flight.flag === 'cancelled' || flight.flag === 'diverted';
  const flag = decided ? flight.flag : failures >= FAILURES_TO_FLAG || reason === 'not_found' ? 'unverified' : flight.flag;
  await db.update(rideFlights).set({ lastError: reason, failures, flag, checkedAt: new Date() }).where(eq(rideFlights.rideId, flight.rideId));
  if (flag !== flight.flag) {
    const [ride] = await db.select().from(rides).where(eq(rides.id, flight.rideId)).limit(1);
    if (ride) emitRideUpdate({ ride, reason: 'flight' });
  }
  return { kind: 'unchecked', reason };
}
