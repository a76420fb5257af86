import { route } from '@/lib/api/handler';
import { notFound } from '@/lib/api/errors';
import { sitemapFileResponse } from '@/lib/seo/sitemap-files';

export const dynamic = 'force-dynamic';

/** One child sitemap ("/sitemap/0.xml") of the tenant that owns the Host, with per-language alternates. */
export const GET = route({}, async ({ db, tenant, params }) => {
  const response = await sitemapFileResponse(db, tenant, String(params.file ?? ''));
  if (!response) throw notFound('No such sitemap.');
  return response;
});
