import { api, typedCall, within, type ApiBody, type ApiDataOf, type ApiResult } from '@/lib/api/typed-client';
import { ApiRequestError, fetchData } from '@/components/data/fetch-data';

/** The settings screen's reads and writes, typed by the route modules (lib/api/routes/settings). */

export type SettingsData = ApiDataOf<typeof api.settings.$get>;
export type ProfileBody = ApiBody<typeof api.settings.profile.$put>;
export type CitiesBody = ApiBody<typeof api.settings.cities.$put>;
export type MarketBody = ApiBody<typeof api.settings.market.$put>;

export const fetchSettings = () => fetchData(api.settings.$get(undefined, within()));
export const fetchChecklist = () => fetchData(api.settings.checklist.$get(undefined, within()));
export const searchCities = (q: string) => fetchData(api.settings.cities.search.$get({ query: { q } }, within()));
export const saveProfile = (json: ProfileBody) => fetchData(api.settings.profile.$put({ json }, within()));
export const saveColour = (colour: string) => fetchData(api.settings.colour.$put({ json: { colour } }, within()));
export const saveCities = (json: CitiesBody) => fetchData(api.settings.cities.$put({ json }, within()));
export const saveMarket = (json: MarketBody) => fetchData(api.settings.market.$put({ json }, within()));
export const removeLogo = () => fetchData(api.settings.logo.$delete(undefined, within()));

/** POST /api/settings/logo (multipart, read by the route itself): the settings with the new logo. */
export async function uploadLogo(file: File): Promise<SettingsData> {
  const form = new FormData();
  form.append('file', file);
  const result: ApiResult<{ data: SettingsData }> = await typedCall(
    api.settings.logo.$post(undefined, { init: { body: form, signal: AbortSignal.timeout(60_000) } }),
  );
  if (!result.ok) throw new ApiRequestError(result.error);
  return result.data.data;
}
