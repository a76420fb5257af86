/*
 * Wall-clock time in a time zone (isomorphic, pure): the one place that asks
 * Intl what the clock reads somewhere at an instant. Calendar ranges
 * (lib/partner/dates.ts), pickup slots (lib/fares/time.ts), a quote's night
 * hours and days (lib/fares/quote.ts) and the chat's "now" (lib/chat/parse-when.ts)
 * all read it here.
 */

export type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** One formatter per zone: building an Intl.DateTimeFormat costs far more than formatting with it. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    if (formatters.size < 500) formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** What a clock in `timeZone` reads at `instant`. */
export function wallClock(instant: Date, timeZone: string): WallClock {
  const clock: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of formatterOf(timeZone).formatToParts(instant)) {
    if (part.type in clock) clock[part.type as keyof WallClock] = Number(part.value);
  }
  return clock;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** "2026-11-23": the calendar date a clock reads. */
export const clockDate = (c: WallClock): string => `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)}`;

/** "2026-11-23": the local calendar date of an instant. */
export function localDate(instant: Date, timeZone: string): string {
  return clockDate(wallClock(instant, timeZone));
}

/** "20:05": the local wall-clock time of an instant. */
export function localTime(instant: Date, timeZone: string): string {
  const c = wallClock(instant, timeZone);
  return `${pad(c.hour)}:${pad(c.minute)}`;
}

/** Milliseconds the zone is ahead of UTC at an instant (whole seconds; +19,800,000 for Asia/Kolkata). */
export function zoneOffsetMs(instant: Date, timeZone: string): number {
  const c = wallClock(instant, timeZone);
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - Math.floor(instant.getTime() / 1000) * 1000;
}

/** Offset of a time zone from UTC at an instant, in minutes (e.g. +330 for Asia/Kolkata). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  return Math.round(zoneOffsetMs(instant, timeZone) / 60_000);
}
