import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { BookingPage } from '@/components/booking/booking-page';
import { PayRedirect } from '@/components/payments/pay-redirect';
import { pageContext, type PageParams } from '@/lib/tenancy/page-tenant';

type Params = Promise<{ tenant: string; locale: string; txnId: string }>;

export async function generateMetadata({ params }: { params: PageParams }): Promise<Metadata> {
  const { locale } = await pageContext(params);
  const t = await getTranslations({ locale, namespace: 'Payment' });
  return { title: t('pageTitle'), robots: { index: false } };
}

/** Payment redirect (docs/requirements/rider.md#paying-by-card): the client leaf loads the form data and posts it to the gateway. */
export default async function PayPage({ params }: { params: Params }) {
  const { tenant, market } = await pageContext(params);
  const { txnId } = await params;
  return (
    <BookingPage tenant={tenant} market={market} narrow namespaces={['Payment', 'Validation', 'AuthErrors']}>
      <PayRedirect txnId={txnId} />
    </BookingPage>
  );
}
