import { getRequestConfig } from 'next-intl/server';
import { hasLocale } from 'next-intl';
import { routing } from './routing';
import { loadMessages } from './messages';
import { COUNTRIES, fromLocaleTag } from './markets';

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  const market = fromLocaleTag(locale)!;
  return {
    locale,
    messages: await loadMessages(locale),
    timeZone: COUNTRIES[market.country].timeZone,
    formats: {
      dateTime: {
        short: { day: 'numeric', month: 'short', year: 'numeric' },
        time: { hour: 'numeric', minute: '2-digit', hour12: true },
      },
    },
  };
});
