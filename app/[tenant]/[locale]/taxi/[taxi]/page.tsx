import type { Metadata } from 'next';
import { PlaceDetails } from '@/components/seo/place-details';
import { RouteDetails } from '@/components/seo/route-details';
import { SeoPageShell } from '@/components/seo/seo-page';
import { placeSeo, routeSeo, seoMetadata } from '@/lib/seo/page-seo';
import { SEO_PATHS } from '@/lib/seo/paths';
import { requireTaxiTarget, type TaxiTarget } from '@/lib/seo/site-data';
import { pageContext } from '@/lib/tenancy/page-tenant';

type Params = Promise<{ tenant: string; locale: string; taxi: string }>;

export const revalidate = 300;
export const dynamicParams = true;

export function generateStaticParams(): { taxi: string }[] {
  return [];
}

const hrefOf = (target: TaxiTarget) =>
  target.kind === 'place' ? SEO_PATHS.taxi(target.place.slug) : SEO_PATHS.route(target.route.from.slug, target.route.to.slug);

async function load(params: Params) {
  const { tenant, market, locale } = await pageContext(params);
  const target = await requireTaxiTarget(tenant, locale, (await params).taxi, hrefOf);
  const seo = target.kind === 'place' ? await placeSeo(tenant, locale, target.place, 'taxi') : await routeSeo(tenant, locale, target.route);
  return { tenant, market, locale, target, seo };
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { tenant, market, seo } = await load(params);
  return seoMetadata(tenant, market, seo);
}

/** /{country}/{lang}/taxi/{place} (taxi in a city) and /{country}/{lang}/taxi/{from}-to-{to} (a popular route). */
export default async function TaxiPage({ params }: { params: Params }) {
  const { tenant, market, locale, target, seo } = await load(params);
  return (
    <SeoPageShell tenant={tenant} market={market} page={seo}>
      {target.kind === 'place' ? (
        <PlaceDetails tenant={tenant} place={target.place} view="taxi" locale={locale} level={1} />
      ) : (
        <RouteDetails tenant={tenant} route={target.route} locale={locale} />
      )}
    </SeoPageShell>
  );
}
