import 'server-only';
import { cache } from 'react';
import { notFound, permanentRedirect } from 'next/navigation';
import { getDb } from '@/lib/db/client';
import { getPathname } from '@/lib/i18n/locale-href';
import { normalisePlaceName } from '@/lib/places/normalise';
import type { Tenant } from '@/lib/tenancy/queries';
import { decodeSegment } from '../place-lookup';
import { SEO_PATHS } from '../paths';
import type { AirportEntry, Catalogue, CataloguePlace } from './catalogue';
import { operatorCatalogue } from './operator-catalogue';
import { airportModel, localityModel, transferModel } from './page-models';
import { placeModel, routeModel } from './place-models';

/** The operator's catalogue, once per render. */
export const catalogueOf = cache(async (businessId: number) => operatorCatalogue(await getDb(), businessId));

export type Resolved<T> = { kind: 'found'; value: T } | { kind: 'redirect'; value: T } | { kind: 'missing' };

/**
 * A path segment among a page kind's places: its slug as written (found), or written otherwise (mixed case,
 * accents, a native-script name: redirect to the slug), else missing.
 */
export function resolvePlace<T extends { slug: string; names?: readonly string[] }>(raw: string, candidates: readonly T[]): Resolved<T> {
  const text = decodeSegment(raw);
  const slug = normalisePlaceName(text);
  if (!slug || slug.length > 200) return { kind: 'missing' };
  const found = candidates.find((c) => c.slug === slug) ?? candidates.find((c) => c.names?.some((name) => normalisePlaceName(name) === slug));
  if (!found) return { kind: 'missing' };
  return found.slug === text ? { kind: 'found', value: found } : { kind: 'redirect', value: found };
}

function settle<T>(resolved: Resolved<T>, locale: string, hrefOf: (value: T) => string): T {
  if (resolved.kind === 'missing') notFound();
  if (resolved.kind === 'redirect') permanentRedirect(getPathname({ href: hrefOf(resolved.value), locale }));
  return resolved.value;
}

export function findAirport(catalogue: Catalogue, raw: string): Resolved<AirportEntry> {
  return resolvePlace(raw, catalogue.airports);
}

/** /airport/{code}: the airport, or 404, or a redirect to its canonical code. */
export async function requireAirport(tenant: Pick<Tenant, 'id'>, locale: string, raw: string): Promise<AirportEntry> {
  return settle(findAirport(await catalogueOf(tenant.id), raw), locale, (airport) => SEO_PATHS.airport(airport.code));
}

/** /airport/{code}/{place}: the pair, also written the wrong way round (/airport/{place}/{code}), or 404. */
export async function requireTransfer(tenant: Pick<Tenant, 'id'>, locale: string, rawCode: string, rawPlace: string) {
  const catalogue = await catalogueOf(tenant.id);
  const hrefOf = ({ airport, destination }: { airport: AirportEntry; destination: CataloguePlace }) => SEO_PATHS.transfer(airport.code, destination.slug);
  const airport = findAirport(catalogue, rawCode);
  if (airport.kind !== 'missing') {
    const destination = resolvePlace(rawPlace, airport.value.destinations);
    if (destination.kind === 'missing') notFound();
    const pair = { airport: airport.value, destination: destination.value };
    return settle(
      airport.kind === 'found' && destination.kind === 'found' ? { kind: 'found', value: pair } : { kind: 'redirect', value: pair },
      locale,
      hrefOf,
    );
  }
  const swapped = findAirport(catalogue, rawPlace);
  const destination = swapped.kind === 'missing' ? swapped : resolvePlace(rawCode, swapped.value.destinations);
  if (swapped.kind === 'missing' || destination.kind === 'missing') notFound();
  return settle({ kind: 'redirect', value: { airport: swapped.value, destination: destination.value } }, locale, hrefOf);
}

type Operator = Pick<Tenant, 'id' | 'currency' | 'timeZone'>;

/** Page models once per render (metadata and the page read the same). */
export const airportPage = cache(async (operator: Operator, code: string) => {
  const catalogue = await catalogueOf(operator.id);
  const airport = catalogue.airports.find((a) => a.code === code);
  return airport && airportModel(await getDb(), operator, catalogue, airport);
});

export const transferPage = cache(async (operator: Operator, code: string, slug: string) => {
  const catalogue = await catalogueOf(operator.id);
  const airport = catalogue.airports.find((a) => a.code === code);
  const destination = airport?.destinations.find((d) => d.slug === slug);
  return airport && destination && transferModel(await getDb(), operator, catalogue, airport, destination);
});

export const localityPage = cache(async (operator: Operator, citySlug: string, slug: string) => {
  const catalogue = await catalogueOf(operator.id);
  const locality = catalogue.localities.get(citySlug)?.find((l) => l.slug === slug);
  return locality && localityModel(await getDb(), operator, catalogue, citySlug, locality);
});

export const placePage = cache(async (operator: Operator, slug: string) => placeModel(await getDb(), operator, await catalogueOf(operator.id), slug));

export const routePage = cache(async (operator: Operator, from: string, to: string) =>
  routeModel(await getDb(), operator, await catalogueOf(operator.id), from, to),
);
