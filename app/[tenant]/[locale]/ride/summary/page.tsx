import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { BookingPage } from '@/components/booking/booking-page';
import { RideSummary } from '@/components/booking/ride-summary';
import { COUNTRIES } from '@/lib/i18n/markets';
import { isCardConfigured } from '@/lib/payments/config';
import { businessSettings } from '@/lib/tenancy/queries';
import { getDb } from '@/lib/db/client';
import { tripRulesOf } from '@/lib/fares/trip-rules';
import { pageContext, type PageParams } from '@/lib/tenancy/page-tenant';

export async function generateMetadata({ params }: { params: PageParams }): Promise<Metadata> {
  const { locale } = await pageContext(params);
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  return { title: t('summaryTitle'), robots: { index: false } };
}

export default async function RideSummaryPage({ params }: { params: PageParams }) {
  const { tenant, market } = await pageContext(params);
  const [{ cashbackBps }, { walletSpendBps }] = await Promise.all([businessSettings(tenant.id), tripRulesOf(await getDb(), tenant.id)]);
  return (
    <BookingPage
      tenant={tenant}
      market={market}
      narrow
      namespaces={[
        'RideSummary',
        'Payment',
        'VehicleTypes',
        'Booking',
        'Validation',
        'Auth',
        'AuthErrors',
        'RideFlow',
        'Trust',
        'FareLines',
        'Cancellation',
        'Promo',
      ]}
    >
      <RideSummary
        timeZone={tenant.timeZone}
        cashbackBps={cashbackBps}
        walletSpendBps={walletSpendBps}
        defaultCountry={COUNTRIES[market.country].region}
        cardPayments={await isCardConfigured(tenant.id)}
      />
    </BookingPage>
  );
}
