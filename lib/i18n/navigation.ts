import { redirect as nextRedirect } from 'next/navigation';
import { getPathname, type Href } from './locale-href';

/**
 * Locale-aware Link, router and pathname helpers: every link is built here, never by hand.
 * Light versions of next-intl's (lib/i18n/client-navigation.tsx): the same API over next/link
 * and next/navigation, without next-intl's navigation code in every page's first-load
 * JavaScript (issue 17). The prefixes come from the one market table (lib/i18n/markets.ts).
 */
export { Link, usePathname, useRouter } from './client-navigation';
export { getPathname };

/** Server-side redirect to an app path in a locale. */
export function redirect({ href, locale }: { href: Href; locale: string }): never {
  return nextRedirect(getPathname({ href, locale }));
}
