import { z } from 'zod';
import { FlightProviderError, instantOf, providerFetch, providerJson, type FlightQuery, type FlightReport, type FlightStatusProvider } from './provider';

/*
 * FlightAware AeroAPI v4 (https://www.flightaware.com/aeroapi/): GET
 * {base}/flights/{ident}?start&end with the key in `x-apikey` answers
 * {flights: [...]} for the flights of that ident in the window. Runway times
 * are *_on (landing) and *_off; gate times *_in and *_out.
 */

const airport = z.object({ code_iata: z.string().nullish(), code: z.string().nullish() }).partial().nullish();
const flight = z.object({
  ident: z.string(),
  ident_iata: z.string().nullish(),
  status: z.string().nullish(),
  cancelled: z.boolean().nullish(),
  diverted: z.boolean().nullish(),
  origin: airport,
  destination: airport,
  scheduled_out: z.string().nullish(),
  scheduled_on: z.string().nullish(),
  estimated_on: z.string().nullish(),
  actual_on: z.string().nullish(),
  actual_off: z.string().nullish(),
  scheduled_in: z.string().nullish(),
  estimated_in: z.string().nullish(),
  actual_in: z.string().nullish(),
});
const answer = z.object({ flights: z.array(flight) });

const iata = (a: z.infer<typeof airport>) => a?.code_iata?.toUpperCase() || undefined;

function reportOf(f: z.infer<typeof flight>): FlightReport {
  const landed = instantOf(f.actual_on) ?? instantOf(f.actual_in);
  const state = f.cancelled ? 'cancelled' : f.diverted ? 'diverted' : landed ? 'landed' : instantOf(f.actual_off) ? 'enroute' : 'scheduled';
  return {
    number: f.ident_iata ?? f.ident,
    origin: iata(f.origin),
    // a diverted flight's destination is the airport it went to instead
    destination: f.diverted ? undefined : iata(f.destination),
    state,
    scheduledDeparture: instantOf(f.scheduled_out),
    scheduledArrival: instantOf(f.scheduled_on) ?? instantOf(f.scheduled_in),
    estimatedArrival: landed ? undefined : (instantOf(f.estimated_on) ?? instantOf(f.estimated_in)),
    actualArrival: state === 'landed' ? landed : undefined,
    divertedTo: f.diverted ? iata(f.destination) : undefined,
  };
}

export type FlightAwareConfig = { apiKey: string; baseUrl: string; timeoutMs: number };

export const FLIGHTAWARE_BASE = 'https://aeroapi.flightaware.com/aeroapi';

const DAY_MS = 86_400_000;

export function flightAware(config: FlightAwareConfig): FlightStatusProvider {
  const base = config.baseUrl.replace(/\/+$/, '');
  return {
    name: 'flightaware',
    async lookup(query: FlightQuery) {
      // the local date may be a day off UTC either way: ask for three days, the caller matches the day
      const day = Date.parse(`${query.date}T00:00:00Z`);
      const start = new Date(day - DAY_MS).toISOString().slice(0, 19) + 'Z';
      const end = new Date(day + 2 * DAY_MS).toISOString().slice(0, 19) + 'Z';
      const url = `${base}/flights/${encodeURIComponent(query.flight)}?ident_type=designator&start=${start}&end=${end}`;
      const res = await providerFetch('flightaware', url, { headers: { 'x-apikey': config.apiKey, accept: 'application/json' }, timeoutMs: config.timeoutMs });
      if (res.status === 404) return [];
      if (res.status === 401 || res.status === 403) throw new FlightProviderError('refused', `flightaware: the API key was refused (${res.status})`);
      if (!res.ok) throw new FlightProviderError('http', `flightaware: answered ${res.status}`);
      const parsed = answer.safeParse(await providerJson('flightaware', res));
      if (!parsed.success) throw new FlightProviderError('garbage', 'flightaware: the answer has no list of flights');
      return parsed.data.flights.map(reportOf);
    },
  };
}
