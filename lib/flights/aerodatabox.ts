import { z } from 'zod';
import {
  FlightProviderError,
  instantOf,
  providerFetch,
  providerJson,
  type FlightQuery,
  type FlightReport,
  type FlightState,
  type FlightStatusProvider,
} from './provider';

/*
 * AeroDataBox flight status (https://aerodatabox.com, sold through RapidAPI and
 * API.Market): GET {base}/flights/Number/{flight}/{dateLocal} answers a JSON
 * array of the flights of that number departing or arriving on that local
 * date, or 204 when it knows none. Times are {utc, local} pairs.
 */

const time = z.object({ utc: z.string().optional(), local: z.string().optional() }).partial().nullish();
const movement = z
  .object({
    airport: z.object({ iata: z.string().nullish(), icao: z.string().nullish() }).partial().nullish(),
    scheduledTime: time,
    revisedTime: time,
    predictedTime: time,
    runwayTime: time,
  })
  .partial();
const flight = z.object({
  number: z.string(),
  status: z.string(),
  departure: movement.nullish(),
  arrival: movement.nullish(),
});
const answer = z.array(flight);

const STATES: Record<string, FlightState> = {
  Unknown: 'unknown',
  Expected: 'scheduled',
  CheckIn: 'scheduled',
  Boarding: 'scheduled',
  GateClosed: 'scheduled',
  Delayed: 'scheduled',
  Departed: 'enroute',
  EnRoute: 'enroute',
  Approaching: 'enroute',
  Arrived: 'landed',
  Canceled: 'cancelled',
  CanceledUncertain: 'cancelled',
  Diverted: 'diverted',
};

const iataOf = (m: z.infer<typeof movement> | null | undefined) => m?.airport?.iata?.toUpperCase() || undefined;

function reportOf(f: z.infer<typeof flight>): FlightReport {
  const state = STATES[f.status] ?? 'unknown';
  const arrival = f.arrival ?? undefined;
  const revised = instantOf(arrival?.revisedTime?.utc) ?? instantOf(arrival?.predictedTime?.utc);
  return {
    number: f.number,
    origin: iataOf(f.departure),
    destination: iataOf(arrival),
    state,
    scheduledDeparture: instantOf(f.departure?.scheduledTime?.utc),
    scheduledArrival: instantOf(arrival?.scheduledTime?.utc),
    estimatedArrival: state === 'landed' ? undefined : revised,
    actualArrival: state === 'landed' ? (instantOf(arrival?.runwayTime?.utc) ?? revised) : undefined,
    divertedTo: undefined,
  };
}

export type AeroDataBoxConfig = { apiKey: string; baseUrl: string; timeoutMs: number };

export const AERODATABOX_BASE = 'https://aerodatabox.p.rapidapi.com';

export function aeroDataBox(config: AeroDataBoxConfig): FlightStatusProvider {
  const base = config.baseUrl.replace(/\/+$/, '');
  return {
    name: 'aerodatabox',
    async lookup(query: FlightQuery) {
      const url = `${base}/flights/Number/${encodeURIComponent(query.flight)}/${query.date}?withAircraftImage=false&withLocation=false`;
      const res = await providerFetch('aerodatabox', url, {
        headers: { 'x-rapidapi-key': config.apiKey, 'x-rapidapi-host': new URL(base).host, accept: 'application/json' },
        timeoutMs: config.timeoutMs,
      });
      if (res.status === 204 || res.status === 404) return [];
      if (res.status === 401 || res.status === 403) throw new FlightProviderError('refused', `aerodatabox: the API key was refused (${res.status})`);
      if (!res.ok) throw new FlightProviderError('http', `aerodatabox: answered ${res.status}`);
      const parsed = answer.safeParse(await providerJson('aerodatabox', res));
      if (!parsed.success) throw new FlightProviderError('garbage', 'aerodatabox: the answer is not a list of flights');
      return parsed.data.map(reportOf);
    },
  };
}
