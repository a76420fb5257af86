import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PlaceDetails } from '@/components/seo/place-details';
import { SeoPageShell } from '@/components/seo/seo-page';
import { placeSeo, seoMetadata } from '@/lib/seo/page-seo';
import { isPlaceTripType, SEO_PATHS } from '@/lib/seo/paths';
import { TRIP_TYPE_VIEWS } from '@/lib/seo/place-views';
import { requirePlace } from '@/lib/seo/site-data';
import { pageContext } from '@/lib/tenancy/page-tenant';

type Params = Promise<{ tenant: string; locale: string; place: string; type: string }>;

export const revalidate = 300;
export const dynamicParams = true;

export function generateStaticParams(): { type: string }[] {
  return [];
}

async function load(params: Params) {
  const { tenant, market, locale } = await pageContext(params);
  const { place: raw, type } = await params;
  if (!isPlaceTripType(type)) notFound();
  const place = await requirePlace(tenant, locale, raw, (slug) => SEO_PATHS.placeType(slug, type));
  const view = TRIP_TYPE_VIEWS[type];
  return { tenant, market, locale, place, view, seo: await placeSeo(tenant, locale, place, view) };
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { tenant, market, seo } = await load(params);
  return seoMetadata(tenant, market, seo);
}

/** /{country}/{lang}/place/{place}/{type}: type is local-taxi, airport-taxi, outstation-taxi or car-rental. */
export default async function PlaceTypePage({ params }: { params: Params }) {
  const { tenant, market, locale, place, view, seo } = await load(params);
  return (
    <SeoPageShell tenant={tenant} market={market} page={seo}>
      <PlaceDetails tenant={tenant} place={place} view={view} locale={locale} level={1} />
    </SeoPageShell>
  );
}
