import { api, within, type ApiBody } from '@/lib/api/typed-client';
import type { PartnerRidesFilter } from '@/lib/query-keys';
import { ApiRequestError, fetchData } from '@/components/data/fetch-data';
import type { PartnerRide, PartnerRides } from './types';

/** The console's ride routes, typed by the route modules. */

const ridesQuery = (filter: PartnerRidesFilter, cursor?: string) => ({
  status: filter.status,
  ...(filter.q ? { q: filter.q } : {}),
  ...(filter.from ? { from: filter.from } : {}),
  ...(filter.to ? { to: filter.to } : {}),
  ...(filter.sort && filter.sort !== 'pickup' ? { sort: filter.sort } : {}),
  ...(filter.order ? { order: filter.order } : {}),
  ...(cursor ? { cursor } : {}),
});

/** The CSV export's address: the board's date range and the status it applies (a download link, not a fetch). */
export const ridesExportPath = (filter: { status: string; from: string; to: string }) =>
  api.partner.rides.export.$path({ query: { status: filter.status, from: filter.from, to: filter.to } });

/** One page of the board after `cursor`; a failure is logged (the screen keeps what it showed). */
export async function fetchPartnerRides(filter: PartnerRidesFilter, cursor?: string): Promise<PartnerRides> {
  try {
    return await fetchData(api.partner.rides.$get({ query: ridesQuery(filter, cursor) }, within()));
  } catch (error) {
    if (error instanceof ApiRequestError) console.warn('ride fetch error', error.message);
    throw error;
  }
}

/** One ride by its number (a new booking's card), or null when the search finds none. */
export async function fetchPartnerRide(rideNumber: number): Promise<PartnerRide | null> {
  const answer = await fetchData(api.partner.rides.$get({ query: { q: String(rideNumber) } }, within()));
  return answer.rides[0] ?? null;
}

export type RideActionInput = ApiBody<(typeof api.partner.rides)[':id']['$post']>;
export const fetchAssignable = (rideNumber?: number) =>
  fetchData(api.partner.rides.assignable.$get({ query: rideNumber ? { rideId: String(rideNumber) } : {} }, within()));
export const sendRideAction = (rideNumber: number, payload: RideActionInput) =>
  fetchData(api.partner.rides[':id'].$post({ param: { id: String(rideNumber) }, json: payload }, within()));

export type RefundInput = ApiBody<(typeof api.partner.rides)[':id']['refunds']['$post']>;
/** All or part of a completed ride back to the rider (a repeated key answers the first refund). */
export const sendRefund = (rideNumber: number, input: RefundInput) =>
  fetchData(api.partner.rides[':id'].refunds.$post({ param: { id: String(rideNumber) }, json: input }, within()));
/** A failed card refund sent again, or paid to the wallet once PayU refused it. */
export const sendRefundRetry = (refundId: number, toWallet: boolean) =>
  fetchData(api.partner.refunds[':id'].retry.$post({ param: { id: String(refundId) }, json: { toWallet } }, within()));
