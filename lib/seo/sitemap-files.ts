import 'server-only';
import type { Db } from '@/lib/db/client';
import { siteOrigin } from './origin';
import {
  parseSitemapFileName,
  planSitemapFiles,
  sitemapFileUrl,
  sitemapIndexXml,
  sitemapUrls,
  urlsetStream,
  type SitemapFile,
  type SitemapUrl,
} from './sitemap';
import { tenantSitemapPages, type SitemapTenant } from './sitemap-pages';

export type TenantSitemaps = { urls: SitemapUrl[]; files: SitemapFile[] };

/** A tenant's sitemap URLs on its own origin, and their split into files under 50,000 URLs and 50 MiB each. */
export async function tenantSitemapFiles(db: Db, tenant: SitemapTenant): Promise<TenantSitemaps> {
  const urls = sitemapUrls(siteOrigin(tenant), await tenantSitemapPages(db, tenant));
  return { urls, files: planSitemapFiles(urls) };
}

const XML_HEADERS = { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=300', vary: 'Host' };

/** The sitemap index: one child per file, each with the newest lastmod of its URLs. */
export async function sitemapIndexResponse(db: Db, tenant: SitemapTenant): Promise<Response> {
  const origin = siteOrigin(tenant);
  const { files } = await tenantSitemapFiles(db, tenant);
  return new Response(sitemapIndexXml(files.map((file, index) => ({ loc: sitemapFileUrl(origin, index), lastModified: file.lastModified }))), {
    headers: XML_HEADERS,
  });
}

/** One child sitemap by file name ("3.xml"), streamed; undefined when there is no such file. */
export async function sitemapFileResponse(db: Db, tenant: SitemapTenant, name: string): Promise<Response | undefined> {
  const index = parseSitemapFileName(name);
  if (index === undefined) return undefined;
  const { urls, files } = await tenantSitemapFiles(db, tenant);
  const file = files[index];
  if (!file) return undefined;
  return new Response(urlsetStream(urls.slice(file.start, file.end)), { headers: XML_HEADERS });
}
