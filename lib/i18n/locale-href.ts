import { fromLocaleTag, marketPrefix } from './markets';
import { prefixedHref, unprefixedPath, type Href } from './prefix';

export { type Href } from './prefix';

/** The URL of an app path in a locale: "/user/home" in "ta-IN" -> "/in/ta/user/home" (queries kept; absolute URLs and fragments as they are). */
export function getPathname({ href, locale }: { href: Href; locale: string }): string {
  const market = fromLocaleTag(locale);
  return market ? prefixedHref(marketPrefix(market), href) : prefixedHref('', href);
}

/** A browser path without its locale prefix: "/in/ta/user/home" in "ta-IN" -> "/user/home". */
export function unlocalizedPath(pathname: string, locale: string): string {
  const market = fromLocaleTag(locale);
  return market ? unprefixedPath(pathname, marketPrefix(market)) : pathname;
}
