import 'server-only';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { logger } from '@/lib/log';
import { ownString, packageVersion, placeIndexPath, readPackageData, writeAtomically } from '@/lib/places/package-data';
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
/** Airport types that carry passengers (OurAirports' types; heliports and seaplane bases are left out of the pages). */
const PASSENGER_TYPES = new Set(['large_airport', 'medium_airport', 'small_airport']);

type AirportData = {
  /** Every airport with scheduled service and a three-letter IATA code, by code. */
  byCode: Map<string, Airport>;
  /** IATA codes of the passenger airports (large, medium, small) with scheduled service: the airports that get pages. */
  passengerCodes: ReadonlySet<string>;
};

/** Unpacks airport-data-js (about 150 ms of CPU and a 6 MB string, freed after). */
async function unpack(): Promise<AirportData> {
  const { findAirports } = readPackageData<{ findAirports: (filter: object) => Promise<RawAirport[]> }>('airport-data-js');
  const byCode = new Map<string, Airport>();
  const passengerCodes = new Set<string>();
  for (const a of await findAirports({})) {
    const code = a.iata?.trim().toUpperCase();
    const scheduled = a.scheduled_service === true || String(a.scheduled_service).toUpperCase() === 'TRUE';
    if (!scheduled || !code) continue;
    if (PASSENGER_TYPES.has(a.type)) passengerCodes.add(ownString(code));
    const lat = Number(a.latitude);
    const lng = Number(a.longitude);
    if (!/^[A-Z]{3}$/.test(code) || !Number.isFinite(lat) || !Number.isFinite(lng) || byCode.has(code)) continue;
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
  return { byCode, passengerCodes };
}

/** Raise with any change to what `unpack` keeps, so every saved catalogue is made again. */
const CATALOGUE_FORMAT = 1;
type SavedCatalogue = { source: string; airports: Airport[]; passengerCodes: string[] };

/** The catalogue is saved beside the place index file (`npm run build` makes both), as JSON of what `unpack` keeps. */
export const airportCatalogueFile = (): string => path.join(path.dirname(placeIndexPath()), 'airports.json');
const catalogueSource = () => `format ${CATALOGUE_FORMAT}; airport-data-js@${packageVersion('airport-data-js')}`;

function isAirport(value: unknown): value is Airport {
  const a = value as Airport;
  return (
    typeof a?.code === 'string' &&
    /^[A-Z]{3}$/.test(a.code) &&
    typeof a.name === 'string' &&
    typeof a.country === 'string' &&
    Number.isFinite(a.lat) &&
    Number.isFinite(a.lng) &&
    ['large', 'medium', 'small'].includes(a.size)
  );
}

/** The saved catalogue when it was made from the installed package and reads whole; else undefined, with the reason. */
async function readSaved(file: string, source: string): Promise<{ data?: AirportData; problem?: string }> {
  let saved: SavedCatalogue;
  try {
    saved = JSON.parse(await readFile(file, 'utf8')) as SavedCatalogue;
  } catch (error) {
    return { problem: (error as NodeJS.ErrnoException).code === 'ENOENT' ? undefined : 'unreadable' };
  }
  if (saved?.source !== source) return { problem: 'made from another version' };
  if (
    !Array.isArray(saved.airports) ||
    !Array.isArray(saved.passengerCodes) ||
    !saved.airports.every(isAirport) ||
    !saved.passengerCodes.every((code) => typeof code === 'string')
  )
    return { problem: 'damaged' };
  return { data: { byCode: new Map(saved.airports.map((airport) => [airport.code, airport])), passengerCodes: new Set(saved.passengerCodes) } };
}

/**
 * The catalogue from its saved file (one read and parse, a few ms), else unpacked from the package and
 * saved for the next start. A file that is damaged or was made from another version is made again, and
 * logged; a catalogue that cannot be saved is still used.
 */
export async function loadAirportData(file = airportCatalogueFile()): Promise<AirportData> {
  const source = catalogueSource();
  const { data, problem } = await readSaved(file, source);
  if (data) return data;
  const unpacked = await unpack();
  const saved: SavedCatalogue = { source, airports: [...unpacked.byCode.values()], passengerCodes: [...unpacked.passengerCodes] };
  try {
    writeAtomically(file, Buffer.from(JSON.stringify(saved)));
    logger.info({ file, airports: unpacked.byCode.size, ...(problem ? { replaced: problem } : {}) }, 'airport catalogue saved');
  } catch (error) {
    logger.warn({ err: error, file }, 'airport catalogue made but not saved: it is made again at the next start');
  }
  return unpacked;
}

/**
 * Read once per process, whichever bundle asks first: Next's page bundles and the compiled server each
 * hold their own copy of this module, and unpacking the package takes about 150 ms.
 */
const shared = globalThis as unknown as { __travelsxAirports?: Promise<AirportData> };

function airportData(): Promise<AirportData> {
  shared.__travelsxAirports ??= loadAirportData().catch((error: unknown) => {
    shared.__travelsxAirports = undefined;
    throw error;
  });
  return shared.__travelsxAirports;
}

/** Every airport with scheduled service, by IATA code (4,548). */
export async function airportCatalogue(): Promise<Map<string, Airport>> {
  return (await airportData()).byCode;
}

/** IATA codes of the passenger airports with scheduled service (4,486): the airports riders fly into, which get pages. */
export async function scheduledAirportCodes(): Promise<ReadonlySet<string>> {
  return (await airportData()).passengerCodes;
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
