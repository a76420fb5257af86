import { DEFAULT_COUNTRY, isCountryCode, localizedPath, resolveLanguage, toLocaleTag, type CountryCode, type Market } from '@/lib/i18n/markets';
import { offeredLanguages } from '@/lib/settings/languages';
import type { Tenant } from '@/lib/tenancy/queries';
import { siteOrigin, type OriginConfig } from './origin';

export type SeoTenant = Pick<Tenant, 'slug' | 'domain' | 'countryCode' | 'language'> & Partial<Pick<Tenant, 'languages'>>;

/** hreflang of the unprefixed URL, which redirects by cookie and Accept-Language. */
export const X_DEFAULT = 'x-default';

export type Alternates = {
  canonical: string;
  /** hreflang (BCP-47 tag or x-default) -> absolute URL. */
  languages: Record<string, string>;
};

export type AlternateOptions = {
  /** Keep only these languages of the market (e.g. a post written in one language). */
  languages?: readonly string[];
  config?: OriginConfig;
};

function tenantCountry(tenant: SeoTenant): CountryCode {
  return isCountryCode(tenant.countryCode) ? tenant.countryCode : DEFAULT_COUNTRY;
}

/** The markets a tenant's pages are indexed in: every language of its country its site offers (market table order). */
export function tenantMarkets(tenant: SeoTenant, only?: readonly string[]): Market[] {
  const country = tenantCountry(tenant);
  const listed = offeredLanguages(tenant).filter((lang) => !only || only.includes(lang));
  const langs = listed.length ? listed : [resolveLanguage(country, tenant.language)];
  return langs.map((lang) => ({ country, lang }));
}

/**
 * The market a page's canonical URL lives in: the page's own market when it is
 * one of the tenant's, else the tenant's market in the same language, else in
 * the tenant's own language. Pages served under a foreign prefix consolidate there.
 */
export function canonicalMarket(tenant: SeoTenant, market: Market, only?: readonly string[]): Market {
  const markets = tenantMarkets(tenant, only);
  const same = markets.find((m) => m.country === market.country && m.lang === market.lang);
  if (same) return same;
  return markets.find((m) => m.lang === market.lang) ?? markets.find((m) => m.lang === tenant.language) ?? markets[0];
}

/** Absolute URL of an app path in a market on an origin. */
export function pageUrl(origin: string, market: Market, href: string): string {
  return `${origin}${localizedPath(market, href)}`;
}

/** Absolute unprefixed URL (the x-default alternate). */
export function defaultUrl(origin: string, href: string): string {
  return `${origin}${href === '' ? '/' : href}`;
}

/** The hreflang cluster of an app path: one URL per tenant market plus x-default. */
export function alternateLanguages(origin: string, markets: readonly Market[], href: string): Record<string, string> {
  const languages: Record<string, string> = {};
  for (const market of markets) languages[toLocaleTag(market)] = pageUrl(origin, market, href);
  // a page in one language only (a blog post) has no other version to choose from: x-default is that page, since the
  // unprefixed URL would negotiate a language the page is not written in (a 404)
  languages[X_DEFAULT] = markets.length === 1 ? pageUrl(origin, markets[0], href) : defaultUrl(origin, href);
  return languages;
}

/** Canonical URL and hreflang cluster of an app path as served in `market`, on the tenant's origin. */
export function pageAlternates(tenant: SeoTenant, market: Market, href: string, options: AlternateOptions = {}): Alternates {
  const origin = siteOrigin(tenant, options.config);
  const markets = tenantMarkets(tenant, options.languages);
  return {
    canonical: pageUrl(origin, canonicalMarket(tenant, market, options.languages), href),
    languages: alternateLanguages(origin, markets, href),
  };
}
