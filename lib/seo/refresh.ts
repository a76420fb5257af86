import 'server-only';
import { refreshPagesEverywhere } from '@/lib/http/purge';
import { tenantCacheTag } from '@/lib/tenancy/cache-tag';

/**
 * Renders an operator's pages afresh (its fares, settings or ratings changed) on every instance: the front
 * door's documents and Next's cache. Next tags a cached page with its route's layouts (`/[tenant]/layout`, ...)
 * and its own pathname, never with a literal `/{slug}/layout`, so the operator's layout path alone matched no
 * page: the `/[tenant]` layout is revalidated too (every operator's pages render again on their next visit;
 * the front door still answers the other operators' pages from its own memory).
 */
export function refreshTenantPages(tenantSlug: string): Promise<void> {
  return refreshPagesEverywhere({
    tenant: tenantSlug,
    next: {
      paths: [
        { path: `/${tenantSlug}`, type: 'layout' },
        { path: '/[tenant]', type: 'layout' },
      ],
      tags: [tenantCacheTag(tenantSlug)],
    },
  });
}
