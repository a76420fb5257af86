import { endpoint } from '@/lib/api/endpoint';
import { COUNTRIES, isCountryCode } from '@/lib/i18n/markets';
import { PARTNER_ROLES } from '@/lib/partner/schemas';
import { loadGazetteer, searchCities } from '@/lib/places/gazetteer';
import { citySearchSchema } from '@/lib/settings/schemas';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** Gazetteer cities for the settings screen's city search, the operator's country first. */
export const GET = endpoint({ auth: PARTNER_ROLES, query: citySearchSchema }, async ({ tenant, query }) => {
  await loadGazetteer();
  const country = isCountryCode(tenant.countryCode) ? COUNTRIES[tenant.countryCode].region : undefined;
  const cities = searchCities(query.q, { country, limit: 8 }).map((city) => ({
    gazetteerId: city.id,
    name: city.name,
    country: city.country,
    countryName: regionNames.of(city.country) ?? city.country,
    lat: city.lat,
    lng: city.lng,
  }));
  return { success: true, data: cities };
});
