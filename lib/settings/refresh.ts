import 'server-only';
import { refreshTenantPages } from '@/lib/seo/refresh';
import { forgetPlaceSearchContext } from '@/lib/tenancy/service-area';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import { forgetShareImages } from './share-image';

/** A business setting changed: the rider site shows it at once (cached documents purged, pages revalidated, tenant and city caches dropped). */
export function settingsChanged(tenant: { id: number; slug: string }): void {
  clearTenantCache();
  forgetPlaceSearchContext(tenant.id);
  forgetShareImages(tenant.slug);
  refreshTenantPages(tenant.slug);
}
