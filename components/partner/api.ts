import { api, within, type ApiBody, type ApiDataOf, type ApiQuery } from '@/lib/api/typed-client';
import { fetchData } from '@/components/data/fetch-data';

/** The console screens' reads (each takes the screen's query string) and the rate card save, typed by the route modules. */

export type RatesData = ApiDataOf<typeof api.partner.rates.$get>;
export type RateCardInput = ApiBody<(typeof api.partner.rates)[':vehicleType']['$put']>;

/** A screen's query string as the typed client's query (the server's zod schema checks it). */
const params = <Q>(query: string) => Object.fromEntries(new URLSearchParams(query)) as Q;

export const fetchOverview = (query: string) =>
  fetchData(api.partner.overview.$get({ query: params<ApiQuery<typeof api.partner.overview.$get>>(query) }, within()));
export const fetchCustomers = (query: string) =>
  fetchData(api.partner.customers.$get({ query: params<ApiQuery<typeof api.partner.customers.$get>>(query) }, within()));
export const fetchPartnerWallet = (query: string) =>
  fetchData(api.partner.wallet.$get({ query: params<ApiQuery<typeof api.partner.wallet.$get>>(query) }, within()));
export const fetchPartnerMoney = (query: string) =>
  fetchData(api.partner.money.$get({ query: params<ApiQuery<typeof api.partner.money.$get>>(query) }, within()));
export const fetchRideEvents = (query: string) =>
  fetchData(api.partner.events.$get({ query: params<ApiQuery<typeof api.partner.events.$get>>(query) }, within()));
export const fetchVisits = (query: string) =>
  fetchData(api.tracking.report.$get({ query: params<ApiQuery<typeof api.tracking.report.$get>>(query) }, within()));
export const fetchRates = () => fetchData(api.partner.rates.$get(undefined, within()));
export const saveRateCard = (vehicleType: string, input: RateCardInput) =>
  fetchData(api.partner.rates[':vehicleType'].$put({ param: { vehicleType }, json: input }, within()));
