import { fromLocaleTag, localizedPath, marketPrefix } from './markets';

/** An app path ("/user/home") or one with a query, as links and the router take them. */
export type Href = string | { pathname: string; query?: Record<string, string | number | undefined> };

/** The cookie that remembers the chosen locale (a BCP-47 tag such as "ta-IN"), kept a year. */
export const LOCALE_COOKIE = 'NEXT_LOCALE';
export const LOCALE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/|#)/i;

/** The URL of an app path in a locale: "/user/home" in "ta-IN" -> "/in/ta/user/home" (queries kept; absolute URLs and fragments as they are). */
export function getPathname({ href, locale }: { href: Href; locale: string }): string {
  const path = typeof href === 'string' ? href : href.pathname;
  if (EXTERNAL.test(path)) return path;
  const market = fromLocaleTag(locale);
  const localized = market ? localizedPath(market, path) : path;
  if (typeof href === 'string' || !href.query) return localized;
  const query = new URLSearchParams(Object.entries(href.query).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]]))).toString();
  return query ? `${localized}?${query}` : localized;
}

/** A browser path without its locale prefix: "/in/ta/user/home" in "ta-IN" -> "/user/home". */
export function unlocalizedPath(pathname: string, locale: string): string {
  const market = fromLocaleTag(locale);
  if (!market) return pathname;
  const prefix = marketPrefix(market);
  if (pathname === prefix) return '/';
  return pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length) : pathname;
}
