import { api, within, type ApiBody, type ApiDataOf } from '@/lib/api/typed-client';
import { fetchData } from '@/components/data/fetch-data';

/** Ratings, reviews and invoice settings: the routes of issue 21, typed by the route modules. */

export type RateInput = ApiBody<(typeof api.rides)[':id']['rating']['$post']>;
export const rateRide = (rideId: number, input: RateInput) =>
  fetchData(api.rides[':id'].rating.$post({ param: { id: String(rideId) }, json: input }, within()));

/** Where a ride's invoice PDF downloads from: the rider's own, or the console's. */
export const riderInvoiceUrl = (rideId: number, lang: string) => `/api/rides/${rideId}/invoice?lang=${encodeURIComponent(lang)}`;
export const consoleInvoiceUrl = (rideId: number, lang: string) => `/api/partner/rides/${rideId}/invoice?lang=${encodeURIComponent(lang)}`;

export const fetchReviews = () => fetchData(api.partner.reviews.$get(undefined, within()));
export const moderateReview = (id: number, status: 'approved' | 'rejected') =>
  fetchData(api.partner.reviews[':id'].$patch({ param: { id: String(id) }, json: { status } }, within()));

export type InvoiceSettingsData = ApiDataOf<(typeof api.partner)['invoice-settings']['$get']>;
export type InvoiceSettingsInput = ApiBody<(typeof api.partner)['invoice-settings']['$put']>;
export const fetchInvoiceSettings = () => fetchData(api.partner['invoice-settings'].$get(undefined, within()));
export const saveInvoiceSettings = (input: InvoiceSettingsInput) => fetchData(api.partner['invoice-settings'].$put({ json: input }, within()));
