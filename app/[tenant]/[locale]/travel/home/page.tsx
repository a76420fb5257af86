import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ConsolePage } from '@/components/partner/console-page';
import { OverviewScreen } from '@/components/partner/overview/overview-screen';
import { pageContext, type PageParams } from '@/lib/tenancy/page-tenant';

export async function generateMetadata({ params }: { params: PageParams }): Promise<Metadata> {
  const { locale } = await pageContext(params);
  const t = await getTranslations({ locale, namespace: 'Overview' });
  return { title: t('title'), robots: { index: false } };
}

/** travel/home: the business overview. */
export default async function Page({ params }: { params: PageParams }) {
  const { tenant } = await pageContext(params);
  return (
    <ConsolePage params={params} area="travel" namespaces={['Overview']}>
      <OverviewScreen timeZone={tenant.timeZone} />
    </ConsolePage>
  );
}
