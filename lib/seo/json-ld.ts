import { COUNTRIES, DEFAULT_COUNTRY, isCountryCode } from '@/lib/i18n/markets';
import { formatPhone } from '@/lib/tenancy/contact';
import type { Tenant } from '@/lib/tenancy/queries';
import { absoluteUrl } from './origin';

export type JsonLdNode = { '@type': string; [key: string]: unknown };
export type JsonLdDocument = { '@context': 'https://schema.org'; '@graph': JsonLdNode[] };

export type ServedPlace = { name: string; region: string | null; lat?: number; lng?: number };
export type Crumb = { name: string; url: string };

const SCHEMA = 'https://schema.org' as const;

/** JSON for a <script type="application/ld+json">: nothing in it can close the script or start markup. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function city(place: ServedPlace): JsonLdNode {
  return { '@type': 'City', name: place.name, ...(place.region ? { containedInPlace: { '@type': 'AdministrativeArea', name: place.region } } : {}) };
}

type BusinessInput = {
  tenant: Pick<Tenant, 'name' | 'email' | 'phoneCode' | 'phone' | 'countryCode' | 'logoUrl'>;
  origin: string;
  /** The operator's cities; the first is its main city. */
  places: readonly ServedPlace[];
};

/**
 * The operator as a LocalBusiness: name, address (main city, region, country), its coordinates, telephone and
 * areaServed. Never an AggregateRating: ratings a business shows about itself are self-serving to Google.
 */
export function localBusiness({ tenant, origin, places }: BusinessInput): JsonLdNode {
  const phone = formatPhone(tenant);
  const main = places[0];
  const country = COUNTRIES[isCountryCode(tenant.countryCode) ? tenant.countryCode : DEFAULT_COUNTRY].region;
  return {
    '@type': 'LocalBusiness',
    '@id': `${origin}/#business`,
    name: tenant.name,
    url: `${origin}/`,
    ...(phone ? { telephone: phone.e164 } : {}),
    ...(tenant.email ? { email: tenant.email } : {}),
    ...(tenant.logoUrl ? { logo: absoluteUrl(origin, tenant.logoUrl), image: absoluteUrl(origin, tenant.logoUrl) } : {}),
    address: {
      '@type': 'PostalAddress',
      ...(main ? { addressLocality: main.name } : {}),
      ...(main?.region ? { addressRegion: main.region } : {}),
      addressCountry: country,
    },
    ...(main && Number.isFinite(main.lat) && Number.isFinite(main.lng) ? { geo: { '@type': 'GeoCoordinates', latitude: main.lat, longitude: main.lng } } : {}),
    areaServed: places.map(city),
  };
}

/** A price a page shows for one vehicle on one trip. */
export type PriceOffer = { name: string; price: number; currency: string };

type ServiceInput = BusinessInput & {
  name: string;
  description: string;
  url: string;
  /** Places this page is about (defaults to every place of the operator). */
  areaServed?: readonly ServedPlace[];
  serviceType?: string;
  /** Fares the page shows (minor units), as Offers. */
  offers?: readonly PriceOffer[];
};

/** A TaxiService offered by the operator (as provider), for the places of the page. */
export function taxiService(input: ServiceInput): JsonLdNode {
  const area = input.areaServed ?? input.places;
  return {
    '@type': 'TaxiService',
    '@id': `${input.url}#service`,
    name: input.name,
    description: input.description,
    url: input.url,
    ...(input.serviceType ? { serviceType: input.serviceType } : {}),
    provider: localBusiness(input),
    areaServed: area.map(city),
    ...(input.offers?.length
      ? {
          offers: input.offers.map((offer) => ({
            '@type': 'Offer',
            name: offer.name,
            price: (offer.price / 100).toFixed(2),
            priceCurrency: offer.currency,
          })),
        }
      : {}),
  };
}

/** An airport the page is about: its name, IATA code and position. */
export function airportNode(airport: { name: string; code: string; lat: number; lng: number }): JsonLdNode {
  return { '@type': 'Airport', name: airport.name, iataCode: airport.code, geo: { '@type': 'GeoCoordinates', latitude: airport.lat, longitude: airport.lng } };
}

export function breadcrumbList(crumbs: readonly Crumb[]): JsonLdNode {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: crumb.url })),
  };
}

/** The BreadcrumbList of a trail, or nothing for a trail of one (the home page): a list needs two items. */
export function breadcrumbTrail(crumbs: readonly Crumb[]): JsonLdNode[] {
  return crumbs.length > 1 ? [breadcrumbList(crumbs)] : [];
}

export function jsonLdGraph(...nodes: JsonLdNode[]): JsonLdDocument {
  return { '@context': SCHEMA, '@graph': nodes };
}
