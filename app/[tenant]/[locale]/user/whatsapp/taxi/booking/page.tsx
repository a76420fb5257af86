import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { BookingPage } from '@/components/booking/booking-page';
import { WhatsAppBooking } from '@/components/booking/whatsapp-booking';
import { COUNTRIES } from '@/lib/i18n/markets';
import { whatsappLink } from '@/lib/tenancy/contact';
import { pageContext, type PageParams } from '@/lib/tenancy/page-tenant';

export async function generateMetadata({ params }: { params: PageParams }): Promise<Metadata> {
  const { locale, tenant } = await pageContext(params);
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  return { title: t('whatsappTitle'), description: t('description', { businessName: tenant.name }) };
}

export default async function WhatsAppBookingPage({ params }: { params: PageParams }) {
  const { tenant, market } = await pageContext(params);
  const t = await getTranslations('WhatsAppBooking');
  const link = whatsappLink(tenant, t('prefill', { businessName: tenant.name }));
  return (
    <BookingPage tenant={tenant} market={market} narrow namespaces={['WhatsAppBooking', 'Auth', 'AuthErrors', 'Validation']}>
      <WhatsAppBooking link={link} defaultCountry={COUNTRIES[market.country].region} />
    </BookingPage>
  );
}
