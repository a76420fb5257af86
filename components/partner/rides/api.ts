import { api, within, type ApiBody } from '@/lib/api/typed-client';
import type { PartnerRidesFilter } from '@/lib/query-keys';
import { ApiRequestError, fetchData } from '@/components/data/fetch-data';
import type { PartnerRide, PartnerRides } from './types';

/** The console's ride routes, typed by the route modules. */

const ridesQuery = (filter: PartnerRidesFilter) => ({ status: filter.status, ...(filter.q ? { q: filter.q } : {}) });

/** The CSV export's address for the list's filter (a download link, not a fetch). */
export const ridesExportPath = (filter: PartnerRidesFilter) => api.partner.rides.export.$path({ query: ridesQuery(filter) });

/** A rides list read; a failure is logged (the screen keeps what it showed). */
export async function fetchPartnerRides(filter: PartnerRidesFilter): Promise<PartnerRides> {
  try {
    return await fetchData(api.partner.rides.$get({ query: ridesQuery(filter) }, within()));
  } catch (error) {
    if (error instanceof ApiRequestError) console.warn('ride fetch error', error.message);
    throw error;
  }
}

/** One ride by id (a new booking's card), or null when the search finds none. */
export async function fetchPartnerRide(rideId: number): Promise<PartnerRide | null> {
  const answer = await fetchData(api.partner.rides.$get({ query: { q: String(rideId) } }, within()));
  return answer.rides[0] ?? null;
}

export type RideActionInput = ApiBody<(typeof api.partner.rides)[':id']['$post']>;
export const fetchAssignable = (rideId?: number) => fetchData(api.partner.rides.assignable.$get({ query: rideId ? { rideId: String(rideId) } : {} }, within()));
export const sendRideAction = (rideId: number, payload: RideActionInput) => fetchData(api.partner.rides[':id'].$post({ param: { id: String(rideId) }, json: payload }, within()));
