import { api, within, type ApiBody, type ApiDataOf } from '@/lib/api/typed-client';
import { fetchData } from '@/components/data/fetch-data';

/** The live map's and the dispatch settings' routes, typed by the route modules. */
export type FleetData = ApiDataOf<typeof api.partner.fleet.live.$get>;
export type DispatchSettingsData = ApiDataOf<(typeof api.partner)['dispatch-settings']['$get']>;
export type DispatchSettingsBody = ApiBody<(typeof api.partner)['dispatch-settings']['$put']>;

/** The whole fleet, or one travel company's drivers (`agencyId`, the Travels menu's Track). */
export const fetchFleet = (agencyId?: number) =>
  fetchData(api.partner.fleet.live.$get({ query: agencyId === undefined ? {} : { agencyId: String(agencyId) } }, within()));
export const fetchDispatchSettings = () => fetchData(api.partner['dispatch-settings'].$get(undefined, within()));
export const saveDispatchSettings = (json: DispatchSettingsBody) => fetchData(api.partner['dispatch-settings'].$put({ json }, within()));
/** One ride as the board shows it (for the Accept or Reassign dialog opened from the map). */
export const fetchBoardRide = async (number: number) => (await fetchData(api.partner.rides.$get({ query: { q: String(number) } }, within()))).rides[0];
