import { localDate, zoneOffsetMinutes } from '@/lib/time/zoned';

/** The 24 hourly pickup slots in their original order (docs/requirements/rider.md#booking-by-form): 10:00 AM to 12:00 AM, then 1:00 AM to 9:00 AM. */
export const RIDE_TIME_SLOTS: readonly string[] = [...Array.from({ length: 14 }, (_, i) => i + 10), ...Array.from({ length: 10 }, (_, i) => i)].map(
  (hour) => `${String(hour % 24).padStart(2, '0')}:00`,
);

const HOUR_MS = 3_600_000;

/** The first hourly slot at or after an instant, as the local date and slot ("2031-03-10", "11:00") of a time zone (an airport pickup after its landing). */
export function slotAtOrAfter(instant: Date, timeZone: string): { date: string; slot: string } {
  // zones with half-hour offsets (India): the local hour starts at the offset, not at a UTC hour
  const offset = zoneOffsetMinutes(instant, timeZone) * 60_000;
  const local = new Date(Math.ceil((instant.getTime() + offset) / HOUR_MS) * HOUR_MS);
  return { date: local.toISOString().slice(0, 10), slot: `${String(local.getUTCHours()).padStart(2, '0')}:00` };
}

/** A wall-clock date ("2026-11-24") and slot ("20:00") in a time zone, as an ISO instant with its offset. */
export function zonedIso(date: string, slot: string, timeZone: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(slot)) return undefined;
  const naive = Date.parse(`${date}T${slot}:00Z`);
  if (Number.isNaN(naive)) return undefined;
  const offset = zoneOffsetMinutes(new Date(naive - zoneOffsetMinutes(new Date(naive), timeZone) * 60_000), timeZone);
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  return `${date}T${slot}:00${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** Today's date ("2026-11-23") in a time zone, with an optional number of days added. */
export function zonedDate(timeZone: string, addDays = 0, now = new Date()): string {
  return localDate(new Date(now.getTime() + addDays * 86_400_000), timeZone);
}
