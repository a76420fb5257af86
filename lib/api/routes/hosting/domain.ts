import { z } from 'zod';
import { endpoint } from '@/lib/api/endpoint';
import { claimDomain, readDomain, removeDomain } from '@/lib/hosting/domains';
import { PARTNER_ROLES } from '@/lib/partner/schemas';
import { refreshOperatorHosts } from './refresh-hosts';

const bodySchema = z.object({ domain: z.string().max(300) });

/** The operator's own domain: the claim, whether it is verified, the DNS records to add, and the domain live now. */
export const GET = endpoint({ auth: PARTNER_ROLES }, async ({ db, tenant }) => ({ success: true, data: await readDomain(db, tenant) }));

/** Claims a domain (malformed, the platform's own or another operator's: 400/409 naming `domain`); the TXT token to publish comes back. */
export const PUT = endpoint({ auth: PARTNER_ROLES, body: bodySchema }, async ({ db, tenant, body }) => ({
  success: true,
  data: await claimDomain(db, tenant, body.domain),
}));

/** Drops the domain: the rider site is served on the platform subdomain again at once. */
export const DELETE = endpoint({ auth: PARTNER_ROLES }, async ({ db, tenant }) => {
  const { hadLive } = await removeDomain(db, tenant);
  if (hadLive) {
    refreshOperatorHosts(tenant.slug);
  }
  return { success: true, data: await readDomain(db, tenant) };
});
