import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { RouteDetails } from '@/components/seo/route-details';
import { SeoPageShell } from '@/components/seo/seo-page';
import { getPathname } from '@/lib/i18n/locale-href';
import { routePage } from '@/lib/seo/catalogue/page-data';
import { routeSeo, seoMetadata } from '@/lib/seo/page-seo';
import { SEO_PATHS } from '@/lib/seo/paths';
import { requireTaxiTarget, type TaxiTarget } from '@/lib/seo/site-data';
import { pageContext } from '@/lib/tenancy/page-tenant';

type Params = Promise<{ tenant: string; locale: string; taxi: string }>;

export const revalidate = 300;
export const dynamicParams = true;

export function generateStaticParams(): { taxi: string }[] {
  return [];
}

const hrefOf = (target: TaxiTarget) => (target.kind === 'place' ? `/taxi/${target.place.slug}` : SEO_PATHS.route(target.route.from.slug, target.route.to.slug));

async function load(params: Params) {
  const { tenant, market, locale } = await pageContext(params);
  const target = await requireTaxiTarget(tenant, locale, (await params).taxi, hrefOf);
  // taxi/{city} said what the place page says: it leads there for good
  if (target.kind === 'place') permanentRedirect(getPathname({ href: SEO_PATHS.place(target.place.slug), locale }));
  const model = await routePage(tenant, target.route.from.slug, target.route.to.slug);
  if (!model) notFound();
  return { tenant, market, locale, model, seo: await routeSeo(tenant, market, locale, model) };
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { tenant, market, seo } = await load(params);
  return seoMetadata(tenant, market, seo);
}

/** /{country}/{lang}/taxi/{from}-to-{to}: a popular route (taxi/{place} leads to the place page). */
export default async function TaxiPage({ params }: { params: Params }) {
  const { tenant, market, locale, model, seo } = await load(params);
  return (
    <SeoPageShell tenant={tenant} market={market} page={seo}>
      <RouteDetails tenant={tenant} market={market} locale={locale} model={model} />
    </SeoPageShell>
  );
}
