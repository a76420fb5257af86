import { MAX_ADVANCE_DAYS, PAST_SLACK_MS } from '@/lib/fares/schemas';
import { zonedDate } from '@/lib/fares/time';
import { localTime } from '@/lib/time/zoned';
import { addDays } from './parse-when';
import type { TripSlots } from './parse';
import type { QuoteProblem } from './tools';
import { zonedAt, type AgentContext } from './agent-turn';

/** Fills a missing pickup date from the time (today, or tomorrow once it has passed) and the return date likewise. */
export function fillDates(slots: TripSlots, ctx: AgentContext): void {
  const { timeZone } = ctx.tenant;
  if (slots.pickupTime && !slots.pickupDate) {
    const today = zonedDate(timeZone, 0, ctx.now);
    slots.pickupDate = slots.pickupTime >= localTime(ctx.now, timeZone) ? today : addDays(today, 1);
  }
  if (slots.rideType === 'return' && slots.returnTime && !slots.returnDate && slots.pickupDate && slots.pickupTime) {
    slots.returnDate = slots.returnTime > slots.pickupTime ? slots.pickupDate : addDays(slots.pickupDate, 1);
  }
}

/** The fare rules that can be checked before everything is known (a past pickup, a return before it). */
export function earlyCheck(slots: TripSlots, ctx: AgentContext): { problem: QuoteProblem } | undefined {
  const { timeZone } = ctx.tenant;
  const today = zonedDate(timeZone, 0, ctx.now);
  const pickup = zonedAt(slots.pickupDate, slots.pickupTime, timeZone);
  if ((slots.pickupDate && slots.pickupDate < today) || (pickup && Date.parse(pickup) < ctx.now.getTime() - PAST_SLACK_MS)) return { problem: 'pickupInPast' };
  if (slots.pickupDate && slots.pickupDate > zonedDate(timeZone, MAX_ADVANCE_DAYS, ctx.now)) return { problem: 'pickupTooFar' };
  const back = zonedAt(slots.returnDate, slots.returnTime, timeZone);
  if ((slots.returnDate && slots.pickupDate && slots.returnDate < slots.pickupDate) || (pickup && back && Date.parse(back) <= Date.parse(pickup)))
    return { problem: 'returnBeforePickup' };
  return undefined;
}
