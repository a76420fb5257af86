import 'server-only';
import { env } from '@/lib/env';
import { logger } from '@/lib/log';
import type { LatLng } from '@/lib/road-distance';
import { everydayName } from './normalise';
import { loadPlaceIndex, type PlaceEntry, type PlaceKind } from './place-index';
import { nearestPlace } from './place-reverse';
import { searchPlaceIndex } from './place-search';

/** One suggestion as the booking form shows it; `name` is what a ride stores. */
export type PlaceSuggestion = {
  name: string;
  detail: string;
  lat: number;
  lng: number;
  source: 'gazetteer' | 'google';
  kind?: PlaceKind;
  /** IATA code of an airport. */
  code?: string;
};

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
/** Country names by code, looked up once each (Intl.DisplayNames.of was a few per cent of a search request). */
const countryNames = new Map<string, string>();
function countryName(code: string): string {
  let name = countryNames.get(code);
  if (name === undefined) countryNames.set(code, (name = regionNames.of(code) ?? code));
  return name;
}

/**
 * "T Nagar, Chennai" for a locality, "Chennai International Airport (MAA)" for an airport, "Chennai" for a city.
 * One literal, not a spread of shared fields followed by new keys (V8 would give each suggestion a hidden
 * class of its own: see lib/rides/queries.ts rideFields).
 */
export function suggestionOf(entry: PlaceEntry): PlaceSuggestion {
  const country = countryName(entry.country);
  const airport = entry.kind === 'airport';
  // names as riders write them, without the gazetteer's transliteration marks (docs/requirements/rider.md#booking-by-form)
  const own = everydayName(entry.name, entry.country);
  const parent = entry.parent && everydayName(entry.parent, entry.country);
  const name = airport ? `${own} (${entry.code})` : entry.kind === 'locality' && parent ? `${own}, ${parent}` : own;
  const detail = airport
    ? [parent, country].filter(Boolean).join(', ')
    : entry.kind === 'locality'
      ? [`${entry.region ? everydayName(entry.region, entry.country) : ''} ${entry.postcode ?? ''}`.trim(), country].filter(Boolean).join(', ')
      : country;
  const suggestion: PlaceSuggestion = { name, detail, lat: entry.lat, lng: entry.lng, source: 'gazetteer', kind: entry.kind };
  if (airport) suggestion.code = entry.code;
  return suggestion;
}

type GooglePlace = { displayName?: { text?: string }; formattedAddress?: string; location?: { latitude: number; longitude: number } };

/** Google Places (New) text search, used when GOOGLE_MAPS_API_KEY is set. */
async function googleSearch(query: string, region: string | undefined, language: string, key: string): Promise<PlaceSuggestion[]> {
  const res = await fetch('https://places.googleapis.com/v1/places:searchText', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Goog-Api-Key': key, 'X-Goog-FieldMask': 'places.displayName,places.formattedAddress,places.location' },
    body: JSON.stringify({ textQuery: query, languageCode: language, regionCode: region, pageSize: 8 }),
    signal: AbortSignal.timeout(3000),
  });
  if (!res.ok) throw new Error(`Places API answered ${res.status}`);
  const json = (await res.json()) as { places?: GooglePlace[] };
  return (json.places ?? [])
    .filter((p) => p.location && p.displayName?.text)
    .map((p) => ({
      name: p.displayName!.text!,
      detail: p.formattedAddress ?? '',
      lat: p.location!.latitude,
      lng: p.location!.longitude,
      source: 'google' as const,
    }));
}

export type SuggestOptions = {
  country?: string;
  language?: string;
  limit?: number;
  /** The operator's service cities (ranked first, with places near them). */
  near?: LatLng[];
  /** The countries the operator serves: places elsewhere only when none there matches. */
  served?: ReadonlySet<string>;
  /** The rider's position, when shared. */
  rider?: LatLng;
  /** Prefer this kind, e.g. 'airport' on an airport trip. */
  kind?: PlaceKind;
};

/** Place suggestions: Google Places when keyed (falling back on failure), else the offline place index. */
export async function suggestPlaces(query: string, options: SuggestOptions = {}): Promise<PlaceSuggestion[]> {
  const key = env().GOOGLE_MAPS_API_KEY;
  if (key) {
    try {
      return await googleSearch(query, options.country, options.language ?? 'en', key);
    } catch (error) {
      logger.warn({ err: error }, 'Google Places failed; using the place index');
    }
  }
  const index = await loadPlaceIndex();
  return searchPlaceIndex(index, query, options).map(suggestionOf);
}

type GeocodeResult = { formatted_address: string; address_components: { long_name: string }[] };

/** docs/requirements/rider.md#booking-by-form: the place name is component 3, 2 or 1 depending on how many there are. */
function placeNameOf(result: GeocodeResult): string {
  const parts = result.address_components;
  const index = parts.length >= 4 ? 3 : parts.length >= 3 ? 2 : 1;
  return parts[Math.min(index, parts.length - 1)]?.long_name ?? result.formatted_address;
}

async function googleReverse(point: LatLng, language: string, key: string): Promise<PlaceSuggestion | undefined> {
  const url = `https://maps.googleapis.com/maps/api/geocode/json?latlng=${point.lat},${point.lng}&language=${language}&key=${encodeURIComponent(key)}`;
  const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
  const json = (await res.json()) as { status: string; results?: GeocodeResult[] };
  const first = json.status === 'OK' ? json.results?.[0] : undefined;
  if (!first) return undefined;
  return { name: placeNameOf(first), detail: first.formatted_address, lat: point.lat, lng: point.lng, source: 'google' };
}

/**
 * The address of a point: Google Geocoding when keyed, else from the place index: the airport
 * the rider is at, the nearest locality (Indian pincode areas, about 6 km), else the nearest town (100 km).
 */
export async function reverseGeocode(point: LatLng, language = 'en'): Promise<PlaceSuggestion | undefined> {
  const key = env().GOOGLE_MAPS_API_KEY;
  if (key) {
    try {
      const found = await googleReverse(point, language, key);
      if (found) return found;
    } catch (error) {
      logger.warn({ err: error }, 'Google Geocoding failed; using the place index');
    }
  }
  const place = nearestPlace(await loadPlaceIndex(), point);
  return place ? { ...suggestionOf(place), lat: point.lat, lng: point.lng } : undefined;
}
