import { getTranslations } from 'next-intl/server';
import { ConsoleScreen } from '../overview/console-screen';
import { MoneyBoard } from './money-board';

/** Money (docs/requirements/partner.md#money): every category from the rides and from the ledger for a date range, their differences and the CSV. */
export async function MoneyScreen({ timeZone }: { timeZone: string }) {
  const t = await getTranslations('Reconciliation');
  return (
    <ConsoleScreen title={t('title')} subtitle={t('subtitle')}>
      <MoneyBoard timeZone={timeZone} />
    </ConsoleScreen>
  );
}
