import { endpoint } from '@/lib/api/endpoint';
import { verifyDomain } from '@/lib/hosting/domains';
import { PARTNER_ROLES } from '@/lib/partner/schemas';
import { refreshOperatorHosts } from './refresh-hosts';

/**
 * Looks up the TXT record through the resolver. Verified: the domain serves the
 * rider site, canonicals and sitemaps move to it, the old host answers 308.
 * Not verified: 400 naming `domain` with what the DNS answered (dns_nxdomain,
 * dns_missing_txt, dns_wrong_token, dns_timeout, dns_dns_error).
 */
export const POST = endpoint({ auth: PARTNER_ROLES }, async ({ db, tenant }) => {
  const data = await verifyDomain(db, tenant);
  refreshOperatorHosts(tenant.slug);
  return { success: true, data };
});
