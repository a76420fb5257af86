import 'server-only';
import { cache } from 'react';
import { notFound, permanentRedirect } from 'next/navigation';
import { getDb } from '@/lib/db/client';
import type { ServiceArea } from '@/lib/db/schema';
import { getPathname } from '@/lib/i18n/locale-href';
import { listServiceAreas, type Tenant } from '@/lib/tenancy/queries';
import { approvedReviews, businessRating } from '@/lib/ratings/ratings';
import { lookupSlug } from './place-lookup';
import { findRoute, popularRoutes, type PopularRoute } from './routes';

export type ServicePlace = ServiceArea;
export type ServiceRoute = PopularRoute<ServicePlace>;

/** The operator's service cities (its place pages), once per render. */
export const servicePlaces = cache((businessId: number) => listServiceAreas(businessId));

/** The operator's popular routes, once per render. */
export const serviceRoutes = cache(async (businessId: number): Promise<ServiceRoute[]> => popularRoutes(await servicePlaces(businessId)));

/** Riders' real average and count for the operator's pages, once per render. */
export const siteRating = cache(async (businessId: number) => businessRating(await getDb(), businessId));

/** Comments the operator approved, once per render. */
export const siteReviews = cache(async (businessId: number) => approvedReviews(await getDb(), businessId));

/**
 * A place-like segment (docs/requirements/crawler.md#place-names-in-urls): 404 when unknown, 308 to the
 * normalised spelling when written oddly, else the value found.
 */
function resolveSegment<T>(locale: string, raw: string, find: (slug: string) => T | undefined, hrefFor: (value: T) => string): T {
  const lookup = lookupSlug(raw, find);
  if (lookup.kind === 'missing') notFound();
  if (lookup.kind === 'redirect') permanentRedirect(getPathname({ href: hrefFor(lookup.value), locale }));
  return lookup.value;
}

/** The service place of a path segment. */
export async function requirePlace(tenant: Pick<Tenant, 'id'>, locale: string, raw: string, hrefFor: (slug: string) => string): Promise<ServicePlace> {
  const places = await servicePlaces(tenant.id);
  return resolveSegment(
    locale,
    raw,
    (slug) => places.find((place) => place.slug === slug),
    (place) => hrefFor(place.slug),
  );
}

export type TaxiTarget = { kind: 'place'; place: ServicePlace } | { kind: 'route'; route: ServiceRoute };

/** taxi/{segment}: a service place, or a popular route "{from}-to-{to}". */
export async function requireTaxiTarget(tenant: Pick<Tenant, 'id'>, locale: string, raw: string, hrefFor: (target: TaxiTarget) => string): Promise<TaxiTarget> {
  const places = await servicePlaces(tenant.id);
  const routes = await serviceRoutes(tenant.id);
  const find = (slug: string): TaxiTarget | undefined => {
    const place = places.find((p) => p.slug === slug);
    if (place) return { kind: 'place', place };
    const route = findRoute(routes, slug);
    return route ? { kind: 'route', route } : undefined;
  };
  return resolveSegment(locale, raw, find, hrefFor);
}
