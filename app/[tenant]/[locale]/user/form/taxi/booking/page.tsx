import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SiteShell } from '@/components/layout/site-shell';
import { BookingPanel } from '@/components/booking/booking-panel';
import styles from '@/components/booking/booking.module.css';
import { pageContext, type PageParams } from '@/lib/tenancy/page-tenant';

export async function generateMetadata({ params }: { params: PageParams }): Promise<Metadata> {
  const { locale, tenant } = await pageContext(params);
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  return { title: t('bookTitle'), description: t('description', { businessName: tenant.name }) };
}

export default async function FormBookingPage({ params }: { params: PageParams }) {
  const { tenant, market, locale } = await pageContext(params);
  return (
    <SiteShell tenant={tenant} market={market}>
      <div className={`${styles.page} ${styles.narrow}`}>
        <BookingPanel tenant={tenant} market={market} locale={locale} titleLevel={1} />
      </div>
    </SiteShell>
  );
}
