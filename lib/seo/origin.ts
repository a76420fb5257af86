import { env } from '@/lib/env';
import type { Tenant } from '@/lib/tenancy/queries';
import { PLATFORM_SLUG } from '@/lib/tenancy/host';
import { platformHost } from '@/lib/tenancy/platform';

export type OriginConfig = {
  platformHost?: string;
  mainHost?: string;
  travelHost: string;
  defaultTenant: string;
  port: number;
  scheme?: 'http' | 'https';
};

export function originConfig(): OriginConfig {
  const config = env();
  return {
    platformHost: platformHost(config),
    mainHost: config.MAIN_HOST,
    travelHost: config.TRAVEL_HOST,
    defaultTenant: config.DEFAULT_TENANT,
    port: config.PORT,
    scheme: config.PUBLIC_ORIGIN_SCHEME,
  };
}

function isLocalHost(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1';
}

/** A stored domain as a bare lower-case host ("https://Cabs.example/" -> "cabs.example"). */
export function bareDomain(domain: string): string {
  return domain
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/.*$/, '');
}

/**
 * The one public origin of a tenant, used by every canonical, alternate and
 * sitemap URL: its own domain; else MAIN_HOST (or TRAVEL_HOST) for the default
 * tenant and {slug}.TRAVEL_HOST for the others. Local hosts keep http and the port.
 */
export function siteOrigin(tenant: Pick<Tenant, 'slug' | 'domain'>, config: OriginConfig = originConfig()): string {
  const host = tenant.domain
    ? bareDomain(tenant.domain)
    : tenant.slug === PLATFORM_SLUG
      ? (config.platformHost ?? `${PLATFORM_SLUG}.${config.travelHost}`)
      : tenant.slug === config.defaultTenant
        ? (config.mainHost ?? config.travelHost)
        : `${tenant.slug}.${config.travelHost}`;
  const local = isLocalHost(host);
  const scheme = config.scheme ?? (local ? 'http' : 'https');
  return `${scheme}://${host}${local ? `:${config.port}` : ''}`;
}

/** An absolute URL on the origin for a root-relative path or asset; absolute URLs pass through. */
export function absoluteUrl(origin: string, path: string): string {
  return /^https?:\/\//i.test(path) ? path : `${origin}${path.startsWith('/') ? '' : '/'}${path}`;
}
