import type { Metadata } from 'next';
import { PlaceDetails } from '@/components/seo/place-details';
import { SeoPageShell } from '@/components/seo/seo-page';
import { placeSeo, seoMetadata } from '@/lib/seo/page-seo';
import { PLACE_VIEWS } from '@/lib/seo/place-views';
import { requirePlace } from '@/lib/seo/site-data';
import { pageContext } from '@/lib/tenancy/page-tenant';

type Params = Promise<{ tenant: string; locale: string; place: string }>;

export const revalidate = 300;
export const dynamicParams = true;

/** Rendered on first visit per tenant, locale and place, then served from the cache. */
export function generateStaticParams(): { place: string }[] {
  return [];
}

async function load(params: Params) {
  const { tenant, market, locale } = await pageContext(params);
  const place = await requirePlace(tenant, locale, (await params).place, PLACE_VIEWS.place.href);
  return { tenant, market, locale, place, seo: await placeSeo(tenant, locale, place, 'place') };
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { tenant, market, seo } = await load(params);
  return seoMetadata(tenant, market, seo);
}

/** /{country}/{lang}/place/{place}: the place overview. */
export default async function PlacePage({ params }: { params: Params }) {
  const { tenant, market, locale, place, seo } = await load(params);
  return (
    <SeoPageShell tenant={tenant} market={market} page={seo}>
      <PlaceDetails tenant={tenant} place={place} view="place" locale={locale} level={1} />
    </SeoPageShell>
  );
}
