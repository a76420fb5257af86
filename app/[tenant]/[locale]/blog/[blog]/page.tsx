import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { SiteShell } from '@/components/layout/site-shell';
import { BlogArticle } from '@/components/blog/blog-article';
import { JsonLd } from '@/components/seo/json-ld';
import { coverSize, pagePost } from '@/lib/blog/page-data';
import { blogPostJsonLd, blogPostMetadata } from '@/lib/seo/blog-seo';
import { pageContext } from '@/lib/tenancy/page-tenant';

type Params = Promise<{ tenant: string; locale: string; blog: string }>;

export const revalidate = 300;

/** Posts render on first request and stay cached until the layout's revalidate or a publish refreshes them. */
export function generateStaticParams(): { blog: string }[] {
  return [];
}

/** The post in the page's language, or the localized 404. */
async function load(params: Params) {
  const context = await pageContext(params);
  const post = await pagePost(context.tenant.id, (await params).blog);
  if (!post || post.language !== context.market.lang) notFound();
  return { ...context, post };
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { tenant, locale, market, post } = await load(params);
  const t = await getTranslations({ locale, namespace: 'Blog' });
  return blogPostMetadata(tenant, market, post, t('coverAlt', { title: post.title }), await coverSize(tenant.slug, post.image));
}

/** blog/:blog (docs/requirements/rider.md#reading-the-blog). */
export default async function BlogPostPage({ params }: { params: Params }) {
  const { tenant, market, locale, post } = await load(params);
  const t = await getTranslations('Blog');
  return (
    <SiteShell tenant={tenant} market={market} documentHref="/blogs">
      <BlogArticle post={post} tenantSlug={tenant.slug} locale={locale} timeZone={tenant.timeZone} />
      <JsonLd data={blogPostJsonLd(tenant, market, post, { home: t('homeCrumb'), blog: t('listTitle') })} />
    </SiteShell>
  );
}
