import { idsNear } from './place-grid';
import type { PlaceEntry, PlaceIndex } from './place-index';
import { distanceKm } from './text';

/** How far (km) a point may be from a locality's pincode centre, or from an airport, to be called by its name. */
const LOCALITY_KM = 6;
const AIRPORT_KM = 2;
const CITY_KM = 100;

/** The place a rider stands at: the airport they are at, else the nearest locality, else the nearest town. */
export function nearestPlace(index: PlaceIndex, point: { lat: number; lng: number }): PlaceEntry | undefined {
  const best: Partial<Record<PlaceEntry['kind'], { entry: PlaceEntry; km: number }>> = {};
  const consider = (id: number, radius: number) => {
    const entry = index.entries[id];
    if (entry.merged) return;
    const km = distanceKm(point, entry);
    const limit = entry.kind === 'airport' ? AIRPORT_KM : entry.kind === 'locality' ? LOCALITY_KM : radius;
    if (km > limit) return;
    if (entry.kind === 'airport' && entry.importance < 2.5) return;
    const current = best[entry.kind];
    if (!current || km < current.km) best[entry.kind] = { entry, km };
  };
  idsNear(index.grid, point, LOCALITY_KM, (id) => consider(id, LOCALITY_KM * 3));
  if (best.airport || best.locality) return (best.airport ?? best.locality)!.entry;
  idsNear(index.grid, point, CITY_KM, (id) => consider(id, CITY_KM));
  return best.city?.entry;
}
