import type { Metadata } from 'next';
import { PlaceDetails } from '@/components/seo/place-details';
import { SeoPageShell } from '@/components/seo/seo-page';
import { placeSeo, seoMetadata } from '@/lib/seo/page-seo';
import { PLACE_VIEWS } from '@/lib/seo/place-views';
import { requirePlace } from '@/lib/seo/site-data';
import { pageContext } from '@/lib/tenancy/page-tenant';

type Params = Promise<{ tenant: string; locale: string; city: string }>;

export const revalidate = 300;
export const dynamicParams = true;

export function generateStaticParams(): { city: string }[] {
  return [];
}

async function load(params: Params) {
  const { tenant, market, locale } = await pageContext(params);
  const place = await requirePlace(tenant, locale, (await params).city, PLACE_VIEWS.city.href);
  return { tenant, market, locale, place, seo: await placeSeo(tenant, locale, place, 'city') };
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { tenant, market, seo } = await load(params);
  return seoMetadata(tenant, market, seo);
}

/** /{country}/{lang}/city/{city}: city rides and rentals in one of the operator's cities. */
export default async function CityPage({ params }: { params: Params }) {
  const { tenant, market, locale, place, seo } = await load(params);
  return (
    <SeoPageShell tenant={tenant} market={market} page={seo}>
      <PlaceDetails tenant={tenant} place={place} view="city" locale={locale} level={1} />
    </SeoPageShell>
  );
}
