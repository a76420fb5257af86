import { COUNTRIES, DEFAULT_COUNTRY, languagesForCountry, type CountryCode } from '@/lib/i18n/markets';

/** The languages a tenant's site offers: its chosen ones that its market lists (market order), else every one of the market. */
export function offeredLanguages(tenant: { countryCode: string; languages?: readonly string[] | null }): string[] {
  const country = (Object.prototype.hasOwnProperty.call(COUNTRIES, tenant.countryCode) ? tenant.countryCode : DEFAULT_COUNTRY) as CountryCode;
  const listed = languagesForCountry(country);
  const chosen = listed.filter((lang) => tenant.languages?.includes(lang));
  return chosen.length ? chosen : [...listed];
}
