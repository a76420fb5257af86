import { refreshOperatorPages } from '@/lib/page-cache';
import { clearTenantCache, HOST_CACHE_TTL_MS } from '@/lib/tenancy/resolve';

/**
 * After an operator's domain changes (its canonicals, hreflang and sitemaps name the new origin): forget the
 * host cache here and render its pages afresh, then once more when every process's copy of the host cache
 * has expired (a page rendered in between would keep the old origin).
 */
export function refreshOperatorHosts(tenantSlug: string): void {
  const run = () => {
    clearTenantCache();
    void refreshOperatorPages(tenantSlug);
  };
  run();
  setTimeout(run, HOST_CACHE_TTL_MS + 1_000).unref();
}
