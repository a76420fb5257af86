import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ConsolePage } from '@/components/partner/console-page';
import { RatesScreen } from '@/components/partner/rates/rates-screen';
import { pageContext, type PageParams } from '@/lib/tenancy/page-tenant';

export async function generateMetadata({ params }: { params: PageParams }): Promise<Metadata> {
  const { locale } = await pageContext(params);
  const t = await getTranslations({ locale, namespace: 'Rates' });
  return { title: t('title'), robots: { index: false } };
}

/** delivery/rates: fares per vehicle type. */
export default async function Page({ params }: { params: PageParams }) {
  return (
    <ConsolePage params={params} area="delivery" namespaces={['Rates', 'VehicleTypes']}>
      <RatesScreen />
    </ConsolePage>
  );
}
