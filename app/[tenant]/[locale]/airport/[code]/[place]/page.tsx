import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { TransferDetails } from '@/components/seo/transfer-details';
import { SeoPageShell } from '@/components/seo/seo-page';
import { requireTransfer, transferPage } from '@/lib/seo/catalogue/page-data';
import { transferSeo } from '@/lib/seo/catalogue/page-seo';
import { seoMetadata } from '@/lib/seo/page-seo';
import { pageContext } from '@/lib/tenancy/page-tenant';

type Params = Promise<{ tenant: string; locale: string; code: string; place: string }>;

export const revalidate = 300;
export const dynamicParams = true;

export function generateStaticParams(): { place: string }[] {
  return [];
}

async function load(params: Params) {
  const { tenant, market, locale } = await pageContext(params);
  const { code, place } = await params;
  const pair = await requireTransfer(tenant, locale, code, place);
  const model = await transferPage(tenant, pair.airport.code, pair.destination.slug);
  if (!model) notFound();
  return { tenant, market, locale, model, seo: await transferSeo({ tenant, market, locale }, model) };
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { tenant, market, seo } = await load(params);
  return seoMetadata(tenant, market, seo);
}

/** /{country}/{lang}/airport/{code}/{place}: transfers between an airport and a place, both ways. */
export default async function TransferPage({ params }: { params: Params }) {
  const { tenant, market, locale, model, seo } = await load(params);
  return (
    <SeoPageShell tenant={tenant} market={market} page={seo}>
      <TransferDetails tenant={tenant} market={market} locale={locale} model={model} />
    </SeoPageShell>
  );
}
