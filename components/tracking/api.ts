import { api, within } from '@/lib/api/typed-client';
import { fetchData } from '@/components/data/fetch-data';

/** The track page's read: the ride's driver and pickup, by session or by a share token. */
export function fetchRideTracking(rideId: number, token: string | undefined) {
  return fetchData(api.rides[':id'].track.$get({ param: { id: String(rideId) }, query: token !== undefined ? { token } : {} }, within()));
}
