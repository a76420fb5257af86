import { defineRouting } from 'next-intl/routing';
import { DEFAULT_LOCALE_TAG, fromLocaleTag, LOCALE_TAGS, marketPrefix } from './markets';

/** The cookie that remembers the chosen locale (a BCP-47 tag such as "ta-IN"). */
export const LOCALE_COOKIE = 'NEXT_LOCALE';

const prefixes = Object.fromEntries(LOCALE_TAGS.map((tag) => [tag, marketPrefix(fromLocaleTag(tag)!)]));

/** next-intl's view of the market table: locales are BCP-47 tags, URLs carry /{country}/{lang}. */
export const routing = defineRouting({
  locales: LOCALE_TAGS as string[],
  defaultLocale: DEFAULT_LOCALE_TAG,
  localePrefix: { mode: 'always', prefixes },
  localeCookie: { name: LOCALE_COOKIE, maxAge: 60 * 60 * 24 * 365, sameSite: 'lax' },
  alternateLinks: false,
});
