/** Times of day (./format), in a module of its own: the booking form's first load needs only these. */
export const numbering = { numberingSystem: 'latn' } as const;

/** English times read "8:00 PM" (en-US style, docs/requirements/markets.md#formatting) in every English market; other languages keep their own. */
export function timeLocale(locale: string): string {
  return locale.startsWith('en') ? 'en-US' : locale;
}

/** ICU puts a narrow no-break space before AM/PM; a plain space reads and matches the same everywhere. */
export const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

/**
 * An Intl formatter kept by `key` (its kind, locale and time zone or unit): building one costs a fraction of a
 * millisecond, using it a microsecond, and every message, page and list formats many. At most 500 are kept (a
 * handful of languages and time zones need a few dozen); past that the map starts again.
 */
export function keptFormatter<F extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => F): F {
  let formatter = formatters.get(key) as F | undefined;
  if (!formatter) {
    if (formatters.size >= 500) formatters.clear();
    formatters.set(key, (formatter = make()));
  }
  return formatter;
}

/** "8:00 PM" */
export function formatTime(iso: string | Date, locale: string, timeZone?: string): string {
  const format = keptFormatter(
    `time|${locale}|${timeZone ?? ''}`,
    () => new Intl.DateTimeFormat(timeLocale(locale), { hour: 'numeric', minute: '2-digit', hour12: true, timeZone, ...numbering }),
  );
  return plainSpaces(format.format(new Date(iso)));
}
