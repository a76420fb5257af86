import 'server-only';
import { languageOf, LOCALE_TAGS } from '@/lib/i18n/markets';
import { refreshPagesEverywhere } from '@/lib/http/purge';

/** Cache tag of everything built from an operator's posts (sitemaps tag their data with it). */
export function blogCacheTag(businessId: number): string {
  return `blog:${businessId}`;
}

/** Internal paths (/{tenant}/{locale}/...) a published post changes: its page and every page of the list, in each locale of its language. */
export function blogPathsToRefresh(tenantSlug: string, post: { slug: string; language: string }, listPages: number): string[] {
  const paths: string[] = [];
  for (const tag of LOCALE_TAGS.filter((t) => languageOf(t) === post.language)) {
    const base = `/${tenantSlug}/${tag}`;
    paths.push(`${base}/blog/${post.slug}`, `${base}/blogs`);
    for (let page = 2; page <= listPages; page += 1) paths.push(`${base}/blogs/page/${page}`);
  }
  return paths;
}

/** Refreshes the post's page, the list and the sitemap after a publish, on every instance (outside a Next request there is no cache to refresh). */
export function refreshBlogPages(tenantSlug: string, businessId: number, post: { slug: string; language: string }, listPages: number): void {
  const paths = blogPathsToRefresh(tenantSlug, post, listPages);
  void refreshPagesEverywhere({ paths, next: { paths: paths.map((path) => ({ path })), tags: [blogCacheTag(businessId)] } });
}
