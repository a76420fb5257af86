import { getTranslations } from 'next-intl/server';
import { ConsoleScreen } from '@/components/partner/overview/console-screen';
import { InvoiceDetailsForm } from './invoice-details-form';

/** Invoice details: the legal name, address, tax number, GST rate, SAC code and place of supply printed on invoices. */
export async function InvoiceDetailsScreen() {
  const t = await getTranslations('InvoiceDetails');
  return (
    <ConsoleScreen title={t('title')} subtitle={t('intro')}>
      <InvoiceDetailsForm />
    </ConsoleScreen>
  );
}
