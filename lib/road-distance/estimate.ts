/* The offline route estimate without server dependencies: the quote, the route pages and the booking form use it. */

export type LatLng = { lat: number; lng: number };
export type RouteResult = { distanceM: number; durationS: number; source: 'google' | 'estimate' };

export const EARTH_RADIUS_M = 6_371_000;
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
