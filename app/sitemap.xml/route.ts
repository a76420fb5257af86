import { route } from '@/lib/api/handler';
import { sitemapIndexResponse } from '@/lib/seo/sitemap-files';

export const dynamic = 'force-dynamic';

/** The sitemap index of the tenant that owns the Host: one child file per 50,000 URLs or 50 MiB. */
export const GET = route({}, async ({ db, tenant }) => sitemapIndexResponse(db, tenant));
