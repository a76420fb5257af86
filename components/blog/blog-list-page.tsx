import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { SiteShell } from '@/components/layout/site-shell';
import { BlogList } from './blog-list';
import { pageOfPosts } from '@/lib/blog/page-data';
import { blogListMetadata } from '@/lib/seo/blog-seo';
import { pageContext, type PageParams } from '@/lib/tenancy/page-tenant';

/** Page `page` (1-based) of the posts in the page's language; a page past the last is the localized 404. */
async function load(params: PageParams, page: number) {
  const context = await pageContext(params);
  const result = await pageOfPosts(context.tenant.id, context.market.lang, page);
  if (page > result.pages) notFound();
  return { ...context, result };
}

export async function blogListPageMetadata(params: PageParams, page: number): Promise<Metadata> {
  const { tenant, locale, market } = await load(params, page);
  const t = await getTranslations({ locale, namespace: 'Blog' });
  const title = page > 1 ? t('pageTitle', { page }) : t('listTitle');
  return blogListMetadata(tenant, market, page, { title, description: t('listDescription', { businessName: tenant.name }) });
}

export async function BlogListPage({ params, page }: { params: PageParams; page: number }) {
  const { tenant, market, result } = await load(params, page);
  return (
    <SiteShell tenant={tenant} market={market} documentHref={page > 1 ? `/blogs/page/${page}` : '/blogs'}>
      <BlogList result={result} tenantSlug={tenant.slug} businessName={tenant.name} timeZone={tenant.timeZone} />
    </SiteShell>
  );
}
