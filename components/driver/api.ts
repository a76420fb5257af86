import type { DriverRide } from '@/lib/driver/rides';
import type { DriverRideAction } from '@/lib/driver/schemas';
import { fetchData } from '@/components/data/fetch-data';

/** The driver app's routes. */
export type DriverScope = 'active' | 'recent';

export const fetchDriverRides = (scope: DriverScope) => fetchData<DriverRide[]>(`/api/driver/rides?scope=${scope}`);
export const actOnRide = (rideId: number, action: DriverRideAction) => fetchData<DriverRide>(`/api/driver/rides/${rideId}`, { body: action });
