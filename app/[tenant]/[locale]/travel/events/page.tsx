import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ConsolePage } from '@/components/partner/console-page';
import { EventsScreen } from '@/components/partner/events/events-screen';
import { pageContext, type PageParams } from '@/lib/tenancy/page-tenant';

export async function generateMetadata({ params }: { params: PageParams }): Promise<Metadata> {
  const { locale } = await pageContext(params);
  const t = await getTranslations({ locale, namespace: 'RideEvents' });
  return { title: t('metaTitle'), robots: { index: false } };
}

/** travel/events: the ride event log. */
export default async function Page({ params }: { params: PageParams }) {
  const { tenant } = await pageContext(params);
  return (
    <ConsolePage params={params} area="travel" namespaces={['RideEvents', 'Paginator']}>
      <EventsScreen timeZone={tenant.timeZone} />
    </ConsolePage>
  );
}
