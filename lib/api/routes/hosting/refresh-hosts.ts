import type { Db } from '@/lib/db/client';
import { refreshPagesEverywhere } from '@/lib/http/purge';
import { toLocaleTag } from '@/lib/i18n/markets';
import { logger } from '@/lib/log';
import { tenantSitemapPages } from '@/lib/seo/sitemap-pages';
import { tenantCacheTag } from '@/lib/tenancy/cache-tag';
import { clearTenantCache, HOST_CACHE_TTL_MS } from '@/lib/tenancy/resolve';
import type { Tenant } from '@/lib/tenancy/queries';

/**
 * Renders afresh every page whose canonical, hreflang or sitemap names the
 * operator's origin: each indexable page (the sitemap's list) in each of its
 * markets by its internal path, and the tenant its pages read from Next's
 * data cache, on every instance. (A layout revalidation of `/{slug}` alone was measured here to
 * leave an already rendered /{slug}/en-IN/user/home stale.)
 */
async function refreshOriginPages(db: Db, tenant: Pick<Tenant, 'id' | 'slug' | 'domain' | 'countryCode' | 'language' | 'currency'>): Promise<void> {
  const pages = await tenantSitemapPages(db, tenant);
  const paths = pages.flatMap((page) => page.markets.map((market) => ({ path: `/${tenant.slug}/${toLocaleTag(market)}${page.href}` })));
  // the tag re-reads the tenant that pages take from Next's data cache (lib/tenancy/page-tenant.ts)
  // on every instance: each purges its front-door copies and revalidates its own Next cache
  await refreshPagesEverywhere({
    tenant: tenant.slug,
    next: { paths: [...paths, { path: `/${tenant.slug}`, type: 'layout' }], tags: [tenantCacheTag(tenant.slug)] },
  });
}

/**
 * After an operator's domain changes: forget the host cache here and render its
 * pages afresh, then once more when every process's copy of the host cache has
 * expired (a page rendered in between would keep the old origin).
 */
export function refreshOperatorHosts(db: Db, tenant: Pick<Tenant, 'id' | 'slug' | 'domain' | 'countryCode' | 'language' | 'currency'>): void {
  const run = () => {
    clearTenantCache();
    refreshOriginPages(db, tenant).catch((err: unknown) => logger.warn({ err, tenant: tenant.slug }, 'pages not refreshed after a domain change'));
  };
  run();
  setTimeout(run, HOST_CACHE_TTL_MS + 1_000).unref();
}
