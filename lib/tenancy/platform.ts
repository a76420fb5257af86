import { env, type Env } from '@/lib/env';
import { PLATFORM_SLUG } from './host';

/** The platform's own host: PLATFORM_HOST, else platform.{TRAVEL_HOST} (platform.localhost in development). */
export function platformHost(config: Pick<Env, 'PLATFORM_HOST' | 'TRAVEL_HOST'> = env()): string {
  return config.PLATFORM_HOST ?? `${PLATFORM_SLUG}.${config.TRAVEL_HOST}`;
}

/** The platform's name (PLATFORM_NAME, default "Travelsx"). */
export function platformName(): string {
  return env().PLATFORM_NAME;
}

/** Whether a tenant is the platform itself (its host, its signup), not an operator. */
export function isPlatformTenant(tenant: { slug: string }): boolean {
  return tenant.slug === PLATFORM_SLUG;
}

/** The platform's public origin for links from operator hosts (same scheme and port rules as siteOrigin). */
export function platformOrigin(requestHost?: string): string {
  const host = platformHost();
  const local = host === 'localhost' || host.endsWith('.localhost');
  const scheme = env().PUBLIC_ORIGIN_SCHEME ?? (local ? 'http' : 'https');
  const port = requestHost ? /:(\d+)$/.exec(requestHost)?.[1] : local ? String(env().PORT) : undefined;
  return `${scheme}://${host}${port ? `:${port}` : ''}`;
}
