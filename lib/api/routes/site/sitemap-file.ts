import { endpoint } from '@/lib/api/endpoint';
import { notFound } from '@/lib/api/errors';
import { tenantSitemapFiles } from '@/lib/seo/sitemap-files';
import { parseSitemapFileName, urlsetXml } from '@/lib/seo/sitemap';

/** One child sitemap ("/sitemap/0.xml") of the tenant that owns the Host, with per-language alternates. */
export const GET = endpoint({}, async ({ db, tenant, params }) => {
  const index = parseSitemapFileName(String(params.file ?? ''));
  const files = await tenantSitemapFiles(db, tenant);
  const urls = index === undefined ? undefined : files[index];
  if (!urls) throw notFound('No such sitemap.');
  return new Response(urlsetXml(urls), { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=300', vary: 'Host' } });
});
