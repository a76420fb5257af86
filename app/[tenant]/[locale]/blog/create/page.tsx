import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SiteShell } from '@/components/layout/site-shell';
import { ClientMessages } from '@/components/ui/client-messages';
import { BlogCreateScreen } from '@/components/blog/blog-create-screen';
import { BlogPartnerGate } from '@/components/blog/blog-partner-gate';
import { pageContext, type PageParams } from '@/lib/tenancy/page-tenant';

export async function generateMetadata({ params }: { params: PageParams }): Promise<Metadata> {
  const { locale } = await pageContext(params);
  const t = await getTranslations({ locale, namespace: 'BlogCreate' });
  return { title: t('metaTitle'), robots: { index: false } };
}

/** blog/create (docs/requirements/partner.md#writing-the-blog): the same screen for any signed-in partner. */
export default async function Page({ params }: { params: PageParams }) {
  const { tenant, market } = await pageContext(params);
  return (
    <SiteShell tenant={tenant} market={market}>
      <ClientMessages namespaces={['BlogCreate']}>
        <BlogPartnerGate>
          <BlogCreateScreen />
        </BlogPartnerGate>
      </ClientMessages>
    </SiteShell>
  );
}
