import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { AirportDetails } from '@/components/seo/airport-details';
import { SeoPageShell } from '@/components/seo/seo-page';
import { airportPage, requireAirport } from '@/lib/seo/catalogue/page-data';
import { airportSeo } from '@/lib/seo/catalogue/page-seo';
import { seoMetadata } from '@/lib/seo/page-seo';
import { pageContext } from '@/lib/tenancy/page-tenant';

type Params = Promise<{ tenant: string; locale: string; code: string }>;

export const revalidate = 300;
export const dynamicParams = true;

export function generateStaticParams(): { code: string }[] {
  return [];
}

async function load(params: Params) {
  const { tenant, market, locale } = await pageContext(params);
  const airport = await requireAirport(tenant, locale, (await params).code);
  const model = await airportPage(tenant, airport.code);
  if (!model) notFound();
  return { tenant, market, locale, model, seo: await airportSeo({ tenant, market, locale }, model) };
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { tenant, market, seo } = await load(params);
  return seoMetadata(tenant, market, seo);
}

/** /{country}/{lang}/airport/{code}: an airport the operator serves, with its fares, rules and transfers. */
export default async function AirportPage({ params }: { params: Params }) {
  const { tenant, market, locale, model, seo } = await load(params);
  return (
    <SeoPageShell tenant={tenant} market={market} page={seo}>
      <AirportDetails tenant={tenant} market={market} locale={locale} model={model} />
    </SeoPageShell>
  );
}
