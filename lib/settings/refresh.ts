import 'server-only';
import { clusterTopic } from '@/lib/cluster/bus';
import { refreshPagesEverywhere } from '@/lib/http/purge';
import { tenantCacheTag } from '@/lib/tenancy/cache-tag';
import { forgetPlaceSearchContext } from '@/lib/tenancy/service-area';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import { forgetShareImages } from './share-image';

/** The tenant's place-search cities and held share images, dropped here and on every other instance. */
const forgetTenantCopies = clusterTopic<{ id: number; slug: string }>('settings', (tenant) => {
  forgetPlaceSearchContext(tenant.id);
  forgetShareImages(tenant.slug);
});

/**
 * A business setting changed: the rider site shows it at once, on every
 * instance, the way a fare change does (lib/seo/refresh.ts, the same notice): the front door's
 * cached documents of the tenant are purged and Next's cache of its pages (tag
 * `tenant:{slug}`) is revalidated, then the documents are purged again (a page
 * asked for meanwhile could be the old one); the host-to-tenant cache, the
 * place-search cities and held share images go too. It resolves once this
 * instance's Next has dropped the old pages, so the settings answer means the
 * rider site shows the change (other instances follow on the notice).
 */
export async function settingsChanged(tenant: { id: number; slug: string }): Promise<void> {
  clearTenantCache();
  await forgetTenantCopies({ id: tenant.id, slug: tenant.slug });
  await refreshPagesEverywhere({ tenant: tenant.slug, next: { paths: [{ path: `/${tenant.slug}`, type: 'layout' }], tags: [tenantCacheTag(tenant.slug)] } });
}
