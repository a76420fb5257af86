import type { Metadata } from 'next';
import { SeoPageShell } from '@/components/seo/seo-page';
import { ServicePlaces } from '@/components/seo/service-places';
import { placesSeo, seoMetadata } from '@/lib/seo/page-seo';
import { pageContext, type PageParams } from '@/lib/tenancy/page-tenant';

export const revalidate = 300;

export async function generateMetadata({ params }: { params: PageParams }): Promise<Metadata> {
  const { tenant, market, locale } = await pageContext(params);
  return seoMetadata(tenant, market, await placesSeo(tenant, locale));
}

/** /{country}/{lang}/service/places: every place the operator serves, by region, with its trip types. */
export default async function ServicePlacesPage({ params }: { params: PageParams }) {
  const { tenant, market, locale } = await pageContext(params);
  const seo = await placesSeo(tenant, locale);
  return (
    <SeoPageShell tenant={tenant} market={market} page={seo}>
      <ServicePlaces tenant={tenant} market={market} />
    </SeoPageShell>
  );
}
