import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { formatDuration, formatKm, formatMoney } from '@/lib/i18n/format';
import type { Market } from '@/lib/i18n/markets';
import type { ShareKind } from '@/lib/settings/share-path';
import type { Tenant } from '@/lib/tenancy/queries';
import { canonicalMarket, pageAlternates, pageUrl } from './alternates';
import { lowestTotal, routeFareTable } from './fares';
import { breadcrumbTrail, jsonLdGraph, taxiService, type JsonLdDocument, type ServedPlace } from './json-ld';
import { pageMetadata } from './metadata';
import { siteOrigin } from './origin';
import { SEO_PATHS } from './paths';
import { PLACE_VIEWS, type PlaceView } from './place-views';
import { fareCards, servicePlaces, type ServicePlace, type ServiceRoute } from './site-data';

export type Crumb = { name: string; href: string };

/** What a page says about itself: its path, title, description, breadcrumbs and the places it serves. */
export type SeoPage = {
  href: string;
  title: string;
  description: string;
  crumbs: Crumb[];
  serviceType?: string;
  /** Places the page is about; every place of the operator when absent. */
  areaServed?: ServedPlace[];
  /** Its share image's kind. */
  shareKind: ShareKind;
};

async function baseCrumbs(locale: string): Promise<Crumb[]> {
  const t = await getTranslations({ locale, namespace: 'Breadcrumbs' });
  return [
    { name: t('home'), href: SEO_PATHS.home() },
    { name: t('places'), href: SEO_PATHS.places() },
  ];
}

export async function homeSeo(tenant: Tenant, locale: string): Promise<SeoPage> {
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  const tb = await getTranslations({ locale, namespace: 'Breadcrumbs' });
  return {
    href: SEO_PATHS.home(),
    title: t('homeTitle'),
    description: t('description', { businessName: tenant.name }),
    crumbs: [{ name: tb('home'), href: SEO_PATHS.home() }],
    shareKind: 'home',
  };
}

export async function placesSeo(tenant: Tenant, locale: string): Promise<SeoPage> {
  const t = await getTranslations({ locale, namespace: 'Seo' });
  return {
    href: SEO_PATHS.places(),
    title: t('placesTitle'),
    description: t('placesDescription', { businessName: tenant.name }),
    crumbs: await baseCrumbs(locale),
    shareKind: 'places',
  };
}

export async function placeSeo(tenant: Tenant, locale: string, place: ServicePlace, view: PlaceView): Promise<SeoPage> {
  const t = await getTranslations({ locale, namespace: 'Seo' });
  const tp = await getTranslations({ locale, namespace: 'Place' });
  const names = { placeName: place.name, businessName: tenant.name };
  const href = PLACE_VIEWS[view].href(place.slug);
  const crumbs = [...(await baseCrumbs(locale)), { name: place.name, href: SEO_PATHS.place(place.slug) }];
  if (view !== 'place') crumbs.push({ name: tp(`crumb.${view}`), href });
  return {
    href,
    title: t(`title.${view}`, names),
    description: t(`description.${view}`, names),
    crumbs,
    serviceType: tp(`crumb.${view}`),
    areaServed: [place],
    shareKind: 'place',
  };
}

export async function routeSeo(tenant: Tenant, locale: string, route: ServiceRoute): Promise<SeoPage> {
  const t = await getTranslations({ locale, namespace: 'Seo' });
  const tr = await getTranslations({ locale, namespace: 'RoutePage' });
  const cards = await fareCards(tenant.id, tenant.currency);
  const from = lowestTotal(routeFareTable(cards, route));
  const names = { fromName: route.from.name, toName: route.to.name, businessName: tenant.name };
  const href = SEO_PATHS.route(route.from.slug, route.to.slug);
  const facts = { distance: formatKm(route.distanceM, locale), duration: formatDuration(route.durationS, locale) };
  return {
    href,
    title: t('routeTitle', names),
    description:
      from === undefined
        ? t('routeDescriptionNoFare', { ...names, ...facts })
        : t('routeDescription', { ...names, ...facts, fare: formatMoney(from, tenant.currency, locale) }),
    crumbs: [...(await baseCrumbs(locale)), { name: route.from.name, href: SEO_PATHS.place(route.from.slug) }, { name: tr('heading', names), href }],
    serviceType: tr('serviceType'),
    areaServed: [route.from, route.to],
    shareKind: 'route',
  };
}

/** Next metadata of an SEO page: title, description, canonical, hreflang, Open Graph, Twitter. */
export function seoMetadata(tenant: Tenant, market: Market, page: SeoPage): Metadata {
  return pageMetadata({ tenant, market, href: page.href, title: page.title, description: page.description, shareKind: page.shareKind });
}

/** JSON-LD of an SEO page: the TaxiService (the operator as LocalBusiness provider) and the BreadcrumbList. */
export async function seoJsonLd(tenant: Tenant, market: Market, page: SeoPage): Promise<JsonLdDocument> {
  const origin = siteOrigin(tenant);
  const home = canonicalMarket(tenant, market);
  const places = await servicePlaces(tenant.id);
  const url = pageAlternates(tenant, market, page.href).canonical;
  return jsonLdGraph(
    taxiService({
      tenant,
      origin,
      places,
      name: `${page.title} | ${tenant.name}`,
      description: page.description,
      url,
      areaServed: page.areaServed,
      serviceType: page.serviceType,
    }),
    ...breadcrumbTrail(page.crumbs.map((crumb) => ({ name: crumb.name, url: pageUrl(origin, home, crumb.href) }))),
  );
}
