'use client';

import { api, typedCall, within, type ApiBody, type ApiDataOf, type ApiResult } from '@/lib/api/typed-client';
import { fetchData } from '@/components/data/fetch-data';

export type AirportsData = ApiDataOf<typeof api.partner.airports.$get>;
export type AirportRow = AirportsData['airports'][number];

export const fetchAirports = () => fetchData(api.partner.airports.$get(undefined, within()));

export const saveWaitingRules = (input: ApiBody<(typeof api.partner)['waiting-rules']['$put']>) =>
  fetchData(api.partner['waiting-rules'].$put({ json: input }, within()));

export const saveMeetingPoint = (code: string, input: ApiBody<(typeof api.partner.airports)[':code']['$put']>) =>
  fetchData(api.partner.airports[':code'].$put({ param: { code }, json: input }, within()));

export const clearMeetingPoint = (code: string) => fetchData(api.partner.airports[':code'].$delete({ param: { code } }, within()));

/** POST /api/partner/airport-photos (multipart, read by the route itself): the stored photo's paths. */
export async function uploadMeetingPhoto(file: File): Promise<ApiResult<ApiDataOf<(typeof api.partner)['airport-photos']['$post']>>> {
  const form = new FormData();
  form.append('file', file);
  const result = await typedCall(api.partner['airport-photos'].$post(undefined, { init: { body: form, signal: AbortSignal.timeout(60_000) } }));
  if (!result.ok) return result;
  return { ok: true, data: result.data.data };
}
