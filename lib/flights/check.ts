import 'server-only';
import en from '@/messages/en.json';
import type { Airport } from '@/lib/airports/catalogue';
import { keyedError } from '@/lib/errors/domain-error';
import { MAX_ADVANCE_DAYS } from '@/lib/fares/quote-rules';
import { localDate } from '@/lib/time/zoned';
import { airlineOf, type Airline } from './airlines';
import { displayFlightNumber, flightNumberIssue, flightParts, normaliseFlightNumber } from '@/lib/booking/flight-number';
import { FlightProviderError, type FlightReport, type FlightStatusProvider, type ProviderFailure } from './provider';

/*
 * The check of a flight number a rider gives for an airport ride: its shape,
 * its airline, and, where a provider answers, that the flight lands at (or,
 * for a drop, leaves from) the chosen airport on the chosen day. Refusals
 * are 400s naming the field with a `Validation` key and its values.
 */

export type FlightDirection = 'arrival' | 'departure';

export type CheckedFlight = {
  /** Normalised IATA number ("AI302"), an ICAO designator turned into its IATA one. */
  flight: string;
  display: string;
  airline: Airline;
  /** The provider's report of this flight on this day; undefined when none could be asked. */
  report: FlightReport | undefined;
  /** Why it could not be checked: no provider configured, or what the provider did. */
  unchecked: 'no_provider' | ProviderFailure | undefined;
  /** Arrival: the landing to meet (estimate, else schedule). */
  landing: Date | undefined;
};

type Keys = keyof typeof en.Validation;

/** A 400 naming `field`, with the `Validation` key and the values its text names. */
export function refuseFlight(key: Keys, field: string, values?: Record<string, string | number>): never {
  let text: string = en.Validation[key];
  for (const [name, value] of Object.entries(values ?? {})) text = text.replaceAll(`{${name}}`, String(value));
  throw keyedError('invalid', 'flight_refused', key, text, values, field);
}

/** The flight number's shape and airline, or a 400 naming `field`. */
export function parseFlight(raw: string, field = 'flightNumber'): { flight: string; airline: Airline } {
  const issue = flightNumberIssue(raw);
  if (issue) refuseFlight(issue, field);
  const parts = flightParts(normaliseFlightNumber(raw))!;
  const airline = airlineOf(parts.airline);
  if (!airline) refuseFlight('flightAirlineUnknown', field, { airline: parts.airline });
  return { flight: `${airline.iata}${parts.number}${parts.suffix}`, airline };
}

const landingOf = (r: FlightReport) => r.actualArrival ?? r.estimatedArrival ?? r.scheduledArrival;
const HOUR_MS = 3_600_000;

/** Of the provider's flights that day, the one this ride meets or catches, or the refusal that says why none is. */
function matching(reports: FlightReport[], input: { direction: FlightDirection; airport: Airport; date: string; flight: string }): FlightReport {
  const { direction, airport, date, flight } = input;
  if (reports.length === 0) refuseFlight('flightNotOnDay', 'flightNumber', { flight: displayFlightNumber(flight), date });
  const atAirport = reports.filter((r) => (direction === 'arrival' ? r.destination : r.origin) === airport.code);
  if (atAirport.length === 0) {
    const other = reports.map((r) => (direction === 'arrival' ? r.destination : r.origin)).find(Boolean);
    refuseFlight(direction === 'arrival' ? 'flightWrongAirport' : 'flightWrongDepartureAirport', 'flightNumber', {
      flight: displayFlightNumber(flight),
      airport: airport.code,
      other: other ?? '?',
    });
  }
  const zone = airport.timeZone ?? 'UTC';
  const when = (r: FlightReport) => (direction === 'arrival' ? landingOf(r) : r.scheduledDeparture);
  const sameDay = atAirport.find((r) => {
    const at = when(r);
    return at && localDate(at, zone) === date;
  });
  if (sameDay) return sameDay;
  const days = atAirport.map((r) => when(r)).filter((d): d is Date => Boolean(d));
  refuseFlight('flightWrongDay', 'flightNumber', { flight: displayFlightNumber(flight), date, other: days.length ? localDate(days[0], zone) : '?' });
}

/** A local date at the airport a flight may be asked about: a real day, not before yesterday, not past the booking horizon (a 400 naming `date`). */
export function checkFlightDate(airport: Airport, date: string, now = new Date()): void {
  const today = localDate(now, airport.timeZone ?? 'UTC');
  const day = Date.parse(`${date}T00:00:00Z`);
  const daysAhead = (day - Date.parse(`${today}T00:00:00Z`)) / (24 * HOUR_MS);
  // Date.parse rolls "2031-02-31" over to March: a day must read back as itself
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !Number.isFinite(daysAhead) || new Date(day).toISOString().slice(0, 10) !== date)
    refuseFlight('timeInvalid', 'date');
  if (daysAhead > MAX_ADVANCE_DAYS) refuseFlight('flightDateTooFar', 'date', { days: MAX_ADVANCE_DAYS });
  if (daysAhead < -1) refuseFlight('pickupInPast', 'date');
}

/**
 * Checks a flight for an airport ride on a local date (YYYY-MM-DD at the
 * airport). Without a provider, or when it fails, the shape and airline are
 * checked and `unchecked` says why the rest was not.
 */
export async function checkFlight(
  provider: FlightStatusProvider | undefined,
  input: { flightNumber: string; direction: FlightDirection; airport: Airport; date: string },
  now = new Date(),
): Promise<CheckedFlight> {
  const { flight, airline } = parseFlight(input.flightNumber);
  checkFlightDate(input.airport, input.date, now);
  const base = { flight, display: displayFlightNumber(flight), airline };
  if (!provider) return { ...base, report: undefined, unchecked: 'no_provider', landing: undefined };
  let reports: FlightReport[];
  try {
    reports = await provider.lookup({ flight, date: input.date });
  } catch (error) {
    if (error instanceof FlightProviderError) return { ...base, report: undefined, unchecked: error.failure, landing: undefined };
    throw error;
  }
  const report = matching(reports, { ...input, flight });
  return { ...base, report, unchecked: undefined, landing: input.direction === 'arrival' ? landingOf(report) : undefined };
}

/** At booking: an arrival pickup may not be before the landing plus the operator's buffer (a 400 naming pickupTime with the earliest time). */
export function checkPickupAfterLanding(checked: CheckedFlight, pickupTime: Date, bufferMinutes: number, format: (d: Date) => string): void {
  if (!checked.landing) return;
  const earliest = new Date(checked.landing.getTime() + bufferMinutes * 60_000);
  if (pickupTime.getTime() < earliest.getTime()) refuseFlight('pickupBeforeLanding', 'pickupTime', { time: format(earliest) });
  if (pickupTime.getTime() > checked.landing.getTime() + 12 * HOUR_MS) refuseFlight('pickupLongAfterLanding', 'pickupTime', { time: format(checked.landing) });
}
