/**
 * Locale-aware Link, router and pathname helpers: every link is built here, never by hand.
 * Light versions of next-intl's (lib/i18n/client-navigation.tsx): the same API over next/link
 * and next/navigation, without next-intl's navigation code in every page's first-load
 * JavaScript (issue 17). Server code builds paths with lib/i18n/locale-href.ts (`getPathname`,
 * `redirect`), which reads the market table; this module must not import it.
 */
export { Link, usePathname, useRouter } from './client-navigation';
