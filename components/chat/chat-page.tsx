import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { Messages } from '@/lib/i18n/messages';
import { COUNTRIES } from '@/lib/i18n/markets';
import { pageContext, type PageParams } from '@/lib/tenancy/page-tenant';
import { BookingPage } from '@/components/booking/booking-page';
import { ConsolePage } from '@/components/partner/console-page';
import type { ConsoleArea } from '@/components/partner/sections';
import { ChatScreen } from './chat-screen';

const RIDER_NAMESPACES: (keyof Messages)[] = ['Chat', 'VehicleTypes', 'Auth', 'AuthErrors', 'Validation'];

export async function chatMetadata(params: PageParams, { index }: { index: boolean }): Promise<Metadata> {
  const { locale } = await pageContext(params);
  const t = await getTranslations({ locale, namespace: 'Chat' });
  return { title: t('title'), description: t('intro'), ...(index ? {} : { robots: { index: false } }) };
}

/** The rider's AI booking chat in the site shell. */
export async function RiderChatPage({ params }: { params: PageParams }) {
  const { tenant, market } = await pageContext(params);
  return (
    <BookingPage tenant={tenant} market={market} narrow namespaces={RIDER_NAMESPACES}>
      <ChatScreen timeZone={tenant.timeZone} defaultCountry={COUNTRIES[market.country].region} backHref="/user/home" ridesHref="/user/rides" />
    </BookingPage>
  );
}

/** The partner console's AI agent section (the console already hands down Auth, Validation and VehicleTypes). */
export async function ConsoleChatPage({ params, area }: { params: PageParams; area: ConsoleArea }) {
  const { tenant, market } = await pageContext(params);
  return (
    <ConsolePage params={params} area={area} namespaces={['Chat']}>
      <ChatScreen timeZone={tenant.timeZone} defaultCountry={COUNTRIES[market.country].region} backHref={`/${area}/home`} ridesHref={`/${area}/rides`} />
    </ConsolePage>
  );
}
