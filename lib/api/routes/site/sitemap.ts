import { ownDomainMove } from './own-domain';
import { endpoint } from '@/lib/api/endpoint';
import { sitemapIndexResponse } from '@/lib/seo/sitemap-files';

/** The sitemap index of the tenant that owns the Host: one child file per 50,000 URLs or 50 MiB. */
export const GET = endpoint(
  {},
  async ({ db, tenant, mode, hostKind, url }) => ownDomainMove({ tenant, mode, hostKind }, url) ?? sitemapIndexResponse(db, tenant),
);
