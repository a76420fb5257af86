import { defineRouting } from 'next-intl/routing';
import { DEFAULT_LOCALE_TAG, fromLocaleTag, LOCALE_TAGS, marketPrefix } from './markets';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE } from './prefix';

export { LOCALE_COOKIE };

const prefixes = Object.fromEntries(LOCALE_TAGS.map((tag) => [tag, marketPrefix(fromLocaleTag(tag)!)]));

/** next-intl's view of the market table: locales are BCP-47 tags, URLs carry /{country}/{lang}. */
export const routing = defineRouting({
  locales: LOCALE_TAGS as string[],
  defaultLocale: DEFAULT_LOCALE_TAG,
  localePrefix: { mode: 'always', prefixes },
  localeCookie: { name: LOCALE_COOKIE, maxAge: LOCALE_COOKIE_MAX_AGE, sameSite: 'lax' },
  alternateLinks: false,
});
