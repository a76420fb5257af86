import 'server-only';
import { clusterTopic } from '@/lib/cluster/bus';
import { refreshOperatorPages } from '@/lib/page-cache';
import { forgetPlaceSearchContext } from '@/lib/tenancy/service-area';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import { forgetShareImages } from './share-image';

/** The tenant's place-search cities and held share images, dropped here and on every other instance. */
const forgetTenantCopies = clusterTopic<{ id: number; slug: string }>('settings', (tenant) => {
  forgetPlaceSearchContext(tenant.id);
  forgetShareImages(tenant.slug);
});

/**
 * A business setting changed: the host-to-tenant cache, the place-search cities and held share images go,
 * here and on every instance, then the operator's pages (lib/page-cache). It resolves once this instance
 * shows the change, so the settings answer means the rider site shows it.
 */
export async function settingsChanged(tenant: { id: number; slug: string }): Promise<void> {
  clearTenantCache();
  await forgetTenantCopies({ id: tenant.id, slug: tenant.slug });
  await refreshOperatorPages(tenant.slug);
}
