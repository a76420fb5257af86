import { COUNTRIES } from '@/lib/i18n/markets';
import { pageContext, type PageParams } from '@/lib/tenancy/page-tenant';
import { ConsolePage } from '@/components/partner/console-page';
import type { ConsoleArea } from '@/components/partner/sections';
import { ChatScreen } from './chat-screen';

export { chatMetadata } from './chat-page';

/** The partner console's AI agent section (the console already hands down Auth, Validation and VehicleTypes). */
export async function ConsoleChatPage({ params, area }: { params: PageParams; area: ConsoleArea }) {
  const { tenant, market } = await pageContext(params);
  return (
    <ConsolePage params={params} area={area} namespaces={['Chat']}>
      <ChatScreen timeZone={tenant.timeZone} defaultCountry={COUNTRIES[market.country].region} backHref={`/${area}/home`} ridesHref={`/${area}/rides`} />
    </ConsolePage>
  );
}
