import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ConsolePage } from '@/components/partner/console-page';
import { AppsScreen } from '@/components/partner/apps/apps-screen';
import { pageContext, type PageParams } from '@/lib/tenancy/page-tenant';

export async function generateMetadata({ params }: { params: PageParams }): Promise<Metadata> {
  const { locale } = await pageContext(params);
  const t = await getTranslations({ locale, namespace: 'Apps' });
  return { title: t('title'), robots: { index: false } };
}

/** delivery/apps: install links and QR codes. */
export default async function Page({ params }: { params: PageParams }) {
  const { tenant, market } = await pageContext(params);
  return (
    <ConsolePage params={params} area="delivery" namespaces={['Apps']}>
      <AppsScreen tenant={tenant} market={market} area="delivery" />
    </ConsolePage>
  );
}
