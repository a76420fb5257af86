import 'server-only';
import type { Db } from '@/lib/db/client';
import { env } from '@/lib/env';
import { operatorFlightStatus } from '@/lib/hosting/integrations';
import { aeroDataBox, AERODATABOX_BASE } from './aerodatabox';
import { flightAware, FLIGHTAWARE_BASE } from './flightaware';
import type { FlightProviderName } from '@/lib/db/schema';
import type { TestOutcome } from '@/lib/hosting/integrations';
import { FlightProviderError, type FlightStatusProvider } from './provider';

const BASES: Record<FlightProviderName, string> = { aerodatabox: AERODATABOX_BASE, flightaware: FLIGHTAWARE_BASE };

/** A provider client for a name and key (FLIGHT_STATUS_API_BASE points every client at a stand-in, in tests). */
export function flightProvider(name: FlightProviderName, apiKey: string): FlightStatusProvider {
  const { FLIGHT_STATUS_API_BASE, FLIGHT_STATUS_TIMEOUT_MS } = env();
  const config = { apiKey, baseUrl: FLIGHT_STATUS_API_BASE ?? BASES[name], timeoutMs: FLIGHT_STATUS_TIMEOUT_MS };
  return name === 'aerodatabox' ? aeroDataBox(config) : flightAware(config);
}

/**
 * The flight-status service an operator's rides are checked with: its own
 * provider and key (console Integrations), else the deployment's
 * (FLIGHT_STATUS_PROVIDER and FLIGHT_STATUS_API_KEY), else none: then people
 * record landing times (console, driver app) and pickups follow them.
 */
export async function flightProviderFor(db: Db, businessId: number): Promise<FlightStatusProvider | undefined> {
  const own = await operatorFlightStatus(db, businessId);
  if (own) return flightProvider(own.provider, own.apiKey);
  const { FLIGHT_STATUS_PROVIDER, FLIGHT_STATUS_API_KEY } = env();
  return FLIGHT_STATUS_PROVIDER && FLIGHT_STATUS_API_KEY ? flightProvider(FLIGHT_STATUS_PROVIDER, FLIGHT_STATUS_API_KEY) : undefined;
}

/** Console "Test connection": a well-known daily flight today with the stored key; any answer but a refusal means the key works. */
export async function testFlightProvider(name: FlightProviderName, apiKey: string): Promise<TestOutcome> {
  const client = flightProvider(name, apiKey);
  try {
    await client.lookup({ flight: 'AI302', date: new Date().toISOString().slice(0, 10) });
    return { ok: true, message: `Connected: ${client.name} accepted the API key.` };
  } catch (error) {
    if (error instanceof FlightProviderError)
      return {
        ok: false,
        message: error.failure === 'refused' ? `${client.name} refused the API key.` : `${error.message}. Nothing was checked; the key is saved as entered.`,
      };
    throw error;
  }
}
