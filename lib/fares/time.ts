/** Pickup times are offered every this many minutes. */
export const SLOT_STEP_MINUTES = 15;

const slotOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * The pickup times a date offers ("HH:MM", every 15 minutes): on today's date
 * from the first quarter hour after `nowMinutes` (minutes since local
 * midnight), on a later date (or none chosen yet) the whole day from midnight.
 */
export function pickupSlots(date: string, today: string, nowMinutes: number): string[] {
  const from = date && date === today ? Math.floor(nowMinutes / SLOT_STEP_MINUTES) * SLOT_STEP_MINUTES + SLOT_STEP_MINUTES : 0;
  const slots: string[] = [];
  for (let m = from; m < 24 * 60; m += SLOT_STEP_MINUTES) slots.push(slotOf(m));
  return slots;
}

/** Minutes since local midnight of an instant in a time zone. */
export function zonedMinutes(instant: Date, timeZone: string): number {
  const offset = zoneOffsetMinutes(instant, timeZone);
  const local = new Date(instant.getTime() + offset * 60_000);
  return local.getUTCHours() * 60 + local.getUTCMinutes();
}

/** The first slot at or after an instant, as the local date and slot ("2031-03-10", "10:45") of a time zone. */
export function slotAtOrAfter(instant: Date, timeZone: string): { date: string; slot: string } {
  const step = SLOT_STEP_MINUTES * 60_000;
  const rounded = new Date(Math.ceil(instant.getTime() / step) * step);
  return { date: zonedDate(timeZone, 0, rounded), slot: slotOf(zonedMinutes(rounded, timeZone)) };
}

/** Offset of a time zone from UTC at an instant, in minutes (e.g. +330 for Asia/Kolkata). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - instant.getTime()) / 60_000);
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
  const shifted = new Date(now.getTime() + addDays * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(shifted);
}
