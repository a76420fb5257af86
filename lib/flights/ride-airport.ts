import 'server-only';
import type { Db } from '@/lib/db/client';
import type { Ride } from '@/lib/db/schema';
import { airportAt } from '@/lib/airports/catalogue';
import { meetingPointText, meetingPoints, waitingRulesOf } from '@/lib/airports/settings';
import { allRateCards } from '@/lib/fares/rate-cards';
import { flightsOf, flightView, type FlightView } from './actions';

/** What the rider, the driver and the console are told about an airport ride beyond the trip: the flight, where to meet, the free waiting. */
export type RideAirport = {
  code: string | undefined;
  flight: FlightView | null;
  /** The operator's meeting point at the airport of an arrival, in the ride's language where written. */
  meetingPoint: { text: string; lang: string; photoUrl: string | null; photoWebp: string | null } | null;
  /** Free waiting for this trip kind (minutes), counted from the landing when a flight is met. */
  freeWaitingMinutes: number;
  blockMinutes: number;
  /** The ride's vehicle type's charge per started block past the free time (minor units). */
  perBlock: number;
};

type Business = { id: number; language: string; currency: string };

/** The airport facts of the airport rides among `list`, by ride id; other rides are absent. */
export async function rideAirports(db: Db, business: Business, list: Ride[], lang?: string): Promise<Map<number, RideAirport>> {
  const airportRides = list.filter((ride) => ride.tripKind === 'airport');
  if (airportRides.length === 0) return new Map();
  const [flights, points, waiting, cards] = await Promise.all([
    flightsOf(
      db,
      airportRides.map((r) => r.id),
    ),
    meetingPoints(db, business.id),
    waitingRulesOf(db, business.id),
    allRateCards(db, business),
  ]);
  const found = new Map<number, RideAirport>();
  for (const ride of airportRides) {
    const flight = flights.get(ride.id);
    const arrival = (flight?.direction ?? ride.flightDirection ?? 'arrival') === 'arrival';
    const code = flight?.airportCode ?? (await airportAt(arrival ? ride.pickup : (ride.dropoff ?? ride.pickup)))?.code;
    const point = arrival && code ? points.get(code) : undefined;
    const text = meetingPointText(point, lang ?? ride.language ?? business.language, [business.language, 'en']);
    found.set(ride.id, {
      code,
      flight: flight ? flightView(flight, ride.pickupTime) : null,
      meetingPoint: point && text ? { ...text, photoUrl: point.photoUrl, photoWebp: point.photoWebp } : null,
      freeWaitingMinutes: waiting.freeMinutes[ride.tripKind],
      blockMinutes: waiting.blockMinutes,
      perBlock: cards.find((card) => card.vehicleType === ride.vehicleType)?.waitingCharge ?? 0,
    });
  }
  return found;
}
