import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ConsolePage } from '@/components/partner/console-page';
import { VisitsScreen } from '@/components/partner/visits/visits-screen';
import { pageContext, type PageParams } from '@/lib/tenancy/page-tenant';

export async function generateMetadata({ params }: { params: PageParams }): Promise<Metadata> {
  const { locale } = await pageContext(params);
  const t = await getTranslations({ locale, namespace: 'Visits' });
  return { title: t('metaTitle'), robots: { index: false } };
}

/** travel/visits: visitor tracking, campaigns and leads by date range. */
export default async function Page({ params }: { params: PageParams }) {
  const { tenant } = await pageContext(params);
  return (
    <ConsolePage params={params} area="travel" namespaces={['Visits', 'Leads', 'Overview']}>
      <VisitsScreen timeZone={tenant.timeZone} />
    </ConsolePage>
  );
}
