import { getTranslations } from 'next-intl/server';
import { ConsoleScreen } from '../overview/console-screen';
import { CustomersBoard } from './customers-board';

/** All Customers (docs/requirements/partner.md#customers): the business's users, drivers and partners. */
export async function CustomersScreen() {
  const t = await getTranslations('Customers');
  return (
    <ConsoleScreen title={t('title')} subtitle={t('subtitle')}>
      <CustomersBoard />
    </ConsoleScreen>
  );
}
