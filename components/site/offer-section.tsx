import { getTranslations } from 'next-intl/server';
import type { Tenant } from '@/lib/tenancy/queries';
import { businessSettings } from '@/lib/tenancy/queries';
import ui from '@/components/ui/ui.module.css';
import styles from './rider-home.module.css';

/** The operator's standing offer: cashback on every ride, at its own rate (hidden when it gives none). */
export async function OfferSection({ tenant, locale }: { tenant: Tenant; locale: string }) {
  const { cashbackBps } = await businessSettings(tenant.id);
  if (cashbackBps <= 0) return null;
  const t = await getTranslations('Offers');
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2, numberingSystem: 'latn' }).format(cashbackBps / 10_000);
  return (
    <section className={ui.section} aria-labelledby="offers-title">
      <h2 id="offers-title">{t('title')}</h2>
      <div className={`${ui.card} ${styles.offer}`}>
        <h3>{t('cashbackTitle', { percent })}</h3>
        <p className={ui.muted}>{t('cashbackBody', { percent, businessName: tenant.name })}</p>
      </div>
    </section>
  );
}
