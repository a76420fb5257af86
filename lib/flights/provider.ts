import type { FlightProviderName } from '@/lib/db/schema/operator-hosts';

/*
 * What a flight-status provider reports, in the app's words, whichever
 * provider answered (lib/flights/aerodatabox.ts, lib/flights/flightaware.ts).
 */

export type FlightState = 'scheduled' | 'enroute' | 'landed' | 'cancelled' | 'diverted' | 'unknown';

/** One dated flight as the provider knows it; times are instants (UTC). */
export type FlightReport = {
  /** The flight number as the provider names it ("AI 302"). */
  number: string;
  /** IATA codes of the scheduled origin and destination. */
  origin: string | undefined;
  destination: string | undefined;
  state: FlightState;
  scheduledDeparture: Date | undefined;
  scheduledArrival: Date | undefined;
  /** The provider's latest estimate of the landing, when it has one. */
  estimatedArrival: Date | undefined;
  /** The landing, once it happened. */
  actualArrival: Date | undefined;
  /** Where a diverted flight went instead, when the provider says. */
  divertedTo: string | undefined;
};

export type FlightQuery = {
  /** Normalised IATA flight number ("AI302"). */
  flight: string;
  /** The local date of departure or arrival asked about (YYYY-MM-DD). */
  date: string;
};

/** A flight-status service: the flights of a number on a date ([] when it knows none). */
export interface FlightStatusProvider {
  readonly name: FlightProviderName;
  lookup(query: FlightQuery): Promise<FlightReport[]>;
}

/** Why a provider could not answer: no answer in time, no connection, the key refused, an answer that is not its documented format, another HTTP status. */
export type ProviderFailure = 'timeout' | 'unreachable' | 'refused' | 'garbage' | 'http';

export class FlightProviderError extends Error {
  constructor(
    readonly failure: ProviderFailure,
    message: string,
  ) {
    super(message);
    this.name = 'FlightProviderError';
  }
}

/** Runs a provider request, mapping a timeout and a network failure to their kinds. */
export async function providerFetch(provider: FlightProviderName, url: string, init: RequestInit & { timeoutMs: number }): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(init.timeoutMs), redirect: 'error' });
  } catch (error) {
    const name = (error as { name?: string })?.name;
    if (name === 'TimeoutError' || name === 'AbortError') throw new FlightProviderError('timeout', `${provider}: no answer within ${init.timeoutMs} ms`);
    const cause = (error as { cause?: { code?: string } })?.cause?.code;
    throw new FlightProviderError('unreachable', `${provider}: ${cause ?? (error instanceof Error ? error.message : String(error))}`);
  }
}

/** The JSON of an answer, or a `garbage` failure naming what was wrong. */
export async function providerJson(provider: FlightProviderName, res: Response): Promise<unknown> {
  const text = await res.text().catch(() => '');
  try {
    return JSON.parse(text);
  } catch {
    throw new FlightProviderError('garbage', `${provider}: the answer is not JSON (${text.slice(0, 60)})`);
  }
}

/** An instant from a provider's time text ("2031-03-10 06:15Z", "2031-03-10T06:15:00Z"); undefined when absent or unreadable. */
export function instantOf(value: unknown): Date | undefined {
  if (typeof value !== 'string' || !value) return undefined;
  const iso = value.trim().replace(' ', 'T');
  const time = Date.parse(iso);
  return Number.isFinite(time) ? new Date(time) : undefined;
}
