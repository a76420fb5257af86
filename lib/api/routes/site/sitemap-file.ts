import { ownDomainMove } from './own-domain';
import { endpoint } from '@/lib/api/endpoint';
import { notFound } from '@/lib/api/errors';
import { sitemapFileResponse } from '@/lib/seo/sitemap-files';

/** One child sitemap ("/sitemap/0.xml") of the tenant that owns the Host, with per-language alternates. */
export const GET = endpoint({}, async ({ db, tenant, mode, hostKind, url, params }) => {
  const moved = ownDomainMove({ tenant, mode, hostKind }, url);
  if (moved) return moved;
  const response = await sitemapFileResponse(db, tenant, String(params.file ?? ''));
  if (!response) throw notFound('No such sitemap.');
  return response;
});
