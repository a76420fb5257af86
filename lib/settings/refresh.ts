import 'server-only';
import { purgeTenantDocuments } from '@/lib/http/document-cache';
import { revalidate } from '@/lib/http/revalidate';
import { forgetPlaceSearchContext } from '@/lib/tenancy/service-area';
import { tenantCacheTag } from '@/lib/tenancy/cache-tag';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import { forgetShareImages } from './share-image';

/**
 * A business setting changed: the rider site shows it at once, the way a fare
 * change does (lib/seo/refresh.ts): the front door's cached documents of the
 * tenant are purged and Next's cache of its pages (tag `tenant:{slug}`) is revalidated; the
 * host-to-tenant cache, the place-search cities and held share images go too.
 * It resolves once Next has dropped the old pages, so the settings answer means
 * the rider site shows the change.
 */
export async function settingsChanged(tenant: { id: number; slug: string }): Promise<void> {
  clearTenantCache();
  forgetPlaceSearchContext(tenant.id);
  forgetShareImages(tenant.slug);
  purgeTenantDocuments(tenant.slug);
  // the answer waits for Next: a page asked for meanwhile could be the old one, so the documents are purged again after
  await revalidate({ paths: [{ path: `/${tenant.slug}`, type: 'layout' }], tags: [tenantCacheTag(tenant.slug)] });
  purgeTenantDocuments(tenant.slug);
}
