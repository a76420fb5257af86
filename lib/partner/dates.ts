/*
 * Calendar days in a business's time zone (isomorphic, pure). Dates are
 * "YYYY-MM-DD" strings; instants are Dates. A day runs from local midnight to
 * the next local midnight, whatever the zone's offset or DST.
 */

import { wallClock, zoneOffsetMs } from '@/lib/time/zoned';

export const DATE_FILTERS = ['today', 'yesterday', 'thisWeek', 'lastWeek', 'thisMonth', 'lastMonth', 'custom'] as const;
export type DateFilter = (typeof DATE_FILTERS)[number];

/** The earliest custom date (docs/requirements/partner.md#numbers-the-console-uses). */
export const CUSTOM_DATE_MIN = '2020-01-01';

export type DayRange = { from: string; to: string };

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const ymd = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;

/** True for a real calendar date written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  if (!DATE_RE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The instant local midnight begins on a date in a zone. */
export function startOfLocalDay(date: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const wallClock = Date.UTC(y, m - 1, d);
  let instant = wallClock - zoneOffsetMs(new Date(wallClock), timeZone);
  instant = wallClock - zoneOffsetMs(new Date(instant), timeZone);
  return new Date(instant);
}

/** "2026-05-01T00:30:00+05:30": an instant as the business's wall clock with its offset. */
export function localIsoTime(instant: Date, timeZone: string): string {
  const p = wallClock(instant, timeZone);
  const offsetMin = Math.round(zoneOffsetMs(instant, timeZone) / 60_000);
  const sign = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  return `${ymd(p.year, p.month, p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const next = new Date(Date.UTC(y, m - 1, d) + days * DAY_MS);
  return ymd(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate());
}

/** Whole days from `from` to `to` (0 when equal). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Weeks start on Monday (ISO 8601). */
function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

function monthStart(date: string, monthsBack = 0): string {
  const [y, m] = date.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 - monthsBack, 1));
  return ymd(first.getUTCFullYear(), first.getUTCMonth() + 1, 1);
}

/**
 * The local dates a preset filter covers on `today` (the business's local date). "This week" and "this month"
 * end today, unless `wholePeriod` (the Money section: rides booked ahead for later this month already carry
 * their fees and refunds), when they run to the period's last day.
 */
export function presetRange(filter: Exclude<DateFilter, 'custom'>, today: string, wholePeriod = false): DayRange {
  switch (filter) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'thisWeek':
      return { from: mondayOf(today), to: wholePeriod ? addDays(mondayOf(today), 6) : today };
    case 'lastWeek': {
      const monday = addDays(mondayOf(today), -7);
      return { from: monday, to: addDays(monday, 6) };
    }
    case 'thisMonth':
      return { from: monthStart(today), to: wholePeriod ? addDays(monthStart(today, -1), -1) : today };
    case 'lastMonth':
      return { from: monthStart(today, 1), to: addDays(monthStart(today), -1) };
  }
}

/**
 * Why a custom range is refused, as a message key on its field, or undefined when it is fine. Dates after
 * today are refused unless `future` (the Money section: rides booked ahead already carry fees and refunds).
 */
export function customRangeProblem(range: Partial<DayRange>, today: string, future = false): { field: 'from' | 'to'; key: string } | undefined {
  if (!range.from) return { field: 'from', key: 'dateRequired' };
  if (!range.to) return { field: 'to', key: 'dateRequired' };
  if (!isCalendarDate(range.from)) return { field: 'from', key: 'dateInvalid' };
  if (!isCalendarDate(range.to)) return { field: 'to', key: 'dateInvalid' };
  if (range.from < CUSTOM_DATE_MIN) return { field: 'from', key: 'dateTooEarly' };
  if (!future && range.from > today) return { field: 'from', key: 'dateInFuture' };
  if (!future && range.to > today) return { field: 'to', key: 'dateInFuture' };
  if (range.to < range.from) return { field: 'to', key: 'rangeReversed' };
  return undefined;
}

/** [start, end) instants of a range of local dates. */
export function rangeInstants(range: DayRange, timeZone: string): { start: Date; end: Date } {
  return { start: startOfLocalDay(range.from, timeZone), end: startOfLocalDay(addDays(range.to, 1), timeZone) };
}
