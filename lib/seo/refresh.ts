import 'server-only';
import { purgeTenantDocuments } from '@/lib/http/document-cache';
import { revalidate } from '@/lib/http/revalidate';
import { tenantCacheTag } from '@/lib/tenancy/cache-tag';

/**
 * Renders an operator's pages afresh (its fares or ratings changed): the front door's documents of the
 * operator and Next's cache. Next tags a cached page with its route's layouts (`/[tenant]/layout`, ...) and
 * its own pathname, never with a literal `/{slug}/layout`, so the operator's layout path alone matched no page:
 * the `/[tenant]` layout is revalidated (every operator's pages render again on their next visit; the
 * front door still answers the other operators' pages from its own memory).
 */
export function refreshTenantPages(tenantSlug: string): void {
  purgeTenantDocuments(tenantSlug);
  void revalidate({
    paths: [
      { path: `/${tenantSlug}`, type: 'layout' },
      { path: '/[tenant]', type: 'layout' },
    ],
    tags: [tenantCacheTag(tenantSlug)],
  });
}
