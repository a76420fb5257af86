import 'server-only';
import { refreshPagesEverywhere } from '@/lib/http/purge';
import { tenantCacheTag } from '@/lib/tenancy/cache-tag';

/** Renders an operator's pages afresh (its fares or settings changed) on every instance: the front door's documents and Next's cache under /{tenant} (tag `tenant:{slug}`). */
export function refreshTenantPages(tenantSlug: string): Promise<void> {
  return refreshPagesEverywhere({ tenant: tenantSlug, next: { paths: [{ path: `/${tenantSlug}`, type: 'layout' }], tags: [tenantCacheTag(tenantSlug)] } });
}
