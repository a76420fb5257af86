import 'server-only';
import { ownString, readPackageData } from '@/lib/places/package-data';
import { greatCircleMeters, type LatLng } from '@/lib/road-distance/estimate';

/** An airport with scheduled passenger service and an IATA code (airport-data-js: OurAirports data, CC BY 4.0). */
export type Airport = {
  code: string;
  icao: string | undefined;
  name: string;
  country: string;
  lat: number;
  lng: number;
  /** IANA zone of the airport's clock (landing times are shown in it). */
  timeZone: string | undefined;
  size: 'large' | 'medium' | 'small';
};

type RawAirport = {
  iata?: string;
  icao?: string;
  airport: string;
  country_code: string;
  latitude: number | string;
  longitude: number | string;
  time?: string;
  type: string;
  scheduled_service: boolean | string;
};

const SIZES: Record<string, Airport['size']> = { large_airport: 'large', medium_airport: 'medium' };

let loading: Promise<Map<string, Airport>> | undefined;

async function load(): Promise<Map<string, Airport>> {
  const { findAirports } = readPackageData<{ findAirports: (filter: object) => Promise<RawAirport[]> }>('airport-data-js');
  const byCode = new Map<string, Airport>();
  for (const a of await findAirports({})) {
    const code = a.iata?.trim().toUpperCase();
    const lat = Number(a.latitude);
    const lng = Number(a.longitude);
    const scheduled = a.scheduled_service === true || String(a.scheduled_service).toUpperCase() === 'TRUE';
    if (!scheduled || !code || !/^[A-Z]{3}$/.test(code) || !Number.isFinite(lat) || !Number.isFinite(lng) || byCode.has(code)) continue;
    // copies: a slice of the package's packed data would keep all of it alive (ownString)
    byCode.set(code, {
      code: ownString(code),
      icao: ownString(a.icao?.trim().toUpperCase() || undefined),
      name: ownString(a.airport.trim()),
      country: ownString(a.country_code),
      lat,
      lng,
      timeZone: ownString(a.time || undefined),
      size: SIZES[a.type] ?? 'small',
    });
  }
  return byCode;
}

/** Every airport with scheduled service, by IATA code (read once per process, 4,548). */
export function airportCatalogue(): Promise<Map<string, Airport>> {
  loading ??= load().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

export async function airportByCode(code: string): Promise<Airport | undefined> {
  return (await airportCatalogue()).get(code.trim().toUpperCase());
}

/** Airports within `radiusKm` of any of the points, nearest first, each with its distance to the nearest point. */
export async function airportsNear(points: readonly LatLng[], radiusKm: number): Promise<(Airport & { distanceKm: number })[]> {
  const found: (Airport & { distanceKm: number })[] = [];
  for (const airport of (await airportCatalogue()).values()) {
    let nearest = Infinity;
    for (const point of points) nearest = Math.min(nearest, greatCircleMeters(point, airport) / 1000);
    if (nearest <= radiusKm) found.push({ ...airport, distanceKm: Math.round(nearest * 10) / 10 });
  }
  return found.sort((a, b) => a.distanceKm - b.distanceKm || a.code.localeCompare(b.code));
}

/** A place this close to an airport's reference point is that airport (terminals are a kilometre or two away). */
const AT_AIRPORT_KM = 3;
const CODE_IN_NAME = /\(([A-Z]{3})\)\s*$/;

/**
 * The airport a picked place is: the code the place search puts in its name ("Chennai International Airport
 * (MAA)") when that airport is near, else the nearest scheduled airport within 3 km; undefined elsewhere.
 */
export async function airportAt(place: LatLng & { name?: string }): Promise<Airport | undefined> {
  const catalogue = await airportCatalogue();
  const named = place.name ? CODE_IN_NAME.exec(place.name.trim())?.[1] : undefined;
  const byName = named ? catalogue.get(named) : undefined;
  if (byName && greatCircleMeters(place, byName) / 1000 <= AT_AIRPORT_KM * 10) return byName;
  let best: Airport | undefined;
  let bestKm = AT_AIRPORT_KM;
  for (const airport of catalogue.values()) {
    const km = greatCircleMeters(place, airport) / 1000;
    if (km <= bestKm) [best, bestKm] = [airport, km];
  }
  return best;
}
