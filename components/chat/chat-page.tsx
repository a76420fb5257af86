import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { Messages } from '@/lib/i18n/messages';
import { COUNTRIES } from '@/lib/i18n/markets';
import { pageContext, type PageParams } from '@/lib/tenancy/page-tenant';
import { BookingPage } from '@/components/booking/booking-page';
import { ChatScreen } from './chat-screen';

const RIDER_NAMESPACES: (keyof Messages)[] = ['Chat', 'VehicleTypes', 'Auth', 'AuthErrors', 'Validation'];

export async function chatMetadata(params: PageParams, { index }: { index: boolean }): Promise<Metadata> {
  const { locale } = await pageContext(params);
  const t = await getTranslations({ locale, namespace: 'Chat' });
  return { title: t('title'), description: t('intro'), ...(index ? {} : { robots: { index: false } }) };
}

/**
 * The rider's AI booking chat in the site shell. The console's agent section is
 * ./console-chat-page: a page ships every client component its server modules
 * import, and the console's (fleet sheets, zod schemas) are not the rider's.
 */
export async function RiderChatPage({ params }: { params: PageParams }) {
  const { tenant, market } = await pageContext(params);
  return (
    <BookingPage tenant={tenant} market={market} narrow namespaces={RIDER_NAMESPACES}>
      <ChatScreen timeZone={tenant.timeZone} defaultCountry={COUNTRIES[market.country].region} backHref="/user/home" ridesHref="/user/rides" />
    </BookingPage>
  );
}
