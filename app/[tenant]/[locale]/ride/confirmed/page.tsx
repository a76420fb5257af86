import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PushBanner } from '@/components/push/push-banner';
import { BookingPage } from '@/components/booking/booking-page';
import { RideConfirmed } from '@/components/booking/ride-confirmed';
import { pageContext, type PageParams } from '@/lib/tenancy/page-tenant';

/** Reads the query string, so it renders per request. */
export const dynamic = 'force-dynamic';
export async function generateMetadata({ params }: { params: PageParams }): Promise<Metadata> {
  const { locale } = await pageContext(params);
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  return { title: t('confirmedTitle'), robots: { index: false } };
}

/** The booking confirmation; `?paid=1&rideId=` is where a successful card payment lands. */
export default async function RideConfirmedPage({ params, searchParams }: { params: PageParams; searchParams: Promise<{ paid?: string; rideId?: string }> }) {
  const { tenant, market } = await pageContext(params);
  const { paid, rideId } = await searchParams;
  const paidRideId = paid === '1' && /^\d{1,10}$/.test(rideId ?? '') ? Number(rideId) : undefined;
  return (
    <BookingPage tenant={tenant} market={market} narrow pushBanner={<PushBanner />} namespaces={['RideConfirmed', 'Payment', 'RideFlow', 'Flights']}>
      <RideConfirmed paidRideId={paidRideId} />
    </BookingPage>
  );
}
