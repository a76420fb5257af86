import { env } from '@/lib/env';
import type { Business } from '@/lib/db/schema';
import { fromLocaleTag, type CountryCode, type Market } from '@/lib/i18n/markets';

export function requestScheme(req: Request): 'http' | 'https' {
  if (env().TRUST_PROXY > 0 && req.headers.get('x-forwarded-proto') === 'https') return 'https';
  return new URL(req.url).protocol === 'https:' ? 'https' : 'http';
}

/** The market a request speaks for: an explicit locale tag, else the tenant's own. */
export function requestMarket(locale: string | undefined, tenant: Pick<Business, 'countryCode' | 'language'>): Market {
  return (locale && fromLocaleTag(locale)) || { country: tenant.countryCode as CountryCode, lang: tenant.language };
}
