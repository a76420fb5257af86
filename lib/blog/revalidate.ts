import 'server-only';
import { languageOf, LOCALE_TAGS } from '@/lib/i18n/markets';
import { purgeDocuments } from '@/lib/http/document-cache';
import { revalidate } from '@/lib/http/revalidate';

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

/** Refreshes the post's page, the list and the sitemap after a publish (outside a Next request there is no cache to refresh). */
export function refreshBlogPages(tenantSlug: string, businessId: number, post: { slug: string; language: string }, listPages: number): void {
  const paths = blogPathsToRefresh(tenantSlug, post, listPages);
  // the front door's copies of these documents go first, so the next request asks Next again
  purgeDocuments(paths);
  void revalidate({ paths: paths.map((path) => ({ path })), tags: [blogCacheTag(businessId)] });
}
