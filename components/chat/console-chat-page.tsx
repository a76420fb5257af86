import { COUNTRIES } from '@/lib/i18n/markets';
import { pageContext, type PageParams, type PageRoute } from '@/lib/tenancy/page-tenant';
import { ConsolePage } from '@/components/partner/console-page';
import type { ConsoleArea } from '@/components/partner/sections';
import { ChatScreen } from './chat-screen';

import { chatMetadata } from './chat-page';

export { chatMetadata };

/** The partner console's AI agent section (the console already hands down Auth, Validation and VehicleTypes). */
export async function ConsoleChatPage({ params, area }: { params: PageParams; area: ConsoleArea }) {
  const { tenant, market } = await pageContext(params);
  return (
    <ConsolePage params={params} area={area} section="agent" namespaces={['Chat']}>
      <ChatScreen timeZone={tenant.timeZone} defaultCountry={COUNTRIES[market.country].region} backHref={`/${area}/home`} ridesHref={`/${area}/rides`} />
    </ConsolePage>
  );
}

/** {area}/ai/agent: the page file's default export and generateMetadata (not indexed). */
export function consoleChatRoute(area: ConsoleArea): PageRoute {
  return {
    generateMetadata: ({ params }) => chatMetadata(params, { index: false }),
    Page: async ({ params }) => <ConsoleChatPage params={params} area={area} />,
  };
}
