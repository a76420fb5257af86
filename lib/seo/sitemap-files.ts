import 'server-only';
import type { Db } from '@/lib/db/client';
import { siteOrigin } from './origin';
import { chunkUrls, sitemapUrls, type SitemapUrl } from './sitemap';
import { tenantSitemapPages, type SitemapTenant } from './sitemap-pages';

/** A tenant's sitemap URLs on its own origin, split into files of at most 50,000. */
export async function tenantSitemapFiles(db: Db, tenant: SitemapTenant): Promise<SitemapUrl[][]> {
  return chunkUrls(sitemapUrls(siteOrigin(tenant), await tenantSitemapPages(db, tenant)));
}
