import { api, typedCall, within, type ApiBody, type ApiDataOf, type ApiResult } from '@/lib/api/typed-client';
import { ApiRequestError, fetchData } from '@/components/data/fetch-data';

/** The console's fleet routes: every fetch of the fleet screens goes through here (typed by the route modules). */

export type VehiclesData = ApiDataOf<typeof api.partner.vehicles.$get>;
export type DriversData = ApiDataOf<typeof api.partner.drivers.$get>;
export type AgenciesData = ApiDataOf<typeof api.partner.agencies.$get>;

/** A fleet list read; a failure is also logged (the screen keeps what it showed). */
async function list<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ApiRequestError) console.warn('fleet list error', error.message);
    throw error;
  }
}

export const fetchVehicles = () => list(() => fetchData(api.partner.vehicles.$get(undefined, within())));
export const fetchDrivers = () => list(() => fetchData(api.partner.drivers.$get({ query: {} }, within())));
export const fetchAgencies = () => list(() => fetchData(api.partner.agencies.$get(undefined, within())));

const vehicle = api.partner.vehicles[':id'];
const driver = api.partner.drivers[':id'];
const agency = api.partner.agencies[':id'];
const at = (id: number) => ({ id: String(id) });

export type VehicleInput = ApiBody<typeof api.partner.vehicles.$post>;
export type VehiclePatch = ApiBody<typeof vehicle.$patch>;
export const createVehicle = (input: VehicleInput) => fetchData(api.partner.vehicles.$post({ json: input }, within()));
export const patchVehicle = (id: number, body: VehiclePatch) => fetchData(vehicle.$patch({ param: at(id), json: body }, within()));
export const deleteVehicle = (id: number) => fetchData(vehicle.$delete({ param: at(id) }, within()));

export type DriverInput = ApiBody<typeof api.partner.drivers.$post>;
export type DriverPatch = ApiBody<typeof driver.$patch>;
export const createDriver = (input: DriverInput) => fetchData(api.partner.drivers.$post({ json: input }, within()));
export const patchDriver = (id: number, body: DriverPatch) => fetchData(driver.$patch({ param: at(id), json: body }, within()));
export const deleteDriver = (id: number) => fetchData(driver.$delete({ param: at(id) }, within()));

export type AgencyInput = ApiBody<typeof api.partner.agencies.$post>;
export type AgencyPatch = ApiBody<typeof agency.$patch>;
export const createAgency = (input: AgencyInput) => fetchData(api.partner.agencies.$post({ json: input }, within()));
export const patchAgency = (id: number, body: AgencyPatch) => fetchData(agency.$patch({ param: at(id), json: body }, within()));
export const deleteAgency = (id: number) => fetchData(agency.$delete({ param: at(id) }, within()));

export type DriverDocumentsBody = ApiBody<(typeof driver)['documents']['$put']>;
export type VehicleDocumentsBody = ApiBody<(typeof vehicle)['documents']['$put']>;
export const fetchExpiringDocuments = () => fetchData(api.partner.documents.$get(undefined, within()));
export const saveDriverDocuments = (id: number, json: DriverDocumentsBody) => fetchData(driver.documents.$put({ param: at(id), json }, within()));
export const saveVehicleDocuments = (id: number, json: VehicleDocumentsBody) => fetchData(vehicle.documents.$put({ param: at(id), json }, within()));

/** POST /api/partner/{drivers|vehicles}/{id}/photo (multipart, read by the route itself): the driver or vehicle with its new photo. */
async function uploadPhoto<T>(call: (init: { init: RequestInit }) => Promise<Response>, file: File): Promise<T> {
  const form = new FormData();
  form.append('file', file);
  const result = (await typedCall(call({ init: { body: form, signal: AbortSignal.timeout(60_000) } }) as never)) as ApiResult<{ data: T }>;
  if (!result.ok) throw new ApiRequestError(result.error);
  return result.data.data;
}

export const uploadDriverPhoto = (id: number, file: File) =>
  uploadPhoto<DriversData['drivers'][number]>((options) => driver.photo.$post({ param: at(id) }, options), file);
export const uploadVehiclePhoto = (id: number, file: File) =>
  uploadPhoto<VehiclesData['vehicles'][number]>((options) => vehicle.photo.$post({ param: at(id) }, options), file);
export const removeDriverPhoto = (id: number) => fetchData(driver.photo.$delete({ param: at(id) }, within()));
export const removeVehiclePhoto = (id: number) => fetchData(vehicle.photo.$delete({ param: at(id) }, within()));
