import { route } from '@/lib/api/handler';
import { siteOrigin } from '@/lib/seo/origin';
import { robotsTxt } from '@/lib/seo/robots';

export const dynamic = 'force-dynamic';

/** robots.txt of the tenant that owns the Host, pointing at its own sitemap index. */
export const GET = route({}, async ({ tenant }) =>
  new Response(robotsTxt(siteOrigin(tenant)), {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=300', vary: 'Host' },
  }),
);
