import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SiteShell } from '@/components/layout/site-shell';
import { TermsOfService } from '@/components/site/legal';
import { pageContext, type PageParams } from '@/lib/tenancy/page-tenant';

export async function generateMetadata({ params }: { params: PageParams }): Promise<Metadata> {
  const { locale } = await pageContext(params);
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  return { title: t('termsTitle') };
}

export default async function TermsPage({ params }: { params: PageParams }) {
  const { tenant, market } = await pageContext(params);
  return (
    <SiteShell tenant={tenant} market={market}>
      <TermsOfService tenant={tenant} />
    </SiteShell>
  );
}
