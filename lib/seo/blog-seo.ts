import 'server-only';
import type { Metadata } from 'next';
import type { BlogPost } from '@/lib/db/schema';
import type { Market } from '@/lib/i18n/markets';
import { canonicalMarket, pageAlternates, pageUrl } from '@/lib/seo/alternates';
import { breadcrumbList, jsonLdGraph, type JsonLdDocument, type JsonLdNode } from '@/lib/seo/json-ld';
import { pageMetadata } from '@/lib/seo/metadata';
import { absoluteUrl, siteOrigin } from '@/lib/seo/origin';
import { SEO_PATHS } from '@/lib/seo/paths';
import type { Tenant } from '@/lib/tenancy/queries';
import { blogProse, cutText } from '@/lib/blog/sanitize';
import { META_DESCRIPTION_MAX } from '@/lib/blog/schemas';

/*
 * Metadata and structured data of the blog pages, on the shared SEO helpers
 * (one absolute canonical on the operator's origin, the hreflang cluster with
 * x-default, Open Graph, Twitter): a post's cluster is its own language only.
 */

export const BLOG_PATHS = { list: () => '/blogs', listPage: (page: number) => (page > 1 ? `/blogs/page/${page}` : '/blogs'), post: SEO_PATHS.blogPost };

/** Longest headline Google reads from BlogPosting, in characters. */
const HEADLINE_MAX = 110;

/** The meta description (docs/requirements/crawler.md#blog-posts): the description as prose (headings end as sentences, a first block repeating `title` left out), cut at a word within 155 characters. */
export function metaDescription(html: string, locale?: string, title?: string): string {
  return cutText(blogProse(html, title), META_DESCRIPTION_MAX, locale);
}

export function blogListMetadata(tenant: Tenant, market: Market, page: number, text: { title: string; description: string }): Metadata {
  return pageMetadata({ tenant, market, href: BLOG_PATHS.listPage(page), ...text, shareKind: 'blog' });
}

export function blogPostMetadata(tenant: Tenant, market: Market, post: BlogPost, coverAlt: string, coverSize?: { width: number; height: number }): Metadata {
  const base = pageMetadata({
    tenant,
    market,
    href: BLOG_PATHS.post(post.slug),
    title: post.title,
    description: metaDescription(post.description, post.language, post.title),
    languages: [post.language],
    type: 'article',
    shareKind: 'blog',
  });
  const cover = absoluteUrl(siteOrigin(tenant), post.image);
  return {
    ...base,
    keywords: post.keywords,
    openGraph: {
      ...base.openGraph,
      type: 'article',
      publishedTime: post.createdAt.toISOString(),
      modifiedTime: post.updatedAt.toISOString(),
      images: [{ url: cover, alt: coverAlt, ...coverSize }],
    },
    twitter: { ...base.twitter, card: 'summary_large_image', images: [cover] },
  };
}

/** BlogPosting (the operator as author and publisher) and the Home > Blog > post breadcrumbs. */
export function blogPostJsonLd(tenant: Tenant, market: Market, post: BlogPost, crumbs: { home: string; blog: string }): JsonLdDocument {
  const origin = siteOrigin(tenant);
  const { canonical } = pageAlternates(tenant, market, BLOG_PATHS.post(post.slug), { languages: [post.language] });
  const siteUrl = (href: string) => pageUrl(origin, canonicalMarket(tenant, market), href);
  const organization: JsonLdNode = {
    '@type': 'Organization',
    name: tenant.name,
    url: `${origin}/`,
    ...(tenant.logoUrl ? { logo: absoluteUrl(origin, tenant.logoUrl) } : {}),
  };
  const posting: JsonLdNode = {
    '@type': 'BlogPosting',
    '@id': `${canonical}#post`,
    headline: cutText(post.title, HEADLINE_MAX, post.language),
    description: metaDescription(post.description, post.language, post.title),
    image: [absoluteUrl(origin, post.image), ...(post.imageWebp ? [absoluteUrl(origin, post.imageWebp)] : [])],
    datePublished: post.createdAt.toISOString(),
    dateModified: post.updatedAt.toISOString(),
    inLanguage: post.language,
    keywords: post.keywords,
    url: canonical,
    mainEntityOfPage: { '@type': 'WebPage', '@id': canonical },
    author: organization,
    publisher: organization,
  };
  return jsonLdGraph(
    posting,
    breadcrumbList([
      { name: crumbs.home, url: siteUrl(SEO_PATHS.home()) },
      { name: crumbs.blog, url: siteUrl(BLOG_PATHS.list()) },
      { name: post.title, url: canonical },
    ]),
  );
}
