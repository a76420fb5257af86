import type { RideTracking } from '@/lib/rides/tracking';
import { fetchData } from '@/components/data/fetch-data';

/** The track page's read: the ride's driver and pickup, by session or by a share token. */
export function fetchRideTracking(rideId: number, token: string | undefined): Promise<RideTracking> {
  const query = token !== undefined ? `?${new URLSearchParams({ token })}` : '';
  return fetchData<RideTracking>(`/api/rides/${rideId}/track${query}`);
}
