import { siteOrigin } from '@/lib/seo/origin';
import { ownDomainRedirect } from '@/lib/tenancy/host-pages';
import type { ResolvedTenant } from '@/lib/tenancy/resolve';

/** robots.txt and sitemaps asked on an operator's old host once its own domain is verified: 308 to the same file there. */
export function ownDomainMove(
  resolved: { tenant: ResolvedTenant['tenant']; mode: ResolvedTenant['mode']; hostKind: ResolvedTenant['host'] },
  url: URL,
): Response | undefined {
  if (!ownDomainRedirect({ mode: resolved.mode, host: resolved.hostKind, domain: resolved.tenant.domain }, url.pathname)) return undefined;
  return new Response(null, {
    status: 308,
    headers: { location: `${siteOrigin(resolved.tenant)}${url.pathname}${url.search}`, 'cache-control': 'public, max-age=300', vary: 'Host' },
  });
}
