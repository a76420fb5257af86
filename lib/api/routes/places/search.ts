import { endpoint } from '@/lib/api/endpoint';
import { COUNTRIES, isCountryCode } from '@/lib/i18n/markets';
import { placeSearchSchema } from '@/lib/places/schemas';
import { suggestPlaces } from '@/lib/places/search';

/** City suggestions for the booking form; the operator's country ranks first unless another is asked. */
export const GET = endpoint({ query: placeSearchSchema }, async ({ tenant, query }) => {
  const country = query.country ?? (isCountryCode(tenant.countryCode) ? COUNTRIES[tenant.countryCode].region : undefined);
  const data = await suggestPlaces(query.q, { country, language: query.lang });
  return { success: true, data };
});
