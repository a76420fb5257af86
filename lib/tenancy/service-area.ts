import 'server-only';
import { LRUCache } from 'lru-cache';
import { servedCountries } from '@/lib/fares/trip-reach';
import { COUNTRIES, isCountryCode } from '@/lib/i18n/markets';
import type { LatLng } from '@/lib/road-distance';
import { listServiceAreas } from '@/lib/tenancy/queries';

/** How long an operator's service cities are reused for ranking before they are read again (ms). */
const CACHE_MS = 5 * 60_000;
/** Bounded like the other per-operator caches (lib/fares/rate-cards.ts): at most this many operators kept. */
const cache = new LRUCache<number, { near: LatLng[]; served: Set<string> }>({ max: 10_000, ttl: CACHE_MS });

type PlaceSearchContext = { country?: string; near: LatLng[]; served: Set<string> };

/**
 * What shapes an operator's place search: its country and the coordinates of its service cities rank places,
 * the countries it serves (its market and those of its cities) bound them (docs/requirements/rider.md#booking-by-form).
 */
export async function placeSearchContext(tenant: { id: number; countryCode: string }): Promise<PlaceSearchContext> {
  const country = isCountryCode(tenant.countryCode) ? COUNTRIES[tenant.countryCode].region : undefined;
  const hit = cache.get(tenant.id);
  if (hit) return { country, near: hit.near, served: hit.served };
  const near = (await listServiceAreas(tenant.id)).map((a) => ({ lat: a.lat, lng: a.lng }));
  const served = servedCountries(tenant.countryCode, near);
  cache.set(tenant.id, { near, served });
  return { country, near, served };
}

/** Forgets an operator's cached service cities (they changed). */
export function forgetPlaceSearchContext(businessId: number): void {
  cache.delete(businessId);
}
