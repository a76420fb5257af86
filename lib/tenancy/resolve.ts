import { LRUCache } from 'lru-cache';
import { env } from '@/lib/env';
import { clusterTopic } from '@/lib/cluster/bus';
import { PLATFORM_SLUG, resolveHost, type HostMode } from './host';
import { platformHost } from './platform';
import { findTenantByDomain, findTenantBySlug, type Tenant } from './queries';

/** `host`: how the Host named the tenant (the platform's host, an operator's own domain, or a platform subdomain / main host). */
export type ResolvedTenant = { tenant: Tenant; mode: HostMode; host: 'platform' | 'domain' | 'platform-subdomain' };

/** How long a host's tenant is reused before it is read again (ms); a domain change is seen everywhere within it. */
export const HOST_CACHE_TTL_MS = 10_000;
const TTL_MS = HOST_CACHE_TTL_MS;
/** By host key; `value` null when no tenant answers there. At most 5,000 hosts: junk Host headers push out the least used, never every tenant at once. */
type HostCache = LRUCache<string, { value: ResolvedTenant | null }>;
// One cache per process, shared by the API router and Next's middleware bundle (separate module instances),
// so a verified or removed domain is seen by both at once after clearTenantCache().
const holder = globalThis as typeof globalThis & { __tenantHostCache?: HostCache };
const cache: HostCache = (holder.__tenantHostCache ??= new LRUCache({ max: 5_000, ttl: TTL_MS }));

/** Host header -> tenant and host mode, cached briefly per host (null: no tenant answers here). */
export async function resolveTenantForHost(hostHeader: string | null | undefined): Promise<ResolvedTenant | null> {
  const config = env();
  const resolution = resolveHost(hostHeader, {
    platformHost: platformHost(config),
    mainHost: config.MAIN_HOST,
    travelHost: config.TRAVEL_HOST,
    aggregatorHost: config.AGGREGATOR_HOST,
    defaultTenant: config.DEFAULT_TENANT,
  });
  if (resolution.kind === 'invalid') return null;
  const key =
    resolution.kind === 'tenant' ? `${resolution.mode}:${resolution.slug}` : resolution.kind === 'platform' ? 'platform' : `domain:${resolution.domain}`;
  const hit = cache.get(key);
  if (hit) return hit.value;
  const tenant =
    resolution.kind === 'tenant'
      ? await findTenantBySlug(resolution.slug)
      : resolution.kind === 'platform'
        ? await findTenantBySlug(PLATFORM_SLUG)
        : await findTenantByDomain(resolution.domain);
  const host = resolution.kind === 'platform' ? 'platform' : resolution.kind === 'domain' ? 'domain' : 'platform-subdomain';
  const value: ResolvedTenant | null = tenant ? { tenant, mode: resolution.mode, host } : null;
  cache.set(key, { value });
  return value;
}

/** Forgets every host's tenant here and, by a notice, on every other instance (a tenant's slug, domain or settings changed). */
export const clearTenantCache: () => void = (
  (clear) => () =>
    void clear(null)
)(
  clusterTopic<null>(
    'tenants',
    () => {
      cache.clear();
    },
    { resync: () => cache.clear() },
  ),
);
