import { getFormatter, getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import { SEO_PATHS } from '@/lib/seo/paths';
import { businessSettings, type Tenant } from '@/lib/tenancy/queries';
import ui from '@/components/ui/ui.module.css';
import { OfferClose } from './offer-close';
import styles from './popups.module.css';

const OFFER_ID = 'cashback-offer';

/**
 * The operator's cashback offer for riders, in the page's flow below the
 * booking form (never pinned over it); nothing when it gives no cashback.
 * Server HTML, part of the first paint (it fades in after a moment, CSS); only
 * its close button is client code, which also keeps a dismissed card away.
 */
export async function Offer({ tenant }: { tenant: Tenant }) {
  const { cashbackBps } = await businessSettings(tenant.id);
  if (cashbackBps <= 0) return null;
  const [t, format] = await Promise.all([getTranslations('Offer'), getFormatter()]);
  const percent = format.number(cashbackBps / 10_000, { style: 'percent', maximumFractionDigits: 2, numberingSystem: 'latn' });
  return (
    <aside id={OFFER_ID} className={styles.offer} aria-labelledby={`${OFFER_ID}-title`}>
      <h2 id={`${OFFER_ID}-title`}>{t('title')}</h2>
      <p>{t('body', { percent, businessName: tenant.name })}</p>
      <Link href={SEO_PATHS.booking()} className={`${ui.button} ${ui.primary}`}>
        {t('book')}
      </Link>
      <OfferClose offerId={OFFER_ID} label={t('close')} />
    </aside>
  );
}
