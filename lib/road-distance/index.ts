import { env } from '@/lib/env';
import { logger } from '@/lib/log';

export type LatLng = { lat: number; lng: number };
export type RouteResult = { distanceM: number; durationS: number; source: 'google' | 'estimate' };

const EARTH_RADIUS_M = 6_371_000;
/** Roads are longer than the straight line; typical Indian intercity ratio. */
export const ROAD_FACTOR = 1.3;
/** km/h: city traffic under 25 km, highways beyond. */
export const CITY_SPEED_KMH = 28;
export const HIGHWAY_SPEED_KMH = 55;

export function greatCircleMeters(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Offline estimate: great-circle distance x road factor at an average speed. */
export function estimateRoute(a: LatLng, b: LatLng): RouteResult {
  const distanceM = Math.round(greatCircleMeters(a, b) * ROAD_FACTOR);
  const km = distanceM / 1000;
  const speed = km < 25 ? CITY_SPEED_KMH : HIGHWAY_SPEED_KMH;
  return { distanceM, durationS: Math.round((km / speed) * 3600), source: 'estimate' };
}

/** Google Routes API (driving), used when GOOGLE_MAPS_API_KEY is set; falls back to the estimate. */
async function googleRoute(a: LatLng, b: LatLng, key: string): Promise<RouteResult> {
  const res = await fetch('https://routes.googleapis.com/directions/v2:computeRoutes', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Goog-Api-Key': key, 'X-Goog-FieldMask': 'routes.distanceMeters,routes.duration' },
    body: JSON.stringify({
      origin: { location: { latLng: { latitude: a.lat, longitude: a.lng } } },
      destination: { location: { latLng: { latitude: b.lat, longitude: b.lng } } },
      travelMode: 'DRIVE',
    }),
    signal: AbortSignal.timeout(4000),
  });
  if (!res.ok) throw new Error(`Routes API answered ${res.status}`);
  const json = (await res.json()) as { routes?: { distanceMeters?: number; duration?: string }[] };
  const route = json.routes?.[0];
  if (!route?.distanceMeters || !route.duration) throw new Error('Routes API returned no route');
  return { distanceM: route.distanceMeters, durationS: Number.parseInt(route.duration, 10), source: 'google' };
}

export async function routeBetween(a: LatLng, b: LatLng): Promise<RouteResult> {
  const key = env().GOOGLE_MAPS_API_KEY;
  if (!key) return estimateRoute(a, b);
  try {
    return await googleRoute(a, b, key);
  } catch (error) {
    logger.warn({ err: error }, 'Google Routes failed; using the estimate');
    return estimateRoute(a, b);
  }
}
