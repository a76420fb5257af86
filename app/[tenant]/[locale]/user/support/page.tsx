import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SiteShell } from '@/components/layout/site-shell';
import { SupportPage as Support } from '@/components/site/support';
import { pageContext, type PageParams } from '@/lib/tenancy/page-tenant';

export async function generateMetadata({ params }: { params: PageParams }): Promise<Metadata> {
  const { locale } = await pageContext(params);
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  return { title: t('supportTitle') };
}

export default async function SupportPage({ params }: { params: PageParams }) {
  const { tenant, market } = await pageContext(params);
  return (
    <SiteShell tenant={tenant} market={market}>
      <Support tenant={tenant} />
    </SiteShell>
  );
}
