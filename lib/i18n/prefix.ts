/**
 * Locale prefixes for the browser's links and router, without the market table: a locale tag's
 * URL prefix is its region in lower case and its language ("ta-IN" -> "/in/ta"), the United
 * Kingdom being "uk" (GB). tests/unit/lib/i18n/locale-href.test.ts holds this to
 * `marketPrefix(fromLocaleTag(tag))` for every locale, so the table stays the one source.
 */

/** An app path ("/user/home") or one with a query, as links and the router take them. */
export type Href = string | { pathname: string; query?: Record<string, string | number | undefined> };

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/|#)/i;

export function prefixOfTag(tag: string): string {
  const [lang = '', region = ''] = tag.split('-');
  const country = region.toLowerCase() === 'gb' ? 'uk' : region.toLowerCase();
  return `/${country}/${lang.toLowerCase()}`;
}

/** An app path under a prefix, with its query; absolute URLs and fragments as they are. */
export function prefixedHref(prefix: string, href: Href): string {
  const path = typeof href === 'string' ? href : href.pathname;
  if (EXTERNAL.test(path)) return path;
  const localized = `${prefix}${path === '/' ? '' : path}`;
  if (typeof href === 'string' || !href.query) return localized;
  const query = new URLSearchParams(Object.entries(href.query).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]]))).toString();
  return query ? `${localized}?${query}` : localized;
}

/** A browser path without a prefix: ("/in/ta/user/home", "/in/ta") -> "/user/home". */
export function unprefixedPath(pathname: string, prefix: string): string {
  if (pathname === prefix) return '/';
  return pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length) : pathname;
}

/** The cookie that remembers the chosen locale (a BCP-47 tag such as "ta-IN"), kept a year. */
export const LOCALE_COOKIE = 'NEXT_LOCALE';
export const LOCALE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;
