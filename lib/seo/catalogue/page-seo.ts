import 'server-only';
import { getTranslations } from 'next-intl/server';
import { formatDuration, formatMoney } from '@/lib/i18n/format';
import type { Market } from '@/lib/i18n/markets';
import type { Tenant } from '@/lib/tenancy/queries';
import { airportNode, type PriceOffer } from '../json-ld';
import { baseCrumbs, type SeoPage } from '../page-seo';
import { SEO_PATHS } from '../paths';
import { airportName, distanceText, placeName } from './display';
import type { AirportModel, LocalityModel, TransferModel } from './page-models';
import { fromTotal, type TripFares } from './trip-fares';

/* Titles, descriptions, breadcrumbs and structured data of the airport, transfer and locality pages. */

type Names = { tenant: Tenant; market: Market; locale: string };

async function translators(locale: string) {
  return {
    ta: await getTranslations({ locale, namespace: 'Airports' }),
    tf: await getTranslations({ locale, namespace: 'PageFares' }),
    tv: await getTranslations({ locale, namespace: 'VehicleTypes' }),
  };
}

function offers(fares: TripFares, trip: string, currency: string, vehicle: (type: TripFares['day'][number]['vehicleType']) => string): PriceOffer[] {
  return fares.day.map((line) => ({ name: `${vehicle(line.vehicleType)}, ${trip}`, price: line.total, currency }));
}

export async function airportSeo({ tenant, market, locale }: Names, model: AirportModel): Promise<SeoPage> {
  const t = await getTranslations({ locale, namespace: 'AirportPage' });
  const { ta, tf, tv } = await translators(locale);
  const airport = airportName(model.airport, market.lang, ta);
  const city = placeName(model.city, market.lang);
  const href = SEO_PATHS.airport(model.airport.code);
  const count = model.destinations.length;
  return {
    href,
    title: t('title', { airport, city, count }),
    description: t('description', {
      airport,
      city,
      count,
      distance: distanceText(model.pickup, locale, tf),
      duration: formatDuration(model.pickup.durationS, locale),
      fare: formatMoney(fromTotal(model.pickup), tenant.currency, locale),
      businessName: tenant.name,
    }),
    crumbs: [...(await baseCrumbs(locale)), { name: city, href: SEO_PATHS.place(model.city.slug) }, { name: airport, href }],
    serviceType: ta('service'),
    areaServed: [{ name: model.city.name, region: model.city.region ?? null }],
    shareKind: 'place',
    offers: offers(model.pickup, tf('oneWay', { from: airport, to: city }), tenant.currency, tv),
    about: [airportNode({ name: model.airport.name, code: model.airport.code, lat: model.airport.lat, lng: model.airport.lng })],
  };
}

export async function transferSeo({ tenant, market, locale }: Names, model: TransferModel): Promise<SeoPage> {
  const t = await getTranslations({ locale, namespace: 'TransferPage' });
  const { ta, tf, tv } = await translators(locale);
  const airport = airportName(model.airport, market.lang, ta);
  const place = placeName(model.destination, market.lang);
  const href = SEO_PATHS.transfer(model.airport.code, model.destination.slug);
  const fare = formatMoney(fromTotal(model.there), tenant.currency, locale);
  return {
    href,
    title: t('title', { airport, place, fare }),
    description: t('description', {
      airport,
      place,
      fare,
      distance: distanceText(model.there, locale, tf),
      duration: formatDuration(model.there.durationS, locale),
      businessName: tenant.name,
    }),
    crumbs: [
      ...(await baseCrumbs(locale)),
      { name: placeName(model.city, market.lang), href: SEO_PATHS.place(model.city.slug) },
      { name: airport, href: SEO_PATHS.airport(model.airport.code) },
      { name: place, href },
    ],
    serviceType: ta('service'),
    areaServed: [
      { name: model.city.name, region: model.city.region ?? null },
      { name: model.destination.name, region: model.destination.region ?? null },
    ],
    shareKind: 'route',
    offers: offers(model.there, tf('oneWay', { from: airport, to: place }), tenant.currency, tv),
    about: [airportNode({ name: model.airport.name, code: model.airport.code, lat: model.airport.lat, lng: model.airport.lng })],
  };
}

export async function localitySeo({ tenant, market, locale }: Names, model: LocalityModel): Promise<SeoPage> {
  const t = await getTranslations({ locale, namespace: 'LocalityPage' });
  const { ta, tf, tv } = await translators(locale);
  const locality = placeName(model.locality, market.lang);
  const city = placeName(model.city, market.lang);
  const href = SEO_PATHS.locality(model.city.slug, model.locality.slug);
  const [first] = model.targets;
  const target = first.role === 'airport' ? airportName(first.place, market.lang, ta) : placeName(first.place, market.lang);
  return {
    href,
    title: t('title', { locality, city }),
    description: t('description', {
      locality,
      city,
      target,
      distance: distanceText(first.fares, locale, tf),
      fare: formatMoney(fromTotal(first.fares), tenant.currency, locale),
      count: model.targets.length,
      businessName: tenant.name,
    }),
    crumbs: [...(await baseCrumbs(locale)), { name: city, href: SEO_PATHS.place(model.city.slug) }, { name: locality, href }],
    serviceType: ta('service'),
    areaServed: [{ name: model.locality.name, region: model.locality.region ?? null }],
    shareKind: 'place',
    offers: offers(first.fares, tf('oneWay', { from: locality, to: target }), tenant.currency, tv),
  };
}
