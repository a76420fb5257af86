import { localDate, zoneOffsetMinutes } from '@/lib/time/zoned';

/** Minutes between two pickup times the form offers. */
const STEP_MINUTES = 15;
const STEP_MS = STEP_MINUTES * 60_000;
const DAY_MINUTES = 24 * 60;

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * The day's pickup times every 15 minutes in the original order of the slots (docs/requirements/rider.md#booking-by-form):
 * 10:00 AM round to 9:45 AM.
 */
export const RIDE_TIME_SLOTS: readonly string[] = Array.from({ length: DAY_MINUTES / STEP_MINUTES }, (_, i) =>
  hhmm((10 * 60 + i * STEP_MINUTES) % DAY_MINUTES),
);

/** The first quarter hour at or after an instant, as the local date and slot ("2031-03-10", "10:45") of a time zone (an airport pickup after its landing). */
export function slotAtOrAfter(instant: Date, timeZone: string): { date: string; slot: string } {
  // every zone's offset is a whole number of quarter hours (India +05:30, Nepal +05:45): round on the local clock
  const offset = zoneOffsetMinutes(instant, timeZone) * 60_000;
  const local = new Date(Math.ceil((instant.getTime() + offset) / STEP_MS) * STEP_MS);
  return { date: local.toISOString().slice(0, 10), slot: local.toISOString().slice(11, 16) };
}

/**
 * The pickup times offered on a local date (docs/requirements/rider.md#booking-by-form): on a later day (or before a
 * date is chosen) every slot in the original order; today, in clock order, from the first quarter hour at or after now
 * (a quote asks for no notice) to 11:45 PM; none on a past day.
 */
export function rideTimeSlots(date: string, timeZone: string, now = new Date()): readonly string[] {
  const today = localDate(now, timeZone);
  if (!date || date > today) return RIDE_TIME_SLOTS;
  if (date < today) return [];
  const first = slotAtOrAfter(now, timeZone);
  return first.date === today ? RIDE_TIME_SLOTS.filter((slot) => slot >= first.slot).sort() : [];
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
