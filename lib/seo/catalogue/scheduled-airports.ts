import { ownString, readPackageData } from '@/lib/places/package-data';

type RawAirport = { iata?: string; type: string; scheduled_service: boolean | string };

/** Airport types that carry passengers (OurAirports' types in airport-data-js; heliports and seaplane bases are left out). */
const PASSENGER_TYPES = new Set(['large_airport', 'medium_airport', 'small_airport']);

let codes: Promise<ReadonlySet<string>> | undefined;

/**
 * IATA codes of the airports with scheduled passenger service (airport-data-js `scheduled_service`):
 * the airports riders fly into, which get pages. Read once per process; the raw list is dropped after.
 */
export function scheduledAirportCodes(): Promise<ReadonlySet<string>> {
  codes ??= (async () => {
    const { findAirports } = readPackageData<{ findAirports: (filter: object) => Promise<RawAirport[]> }>('airport-data-js');
    const found = new Set<string>();
    for (const airport of await findAirports({})) {
      const code = airport.iata?.trim().toUpperCase();
      const scheduled = airport.scheduled_service === true || String(airport.scheduled_service).toUpperCase() === 'TRUE';
      if (code && scheduled && PASSENGER_TYPES.has(airport.type)) found.add(ownString(code));
    }
    return found;
  })();
  codes.catch(() => (codes = undefined));
  return codes;
}
