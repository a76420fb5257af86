import 'server-only';
import { refreshPagesEverywhere } from '@/lib/http/purge';

/** Renders an operator's pages afresh (its fares or settings changed) on every instance: the front door's documents and Next's cache under /{tenant}. */
export function refreshTenantPages(tenantSlug: string): void {
  void refreshPagesEverywhere({ tenant: tenantSlug, next: { paths: [{ path: `/${tenantSlug}`, type: 'layout' }], tags: [] } });
}
