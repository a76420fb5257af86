import { idsNear } from './place-grid';
import type { PlaceEntry, PlaceIndex, PlaceKind } from './place-index';
import { distanceKm } from './text';

/** How far (km) a point may be from a locality's pincode centre, or from an airport, to be called by its name. */
const LOCALITY_KM = 6;
const AIRPORT_KM = 2;
const CITY_KM = 100;

/** The place a rider stands at: the airport they are at, else the nearest locality, else the nearest town. */
export function nearestPlace(index: PlaceIndex, point: { lat: number; lng: number }): PlaceEntry | undefined {
  const best: Partial<Record<PlaceKind, { id: number; km: number }>> = {};
  const consider = (id: number, radius: number) => {
    if (index.merged[id]) return;
    const kind = index.kindOf(id);
    const km = distanceKm(point, { lat: index.lat[id], lng: index.lng[id] });
    const limit = kind === 'airport' ? AIRPORT_KM : kind === 'locality' ? LOCALITY_KM : radius;
    if (km > limit) return;
    if (kind === 'airport' && index.importance[id] < 2.5) return;
    const current = best[kind];
    if (!current || km < current.km) best[kind] = { id, km };
  };
  idsNear(index.grid, point, LOCALITY_KM, (id) => consider(id, LOCALITY_KM * 3));
  const found = best.airport ?? best.locality;
  if (found) return index.entry(found.id);
  idsNear(index.grid, point, CITY_KM, (id) => consider(id, CITY_KM));
  return best.city && index.entry(best.city.id);
}
