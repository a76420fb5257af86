import { env } from '@/lib/env';
import { logger } from '@/lib/log';

import { estimateRoute, type LatLng, type RouteResult } from './estimate';

export { estimateRoute, greatCircleMeters, type LatLng, type RouteResult } from './estimate';

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
