import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PushBanner } from '@/components/push/push-banner';
import { SiteShell } from '@/components/layout/site-shell';
import { ClientMessages } from '@/components/ui/client-messages';
import { RidesList } from '@/components/rider/rides-list';
import { COUNTRIES } from '@/lib/i18n/markets';
import { pageContext, type PageParams } from '@/lib/tenancy/page-tenant';
import styles from '@/components/rider/rider.module.css';

export async function generateMetadata({ params }: { params: PageParams }): Promise<Metadata> {
  const { locale } = await pageContext(params);
  const t = await getTranslations({ locale, namespace: 'RiderRides' });
  return { title: t('title'), robots: { index: false } };
}

/** The signed-in rider's upcoming and past rides. */
export default async function RidesPage({ params }: { params: PageParams }) {
  const { tenant, market } = await pageContext(params);
  const t = await getTranslations('RiderRides');
  return (
    <SiteShell tenant={tenant} market={market} pushBanner={<PushBanner />}>
      <div className={styles.page}>
        <h1>{t('title')}</h1>
        <ClientMessages
          namespaces={[
            'RiderRides',
            'VehicleTypes',
            'TripKinds',
            'Auth',
            'AuthErrors',
            'Validation',
            'RiderLogin',
            'RideFlow',
            'Trust',
            'FareLines',
            'Cancellation',
            'Refunds',
            'Flights',
          ]}
        >
          <RidesList timeZone={tenant.timeZone} defaultCountry={COUNTRIES[market.country].region} />
        </ClientMessages>
      </div>
    </SiteShell>
  );
}
