import type { PartnerRidesFilter } from '@/lib/query-keys';
import { ApiRequestError, fetchData } from '@/components/data/fetch-data';
import type { Assignable, PartnerRide, RidesAnswer } from './types';

/** The console's ride routes. */

export const ridesQuery = (filter: PartnerRidesFilter) => new URLSearchParams({ status: filter.status, ...(filter.q ? { q: filter.q } : {}) }).toString();

/** A rides list read; a failure is logged (the screen keeps what it showed). */
export async function fetchPartnerRides(filter: PartnerRidesFilter): Promise<RidesAnswer['data']> {
  try {
    return await fetchData<RidesAnswer['data']>(`/api/partner/rides?${ridesQuery(filter)}`);
  } catch (error) {
    if (error instanceof ApiRequestError) console.warn('ride fetch error', error.message);
    throw error;
  }
}

/** One ride by id (a new booking's card), or null when the search finds none. */
export async function fetchPartnerRide(rideId: number): Promise<PartnerRide | null> {
  const answer = await fetchData<RidesAnswer['data']>(`/api/partner/rides?q=${rideId}`);
  return answer.rides[0] ?? null;
}

export const fetchAssignable = () => fetchData<Assignable['data']>('/api/partner/rides/assignable');
export const sendRideAction = (rideId: number, payload: Record<string, unknown>) => fetchData<unknown>(`/api/partner/rides/${rideId}`, { body: payload });
