import 'server-only';
import { purgeTenantDocuments } from '@/lib/http/document-cache';
import { revalidate } from '@/lib/http/revalidate';
import { tenantCacheTag } from '@/lib/tenancy/cache-tag';

/** Renders an operator's pages afresh (its fares changed): the front door's documents and Next's cache under /{tenant}. */
export function refreshTenantPages(tenantSlug: string): void {
  purgeTenantDocuments(tenantSlug);
  void revalidate({ paths: [{ path: `/${tenantSlug}`, type: 'layout' }], tags: [tenantCacheTag(tenantSlug)] });
}
