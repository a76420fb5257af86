import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PlaceDetails } from '@/components/seo/place-details';
import { SeoPageShell } from '@/components/seo/seo-page';
import { placePage } from '@/lib/seo/catalogue/page-data';
import { placeSeo, seoMetadata } from '@/lib/seo/page-seo';
import { SEO_PATHS } from '@/lib/seo/paths';
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
  const place = await requirePlace(tenant, locale, (await params).place, SEO_PATHS.place);
  const model = await placePage(tenant, place.slug);
  if (!model) notFound();
  return { tenant, market, locale, model, seo: await placeSeo(tenant, market, locale, model) };
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { tenant, market, seo } = await load(params);
  return seoMetadata(tenant, market, seo);
}

/** /{country}/{lang}/place/{place}: a city the operator serves, its airports, localities and routes. */
export default async function PlacePage({ params }: { params: Params }) {
  const { tenant, market, locale, model, seo } = await load(params);
  return (
    <SeoPageShell tenant={tenant} market={market} page={seo}>
      <PlaceDetails tenant={tenant} market={market} locale={locale} model={model} level={1} />
    </SeoPageShell>
  );
}
