import type { Metadata } from 'next';
import { toLocaleTag, type Market } from '@/lib/i18n/markets';
import type { Tenant } from '@/lib/tenancy/queries';
import { canonicalMarket, pageAlternates, tenantMarkets } from './alternates';
import { absoluteUrl, siteOrigin } from './origin';

type MetadataLanguages = NonNullable<NonNullable<Metadata['alternates']>['languages']>;

export type PageSeo = {
  tenant: Pick<Tenant, 'slug' | 'domain' | 'countryCode' | 'language' | 'name' | 'logoUrl' | 'bannerUrl'>;
  market: Market;
  /** App path without the market prefix, e.g. "/place/chennai". */
  href: string;
  title: string;
  description: string;
  /** Restrict the hreflang cluster to these languages (content written in one language). */
  languages?: readonly string[];
  type?: 'website' | 'article';
};

/** "en-IN" -> "en_IN" (Open Graph locale form). */
const ogLocale = (tag: string) => tag.replace('-', '_');

/**
 * Title, description, one absolute self-referencing canonical, the hreflang
 * cluster with x-default, Open Graph and Twitter tags for a tenant's page.
 * The layout's template appends the operator's name to `title`.
 */
export function pageMetadata(seo: PageSeo): Metadata {
  const { canonical, languages } = pageAlternates(seo.tenant, seo.market, seo.href, { languages: seo.languages });
  const origin = siteOrigin(seo.tenant);
  const own = toLocaleTag(canonicalMarket(seo.tenant, seo.market, seo.languages));
  const others = tenantMarkets(seo.tenant, seo.languages).map(toLocaleTag).filter((tag) => tag !== own);
  const fullTitle = `${seo.title} | ${seo.tenant.name}`;
  const picture = seo.tenant.bannerUrl ?? seo.tenant.logoUrl;
  const image = picture ? absoluteUrl(origin, picture) : undefined;
  return {
    title: seo.title,
    description: seo.description,
    alternates: { canonical, languages: languages as MetadataLanguages },
    openGraph: {
      type: seo.type ?? 'website',
      url: canonical,
      siteName: seo.tenant.name,
      title: fullTitle,
      description: seo.description,
      locale: ogLocale(own),
      alternateLocale: others.map(ogLocale),
      ...(image ? { images: [{ url: image, alt: seo.tenant.name }] } : {}),
    },
    twitter: {
      card: image ? 'summary_large_image' : 'summary',
      title: fullTitle,
      description: seo.description,
      ...(image ? { images: [image] } : {}),
    },
    manifest: '/manifest.webmanifest',
  };
}
