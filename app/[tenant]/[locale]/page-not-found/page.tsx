import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { NotFoundContent } from '@/components/layout/not-found-content';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { pageContext, type PageParams } from '@/lib/tenancy/page-tenant';
import { isPlatformTenant } from '@/lib/tenancy/platform';

export const revalidate = 300;

export async function generateMetadata({ params }: { params: PageParams }): Promise<Metadata> {
  const { locale } = await pageContext(params);
  const t = await getTranslations({ locale, namespace: 'NotFound' });
  return { title: t('title'), robots: { index: false, follow: true } };
}

/**
 * The localized 404 body rendered on the server, which the front door
 * (lib/http/front/not-found.ts) answers with status 404 in place of Next's
 * script-only error shell, so clients without JavaScript see it too.
 */
export default async function PageNotFound({ params }: { params: PageParams }) {
  const { tenant, market } = await pageContext(params);
  // the host's own header and footer: a rider who mistypes stays on the operator's site (issue 20 item 6)
  return (
    <>
      <SiteHeader tenant={tenant} market={market} showAccount={false} />
      <NotFoundContent riderSite={!isPlatformTenant(tenant)} />
      <SiteFooter tenant={tenant} />
    </>
  );
}
