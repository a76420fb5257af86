import { ownDomainMove } from './own-domain';
import { endpoint } from '@/lib/api/endpoint';
import { siteOrigin } from '@/lib/seo/origin';
import { robotsTxt } from '@/lib/seo/robots';

/** robots.txt of the tenant that owns the Host, pointing at its own sitemap index. */
export const GET = endpoint(
  {},
  async ({ tenant, mode, hostKind, url }) =>
    ownDomainMove({ tenant, mode, hostKind }, url) ??
    new Response(robotsTxt(siteOrigin(tenant)), {
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=300', vary: 'Host' },
    }),
);
