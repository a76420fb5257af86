import { HOME_PATH, type HostMode } from './host';

/**
 * Which pages belong to which kind of host (issue 13 §2, issue 20 item 6).
 * Pure: the middleware applies these after the locale is known; `rest` is the
 * path after /{country}/{lang} ('' for the landing).
 */

/** The platform's sales and signup pages: on the platform's host only. */
export const PLATFORM_SALES_PAGES: ReadonlySet<string> = new Set([
  '',
  '/signup',
  '/signup/delivery/partner',
  '/business/signup',
  '/travelx/partner/signup',
  '/deliverx/partner/signup',
  '/campaign/driver/app',
  '/campaign/airport/shuttle',
  '/campaign/attach/vehicles',
]);

/** What else the platform's host serves: operator login (it hands over to the operator's console), legal pages, its 404. */
const PLATFORM_OTHER_PAGES: ReadonlySet<string> = new Set([
  '/travel/login',
  '/delivery/login',
  '/privacy',
  '/terms',
  '/user/privacy/policy',
  '/user/terms',
  '/user/support',
  '/contact-us',
  '/page-not-found',
]);

/** Console and driver paths: they stay on the operator's platform subdomain after it moves its rider site to its own domain. */
const CONSOLE_PATH = /^(?:\/[a-z]{2}\/[a-z]{2})?\/(travel|delivery|driver)(\/|$)/i;

/**
 * The operator's old host ({slug}.TRAVEL_HOST, or the main host for the default
 * operator) once its own domain is verified: every path but the console's and
 * the driver app's answers 308 to the same path and query on the domain.
 */
export function ownDomainRedirect(
  input: { mode: HostMode; host: 'platform' | 'domain' | 'platform-subdomain'; domain?: string | null },
  pathname: string,
): string | undefined {
  if (input.host !== 'platform-subdomain' || !input.domain || (input.mode !== 'user' && input.mode !== 'client')) return undefined;
  return CONSOLE_PATH.test(pathname) ? undefined : input.domain;
}

/** The route table's top-level console paths: each answers with its console page. */
export const CONSOLE_ALIASES: Readonly<Record<string, string>> = {
  '/rides': '/travel/rides',
  '/drivers': '/travel/drivers',
  '/events': '/travel/events',
  '/map': '/travel/map',
};

export type HostPageDecision =
  | { action: 'route' }
  /** Not served on this host: answer the host's own 404 page. */
  | { action: 'not-found' }
  /** Another page of this host answers (under the same /{country}/{lang}): `path` after the prefix. */
  | { action: 'redirect'; path: string }
  /** A signup page asked on an operator's business site: the same page on the platform's host. */
  | { action: 'platform' };

export function decideHostPage(input: { mode: HostMode }, rest: string): HostPageDecision {
  const path = rest.replace(/\/+$/, '');
  if (input.mode === 'platform') {
    return PLATFORM_SALES_PAGES.has(path) || PLATFORM_OTHER_PAGES.has(path) ? { action: 'route' } : { action: 'not-found' };
  }
  const alias = CONSOLE_ALIASES[path];
  if (alias) return { action: 'redirect', path: alias };
  // the business site ({slug}.AGGREGATOR_HOST) keeps its home and login; signing up a new business is the platform's
  if (input.mode === 'business') return path && PLATFORM_SALES_PAGES.has(path) ? { action: 'platform' } : { action: 'route' };
  // /{country}/{lang} is the host's own home (the console's on a console host); the platform's sales pages lead to the rider home
  if (path === '') return { action: 'redirect', path: HOME_PATH[input.mode] };
  if (PLATFORM_SALES_PAGES.has(path)) return { action: 'redirect', path: HOME_PATH.user };
  return { action: 'route' };
}
