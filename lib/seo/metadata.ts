import type { Metadata } from 'next';
import { toLocaleTag, type Market } from '@/lib/i18n/markets';
import type { Tenant } from '@/lib/tenancy/queries';
import { SHARE_HEIGHT, SHARE_WIDTH, shareImagePath, type ShareKind } from '@/lib/settings/share-path';
import { canonicalMarket, pageAlternates, tenantMarkets } from './alternates';
import { absoluteUrl, siteOrigin } from './origin';

type MetadataLanguages = NonNullable<NonNullable<Metadata['alternates']>['languages']>;

export type PageSeo = {
  tenant: Pick<Tenant, 'slug' | 'domain' | 'countryCode' | 'language' | 'languages' | 'name' | 'logoUrl' | 'brandColor' | 'settingsUpdatedAt'>;
  market: Market;
  /** App path without the market prefix, e.g. "/place/chennai". */
  href: string;
  title: string;
  description: string;
  /** Restrict the hreflang cluster to these languages (content written in one language). */
  languages?: readonly string[];
  type?: 'website' | 'article';
  /** Which share image the page gets (one per operator and page kind). */
  shareKind?: ShareKind;
};

/** The absolute URL and size of a page's raster share image (Open Graph and Twitter, 1200x630 PNG). */
export function shareImage(tenant: PageSeo['tenant'], kind: ShareKind, lang: string, alt: string) {
  return { url: absoluteUrl(siteOrigin(tenant), shareImagePath(tenant, kind, lang)), width: SHARE_WIDTH, height: SHARE_HEIGHT, type: 'image/png', alt };
}

/** "en-IN" -> "en_IN" (Open Graph locale form). */
const ogLocale = (tag: string) => tag.replace('-', '_');

/**
 * Title, description, one absolute self-referencing canonical, the hreflang
 * cluster with x-default, Open Graph and Twitter tags for a tenant's page.
 * The layout's template appends the operator's name to `title`.
 */
export function pageMetadata(seo: PageSeo): Metadata {
  const { canonical, languages } = pageAlternates(seo.tenant, seo.market, seo.href, { languages: seo.languages });
  const own = toLocaleTag(canonicalMarket(seo.tenant, seo.market, seo.languages));
  const others = tenantMarkets(seo.tenant, seo.languages)
    .map(toLocaleTag)
    .filter((tag) => tag !== own);
  const fullTitle = `${seo.title} | ${seo.tenant.name}`;
  const image = shareImage(seo.tenant, seo.shareKind ?? 'page', seo.market.lang, seo.tenant.name);
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
      images: [image],
    },
    twitter: {
      card: 'summary_large_image',
      title: fullTitle,
      description: seo.description,
      images: [{ url: image.url, alt: image.alt }],
    },
    manifest: '/manifest.webmanifest',
  };
}
