/** Times of day (./format), in a module of its own: the booking form's first load needs only these. */
export const numbering = { numberingSystem: 'latn' } as const;

/** English times read "8:00 PM" (en-US style, docs/requirements/markets.md#formatting) in every English market; other languages keep their own. */
export function timeLocale(locale: string): string {
  return locale.startsWith('en') ? 'en-US' : locale;
}

/** ICU puts a narrow no-break space before AM/PM; a plain space reads and matches the same everywhere. */
export const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

/** "8:00 PM" */
export function formatTime(iso: string | Date, locale: string, timeZone?: string): string {
  return plainSpaces(
    new Intl.DateTimeFormat(timeLocale(locale), { hour: 'numeric', minute: '2-digit', hour12: true, timeZone, ...numbering }).format(new Date(iso)),
  );
}
