import { api, within, type ApiBody } from '@/lib/api/typed-client';
import { fetchData } from '@/components/data/fetch-data';

/** The driver app's routes, typed by the route modules. */
export type DriverScope = 'active' | 'recent';
export type DriverRideAction = ApiBody<(typeof api.driver.rides)[':id']['$post']>;

export const fetchDriverRides = (scope: DriverScope) => fetchData(api.driver.rides.$get({ query: { scope } }, within()));
export const actOnRide = (rideId: number, action: DriverRideAction) =>
  fetchData(api.driver.rides[':id'].$post({ param: { id: String(rideId) }, json: action }, within()));
export const fetchAvailability = () => fetchData(api.driver.availability.$get(undefined, within()));
export const sendAvailability = (online: boolean) => fetchData(api.driver.availability.$patch({ json: { online } }, within()));
export const fetchOffer = () => fetchData(api.driver.offers.$get(undefined, within()));
export const answerOffer = (rideId: number, answer: 'accept' | 'decline') =>
  fetchData(api.driver.offers[':id'].$post({ param: { id: String(rideId) }, json: { answer } }, within()));
