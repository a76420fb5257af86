/**
 * Calendar dates for the console, through Intl (English reads en-US style,
 * as lib/i18n/format.ts does for times). Amounts and date-times go through
 * lib/i18n/format.ts.
 */
const dateLocale = (locale: string) => (locale.startsWith('en') ? 'en-US' : locale);

const STYLES = {
  long: { day: 'numeric', month: 'short', year: 'numeric' },
  short: { day: 'numeric', month: 'short' },
  month: { month: 'short', year: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/** A local date ("2026-05-01") or month ("2026-05") as written, with no zone shift. */
export function formatDay(day: string, locale: string, style: keyof typeof STYLES = 'long'): string {
  const date = new Date(`${day.length === 7 ? `${day}-01` : day}T00:00:00Z`);
  return new Intl.DateTimeFormat(dateLocale(locale), { ...STYLES[style], timeZone: 'UTC', numberingSystem: 'latn' }).format(date);
}

/** The calendar date of an instant in the business's zone, e.g. "May 1, 2026" ("May 1" short). */
export function formatInstantDay(instant: string | Date, locale: string, timeZone: string, style: keyof typeof STYLES = 'long'): string {
  return new Intl.DateTimeFormat(dateLocale(locale), { ...STYLES[style], timeZone, numberingSystem: 'latn' }).format(new Date(instant));
}

/** "10%" or "12.5%" from basis points. */
export function formatPercentBps(bps: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2, numberingSystem: 'latn' }).format(bps / 10_000);
}
