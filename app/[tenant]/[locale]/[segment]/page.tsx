import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PlaceDetails } from '@/components/seo/place-details';
import { SeoPageShell } from '@/components/seo/seo-page';
import { placeSeo, seoMetadata } from '@/lib/seo/page-seo';
import { RESERVED_ROOT_SEGMENTS } from '@/lib/seo/paths';
import { PLACE_VIEWS } from '@/lib/seo/place-views';
import { requirePlace } from '@/lib/seo/site-data';
import { pageContext } from '@/lib/tenancy/page-tenant';

/**
 * The route table's `:city` (/{country}/{lang}/{city}). The folder is named
 * [segment] because Next allows one dynamic name per level and `:role/app`
 * shares it (the first segment is a city here, a role there); static routes
 * (signup, privacy, terms, blogs...) take precedence.
 */
type Params = Promise<{ tenant: string; locale: string; segment: string }>;

export const revalidate = 300;
export const dynamicParams = true;

export function generateStaticParams(): { segment: string }[] {
  return [];
}

async function load(params: Params) {
  const { tenant, market, locale } = await pageContext(params);
  const raw = (await params).segment;
  if (RESERVED_ROOT_SEGMENTS.has(raw.toLowerCase())) notFound();
  const place = await requirePlace(tenant, locale, raw, PLACE_VIEWS.cabs.href);
  return { tenant, market, locale, place, seo: await placeSeo(tenant, locale, place, 'cabs') };
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { tenant, market, seo } = await load(params);
  return seoMetadata(tenant, market, seo);
}

/** /{country}/{lang}/{city}: cabs from one of the operator's cities; any other segment is a 404. */
export default async function CityRootPage({ params }: { params: Params }) {
  const { tenant, market, locale, place, seo } = await load(params);
  return (
    <SeoPageShell tenant={tenant} market={market} page={seo}>
      <PlaceDetails tenant={tenant} place={place} view="cabs" locale={locale} level={1} />
    </SeoPageShell>
  );
}
