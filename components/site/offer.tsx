import { getFormatter, getTranslations } from 'next-intl/server';
import { SEO_PATHS } from '@/lib/seo/paths';
import { businessSettings, type Tenant } from '@/lib/tenancy/queries';
import { OfferPopup } from './offer-popup';

/** The operator's cashback offer as a popup for riders; nothing when it gives no cashback. */
export async function Offer({ tenant }: { tenant: Tenant }) {
  const { cashbackBps } = await businessSettings(tenant.id);
  if (cashbackBps <= 0) return null;
  const t = await getTranslations('Offer');
  const format = await getFormatter();
  const percent = format.number(cashbackBps / 10_000, { style: 'percent', maximumFractionDigits: 2, numberingSystem: 'latn' });
  return (
    <OfferPopup
      bookHref={SEO_PATHS.booking()}
      labels={{ title: t('title'), body: t('body', { percent, businessName: tenant.name }), book: t('book'), close: t('close') }}
    />
  );
}
