import { api, within, type ApiBody, type ApiDataOf } from '@/lib/api/typed-client';
import { fetchData } from '@/components/data/fetch-data';

/** The rider pages' routes: every fetch of rides, wallet and profile goes through here (typed by the route modules). */

export type RideLists = ApiDataOf<typeof api.rides.$get>;

export const fetchRiderRides = () => fetchData(api.rides.$get(undefined, within()));
export const cancelRide = (rideId: number, input: ApiBody<(typeof api.rides)[':id']['cancel']['$post']>) =>
  fetchData(api.rides[':id'].cancel.$post({ param: { id: String(rideId) }, json: input }, within()));
export const fetchRiderWallet = () => fetchData(api.wallet.$get(undefined, within()));
export const updateProfile = (input: ApiBody<typeof api.profile.$patch>) => fetchData(api.profile.$patch({ json: input }, within()));
export const deleteAccount = () => fetchData(api.profile.$delete(undefined, within()));
