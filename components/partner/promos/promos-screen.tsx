import { getTranslations } from 'next-intl/server';
import { ConsoleScreen } from '../overview/console-screen';
import { PromosBoard } from './promos-board';

/** Promo codes: the operator's discounts, created, edited, paused and shared as links. */
export async function PromosScreen({ siteOrigin, currency }: { siteOrigin: string; currency: string }) {
  const t = await getTranslations('Promos');
  return (
    <ConsoleScreen title={t('title')} subtitle={t('subtitle')}>
      <PromosBoard siteOrigin={siteOrigin} currency={currency} />
    </ConsoleScreen>
  );
}
