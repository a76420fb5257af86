/**
 * Host -> host mode and tenant (docs/architecture/tenancy.md#hosts-and-modes). Pure: no database, no env reads.
 *
 * | host                                   | mode     | tenant            |
 * | PLATFORM_HOST                           | platform | the platform      |
 * | MAIN_HOST or TRAVEL_HOST                | user     | default tenant    |
 * | {slug}.AGGREGATOR_HOST                  | business | slug              |
 * | localhost or {slug}.TRAVEL_HOST         | client   | default / slug    |
 * | anything else (a business's own domain) | user     | looked up by domain |
 */
export type HostMode = 'user' | 'business' | 'client' | 'platform';

export type HostConfig = {
  /** The platform's own host (sales page, operator signup and login). */
  platformHost?: string;
  mainHost?: string;
  travelHost: string;
  aggregatorHost?: string;
  defaultTenant: string;
};

export type HostResolution =
  | { kind: 'tenant'; mode: HostMode; slug: string }
  | { kind: 'platform'; mode: 'platform' }
  | { kind: 'domain'; mode: 'user'; domain: string }
  | { kind: 'invalid' };

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;

/** The platform's own row in `businesses` (codes and signups hang on it); never an operator's subdomain. */
export const PLATFORM_SLUG = 'platform';

/** Lower-cased host without port, or undefined when the header is not a host name. */
export function normaliseHost(header: string | null | undefined): string | undefined {
  if (!header || header.length > 255) return undefined;
  const value = header.trim().toLowerCase();
  const host = value.startsWith('[') ? value.slice(0, value.indexOf(']') + 1) : value.replace(/:\d{1,5}$/, '');
  if (host === '[::1]') return host;
  if (!/^[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?$/.test(host) || host.includes('..')) return undefined;
  return host;
}

function subdomainOf(host: string, parent: string): string | undefined {
  if (!host.endsWith(`.${parent}`)) return undefined;
  const sub = host.slice(0, -(parent.length + 1));
  return SLUG.test(sub) && sub !== PLATFORM_SLUG ? sub : undefined;
}

export function resolveHost(header: string | null | undefined, config: HostConfig): HostResolution {
  const host = normaliseHost(header);
  if (!host) return { kind: 'invalid' };
  if (config.platformHost && host === config.platformHost) return { kind: 'platform', mode: 'platform' };
  if (host === config.mainHost || host === config.travelHost) {
    return { kind: 'tenant', mode: 'user', slug: config.defaultTenant };
  }
  if (config.aggregatorHost) {
    const slug = subdomainOf(host, config.aggregatorHost);
    if (slug) return { kind: 'tenant', mode: 'business', slug };
  }
  if (LOOPBACK.has(host)) return { kind: 'tenant', mode: 'client', slug: config.defaultTenant };
  const travelSlug = subdomainOf(host, config.travelHost);
  if (travelSlug) return { kind: 'tenant', mode: 'client', slug: travelSlug };
  return { kind: 'domain', mode: 'user', domain: host.replace(/^www\./, '') };
}

/** The home each host mode's root redirects to (docs/architecture/tenancy.md#hosts-and-modes). */
export const HOME_PATH: Record<HostMode, string> = {
  user: '/user/home',
  business: '/business/home',
  client: '/travel/home',
  platform: '',
};
