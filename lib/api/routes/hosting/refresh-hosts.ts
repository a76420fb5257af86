import { refreshTenantPages } from '@/lib/seo/refresh';
import { clearTenantCache, HOST_CACHE_TTL_MS } from '@/lib/tenancy/resolve';

/**
 * After an operator's domain changes: forget the host cache here and render its
 * pages afresh (canonicals, hreflang and sitemaps name the new origin). Next's
 * middleware keeps its own copy of the host cache for up to HOST_CACHE_TTL_MS,
 * and a page rendered in that window would keep the old origin, so the pages
 * are rendered afresh once more when every copy has expired.
 */
export function refreshOperatorHosts(slug: string): void {
  clearTenantCache();
  refreshTenantPages(slug);
  setTimeout(() => {
    clearTenantCache();
    refreshTenantPages(slug);
  }, HOST_CACHE_TTL_MS + 1_000).unref();
}
