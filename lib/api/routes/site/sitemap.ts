import { endpoint } from '@/lib/api/endpoint';
import { tenantSitemapFiles } from '@/lib/seo/sitemap-files';
import { sitemapFileUrl, sitemapIndexXml } from '@/lib/seo/sitemap';
import { siteOrigin } from '@/lib/seo/origin';

/** The sitemap index of the tenant that owns the Host: one child file per 50,000 URLs. */
export const GET = endpoint({}, async ({ db, tenant }) => {
  const origin = siteOrigin(tenant);
  const files = await tenantSitemapFiles(db, tenant);
  const xml = sitemapIndexXml(files.map((_, index) => ({ loc: sitemapFileUrl(origin, index) })));
  return new Response(xml, { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=300', vary: 'Host' } });
});
