import { env } from '@/lib/env';
import { resolveHost, type HostMode } from './host';
import { findTenantByDomain, findTenantBySlug, type Tenant } from './queries';

export type ResolvedTenant = { tenant: Tenant; mode: HostMode };

const TTL_MS = 30_000;
type HostCache = Map<string, { value: ResolvedTenant | null; expires: number }>;
/** On globalThis so that a settings change clears the one map both the router and Next's bundle read. */
const store = globalThis as typeof globalThis & { __tenantHostCache?: HostCache };
const cache: HostCache = (store.__tenantHostCache ??= new Map());

/** Host header -> tenant and host mode, cached briefly per host (null: no tenant answers here). */
export async function resolveTenantForHost(hostHeader: string | null | undefined): Promise<ResolvedTenant | null> {
  const config = env();
  const resolution = resolveHost(hostHeader, {
    mainHost: config.MAIN_HOST,
    travelHost: config.TRAVEL_HOST,
    aggregatorHost: config.AGGREGATOR_HOST,
    defaultTenant: config.DEFAULT_TENANT,
  });
  if (resolution.kind === 'invalid') return null;
  const key = resolution.kind === 'tenant' ? `${resolution.mode}:${resolution.slug}` : `domain:${resolution.domain}`;
  const hit = cache.get(key);
  if (hit && hit.expires > Date.now()) return hit.value;
  const tenant =
    resolution.kind === 'tenant' ? await findTenantBySlug(resolution.slug) : await findTenantByDomain(resolution.domain);
  const value = tenant ? { tenant, mode: resolution.mode } : null;
  if (cache.size > 5000) cache.clear();
  cache.set(key, { value, expires: Date.now() + TTL_MS });
  return value;
}

export function clearTenantCache(): void {
  cache.clear();
}
