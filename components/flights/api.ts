'use client';

import { api, within, type ApiBody } from '@/lib/api/typed-client';
import { fetchData } from '@/components/data/fetch-data';

export type PartnerFlightInput = ApiBody<(typeof api.partner.rides)[':id']['flight']['$post']>;
export type DriverFlightInput = ApiBody<(typeof api.driver.rides)[':id']['flight']['$post']>;

export const partnerFlight = (rideId: number, input: PartnerFlightInput) =>
  fetchData(api.partner.rides[':id'].flight.$post({ param: { id: String(rideId) }, json: input }, within()));

export const driverFlight = (rideId: number, input: DriverFlightInput) =>
  fetchData(api.driver.rides[':id'].flight.$post({ param: { id: String(rideId) }, json: input }, within()));
