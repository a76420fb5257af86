import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ConsolePage } from '@/components/partner/console-page';
import { BlogCreateScreen } from '@/components/blog/blog-create-screen';
import { pageContext, type PageParams } from '@/lib/tenancy/page-tenant';

export async function generateMetadata({ params }: { params: PageParams }): Promise<Metadata> {
  const { locale } = await pageContext(params);
  const t = await getTranslations({ locale, namespace: 'BlogCreate' });
  return { title: t('metaTitle'), robots: { index: false } };
}

/** delivery/blog/create: the blog creation screen in the delivery console. */
export default async function Page({ params }: { params: PageParams }) {
  return (
    <ConsolePage params={params} area="delivery" namespaces={['BlogCreate']}>
      <BlogCreateScreen />
    </ConsolePage>
  );
}
