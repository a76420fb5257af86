/**
 * Money, dates and times for every screen, through Intl (docs/requirements/markets.md#formatting: 2
 * decimals, the rupee sign for INR, 12-hour times with AM/PM, Latin digits).
 * Amounts arrive in minor units (paise, cents).
 */

import { keptFormatter, numbering, plainSpaces, timeLocale } from './format-time';

export { formatTime } from './format-time';

/** `signed` shows the sign of credits too ("+₹25.00", "-₹25.00"), for ledgers. */
export function formatMoney(minor: number, currency: string, locale: string, { signed = false }: { signed?: boolean } = {}): string {
  const signDisplay = signed ? 'exceptZero' : 'auto';
  const format = keptFormatter(
    `money|${locale}|${currency}|${signDisplay}`,
    () => new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay, ...numbering }),
  );
  return format.format(minor / 100);
}

/** "Tue, Nov 24, 2026, 8:00 PM" in the operator's time zone. */
export function formatDateTime(iso: string | Date, locale: string, timeZone?: string): string {
  const format = keptFormatter(
    `date-time|${locale}|${timeZone ?? ''}`,
    () =>
      new Intl.DateTimeFormat(timeLocale(locale), {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        hour12: true,
        timeZone,
        ...numbering,
      }),
  );
  return plainSpaces(format.format(new Date(iso)));
}

/** A calendar date ("2027-03-31", no time zone) as "Mar 31, 2027". */
export function formatDay(date: string, locale: string): string {
  const format = keptFormatter(
    `day|${locale}`,
    () => new Intl.DateTimeFormat(timeLocale(locale), { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC', ...numbering }),
  );
  return plainSpaces(format.format(new Date(`${date}T00:00:00Z`)));
}

/** Kilometres with one decimal, e.g. "452.3 km". */
export function formatKm(meters: number, locale: string): string {
  const format = keptFormatter(
    `km|${locale}`,
    () => new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilometer', maximumFractionDigits: 1, ...numbering }),
  );
  return format.format(meters / 1000);
}

/** "7 h 15 min" style durations. */
export function formatDuration(seconds: number, locale: string): string {
  const totalMin = Math.max(1, Math.round(seconds / 60));
  const hours = Math.floor(totalMin / 60);
  const minutes = totalMin % 60;
  const unit = (value: number, u: 'hour' | 'minute') =>
    keptFormatter(`duration|${locale}|${u}`, () => new Intl.NumberFormat(locale, { style: 'unit', unit: u, unitDisplay: 'narrow', ...numbering })).format(
      value,
    );
  return hours ? `${unit(hours, 'hour')} ${minutes ? unit(minutes, 'minute') : ''}`.trim() : unit(minutes, 'minute');
}
