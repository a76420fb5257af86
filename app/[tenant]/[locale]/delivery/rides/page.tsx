import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ConsolePage } from '@/components/partner/console-page';
import { RidesScreen } from '@/components/partner/rides/rides-screen';
import { pageContext, type PageParams } from '@/lib/tenancy/page-tenant';

export async function generateMetadata({ params }: { params: PageParams }): Promise<Metadata> {
  const { locale } = await pageContext(params);
  const t = await getTranslations({ locale, namespace: 'PartnerRides' });
  return { title: t('title'), robots: { index: false } };
}

export default async function DeliveryRidesPage({ params }: { params: PageParams }) {
  const { tenant } = await pageContext(params);
  return (
    <ConsolePage params={params} area="delivery" namespaces={['PartnerRides', 'TripKinds', 'VehicleTypes']}>
      <RidesScreen timeZone={tenant.timeZone} />
    </ConsolePage>
  );
}
