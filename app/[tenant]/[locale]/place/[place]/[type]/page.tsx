import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { LocalityDetails } from '@/components/seo/locality-details';
import { SeoPageShell } from '@/components/seo/seo-page';
import { getPathname } from '@/lib/i18n/locale-href';
import { catalogueOf, localityPage, resolvePlace } from '@/lib/seo/catalogue/page-data';
import { localitySeo } from '@/lib/seo/catalogue/page-seo';
import { seoMetadata } from '@/lib/seo/page-seo';
import { isPlaceTripType, SEO_PATHS } from '@/lib/seo/paths';
import { decodeSegment, lookupSlug } from '@/lib/seo/place-lookup';
import { servicePlaces } from '@/lib/seo/site-data';
import { pageContext } from '@/lib/tenancy/page-tenant';

type Params = Promise<{ tenant: string; locale: string; place: string; type: string }>;

export const revalidate = 300;
export const dynamicParams = true;

export function generateStaticParams(): { type: string }[] {
  return [];
}

/**
 * The trip-type pages a place had (local-taxi, airport-taxi, outstation-taxi, car-rental) said what its
 * place page says: they lead there for good, and airport-taxi to the city's airport page.
 */
async function tripTypeTarget(businessId: number, placeSlug: string, type: string): Promise<string> {
  if (type === 'airport-taxi') {
    const airport = (await catalogueOf(businessId)).airports.find((a) => a.city.slug === placeSlug);
    if (airport) return SEO_PATHS.airport(airport.code);
  }
  return SEO_PATHS.place(placeSlug);
}

async function load(params: Params) {
  const { tenant, market, locale } = await pageContext(params);
  const { place: raw, type } = await params;
  const places = await servicePlaces(tenant.id);
  const city = lookupSlug(raw, (slug) => places.find((place) => place.slug === slug));
  if (city.kind === 'missing') notFound();
  const tripType = decodeSegment(type).toLowerCase();
  if (isPlaceTripType(tripType)) permanentRedirect(getPathname({ href: await tripTypeTarget(tenant.id, city.value.slug, tripType), locale }));
  const locality = resolvePlace(type, (await catalogueOf(tenant.id)).localities.get(city.value.slug) ?? []);
  if (locality.kind === 'missing') notFound();
  // one hop to the canonical address, however many parts were written otherwise
  if (city.kind === 'redirect' || locality.kind === 'redirect')
    permanentRedirect(getPathname({ href: SEO_PATHS.locality(city.value.slug, locality.value.slug), locale }));
  const model = await localityPage(tenant, city.value.slug, locality.value.slug);
  if (!model) notFound();
  return { tenant, market, locale, model, seo: await localitySeo({ tenant, market, locale }, model) };
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { tenant, market, seo } = await load(params);
  return seoMetadata(tenant, market, seo);
}

/** /{country}/{lang}/place/{city}/{locality}: taxi fares from one locality of a city. */
export default async function LocalityPage({ params }: { params: Params }) {
  const { tenant, market, locale, model, seo } = await load(params);
  return (
    <SeoPageShell tenant={tenant} market={market} page={seo}>
      <LocalityDetails tenant={tenant} market={market} locale={locale} model={model} />
    </SeoPageShell>
  );
}
