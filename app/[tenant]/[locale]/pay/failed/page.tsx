import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { BookingPage } from '@/components/booking/booking-page';
import { PaymentFailed } from '@/components/payments/payment-failed';
import { pageContext, type PageParams } from '@/lib/tenancy/page-tenant';

/** Reads the query string, so it renders per request. */
export const dynamic = 'force-dynamic';
export async function generateMetadata({ params }: { params: PageParams }): Promise<Metadata> {
  const { locale } = await pageContext(params);
  const t = await getTranslations({ locale, namespace: 'Payment' });
  return { title: t('failedTitle'), robots: { index: false } };
}

/** Where the gateway's failure callback lands: retry the card or pay cash. */
export default async function PaymentFailedPage({ params, searchParams }: { params: PageParams; searchParams: Promise<{ rideId?: string }> }) {
  const { tenant, market } = await pageContext(params);
  const raw = Number((await searchParams).rideId);
  const rideId = Number.isSafeInteger(raw) && raw > 0 ? raw : undefined;
  return (
    <BookingPage tenant={tenant} market={market} narrow namespaces={['Payment', 'Validation', 'AuthErrors']}>
      <PaymentFailed rideId={rideId} />
    </BookingPage>
  );
}
