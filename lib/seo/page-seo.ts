import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { formatDuration, formatMoney } from '@/lib/i18n/format';
import type { Market } from '@/lib/i18n/markets';
import type { ShareKind } from '@/lib/settings/share-path';
import type { Tenant } from '@/lib/tenancy/queries';
import { canonicalMarket, pageAlternates, pageUrl } from './alternates';
import { distanceText } from './catalogue/display';
import { nameIn } from './catalogue/names';
import type { PlaceModel, RouteModel } from './catalogue/place-models';
import { fromTotal } from './catalogue/trip-fares';
import { breadcrumbTrail, jsonLdGraph, taxiService, type JsonLdDocument, type JsonLdNode, type PriceOffer, type ServedPlace } from './json-ld';
import { pageMetadata } from './metadata';
import { siteOrigin } from './origin';
import { SEO_PATHS } from './paths';
import { servicePlaces } from './site-data';

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
  /** Fares the page shows, as the TaxiService's Offers. */
  offers?: PriceOffer[];
  /** More nodes the page is about (an Airport). */
  about?: JsonLdNode[];
};

export async function baseCrumbs(locale: string): Promise<Crumb[]> {
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

export async function placeSeo(tenant: Tenant, market: Market, locale: string, model: PlaceModel): Promise<SeoPage> {
  const t = await getTranslations({ locale, namespace: 'Seo' });
  const tp = await getTranslations({ locale, namespace: 'Place' });
  const placeName = nameIn(model.city, market.lang);
  const href = SEO_PATHS.place(model.city.slug);
  return {
    href,
    title: t('title.place', { placeName, businessName: tenant.name }),
    description: t('description.place', {
      placeName,
      businessName: tenant.name,
      airports: model.airports.length,
      localities: model.localities.length,
      routes: model.routes.length,
    }),
    crumbs: [...(await baseCrumbs(locale)), { name: placeName, href }],
    serviceType: tp('crumb.place'),
    areaServed: [{ name: model.city.name, region: model.city.region ?? null, lat: model.city.lat, lng: model.city.lng }],
    shareKind: 'place',
  };
}

export async function routeSeo(tenant: Tenant, market: Market, locale: string, model: RouteModel): Promise<SeoPage> {
  const t = await getTranslations({ locale, namespace: 'Seo' });
  const tr = await getTranslations({ locale, namespace: 'RoutePage' });
  const tf = await getTranslations({ locale, namespace: 'PageFares' });
  const tv = await getTranslations({ locale, namespace: 'VehicleTypes' });
  const names = { fromName: nameIn(model.from, market.lang), toName: nameIn(model.to, market.lang), businessName: tenant.name };
  const href = SEO_PATHS.route(model.from.slug, model.to.slug);
  const facts = { distance: distanceText(model.oneWay, locale, tf), duration: formatDuration(model.oneWay.durationS, locale) };
  return {
    href,
    title: t('routeTitle', names),
    description: t('routeDescription', { ...names, ...facts, fare: formatMoney(fromTotal(model.oneWay), tenant.currency, locale) }),
    crumbs: [...(await baseCrumbs(locale)), { name: names.fromName, href: SEO_PATHS.place(model.from.slug) }, { name: tr('heading', names), href }],
    serviceType: tr('serviceType'),
    areaServed: [
      { name: model.from.name, region: model.from.region ?? null },
      { name: model.to.name, region: model.to.region ?? null },
    ],
    shareKind: 'route',
    offers: model.oneWay.day.map((line) => ({ name: `${tv(line.vehicleType)}, ${tr('heading', names)}`, price: line.total, currency: tenant.currency })),
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
      offers: page.offers,
    }),
    ...(page.about ?? []),
    ...breadcrumbTrail(page.crumbs.map((crumb) => ({ name: crumb.name, url: pageUrl(origin, home, crumb.href) }))),
  );
}
