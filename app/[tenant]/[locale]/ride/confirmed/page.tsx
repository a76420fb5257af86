import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { BookingPage } from '@/components/booking/booking-page';
import { RideConfirmed } from '@/components/booking/ride-confirmed';
import { pageContext, type PageParams } from '@/lib/tenancy/page-tenant';

export async function generateMetadata({ params }: { params: PageParams }): Promise<Metadata> {
  const { locale } = await pageContext(params);
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  return { title: t('confirmedTitle'), robots: { index: false } };
}

export default async function RideConfirmedPage({ params }: { params: PageParams }) {
  const { tenant, market } = await pageContext(params);
  return (
    <BookingPage tenant={tenant} market={market} narrow namespaces={['RideConfirmed']}>
      <RideConfirmed />
    </BookingPage>
  );
}
