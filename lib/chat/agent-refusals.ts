import { MAX_ADVANCE_DAYS } from '@/lib/fares/schemas';
import type { TripLimitIssue } from '@/lib/fares/trip-limits';
import type { TripReachIssue } from '@/lib/fares/trip-reach';
import { line, type ReplyLine } from './reply';
import type { AgentState } from './state';
import type { QuoteProblem } from './tools';
import { say, zonedAt, type AgentContext, type Turn } from './agent-turn';

/** Refuses with the reason, forgets the wrong slot and asks for it again. */
export function refuse(state: AgentState, problem: QuoteProblem, ctx: AgentContext, lead: ReplyLine[], limit?: TripLimitIssue | TripReachIssue): Turn {
  const slots = { ...state.slots };
  const next = { ...state, slots, stage: 'collect' as const, quote: undefined, selected: undefined };
  const pickupAt = zonedAt(slots.pickupDate, slots.pickupTime, ctx.tenant.timeZone);
  switch (problem) {
    case 'pickupInPast':
    case 'pickupTooFar':
      [slots.pickupDate, slots.pickupTime] = [undefined, undefined];
      return say({ ...next, expect: 'when' }, [
        ...lead,
        problem === 'pickupInPast' ? line('pastTime') : line('tooFar', { days: MAX_ADVANCE_DAYS }),
        line('askWhen'),
      ]);
    case 'returnBeforePickup':
      [slots.returnDate, slots.returnTime] = [undefined, undefined];
      return say({ ...next, expect: 'return' }, [...lead, line('returnBeforePickup', { at: { at: pickupAt ?? ctx.now.toISOString() } }), line('askReturn')]);
    case 'samePlace':
      slots.dropoff = undefined;
      return say({ ...next, expect: 'dropoff' }, [...lead, line('samePlace'), line('askDropoff')]);
    case 'tripLimit':
      return refuseLimit(next, limit, lead);
    case 'packageUnknown':
      slots.packageCode = undefined;
      return say({ ...next, expect: 'package' }, [...lead, line('packageUnknown'), line('askPackage')]);
    default:
      return say(next, [...lead, line('notUnderstood'), line('help')]);
  }
}

/** The operator's limit the trip is past, said with its figures; the slot at fault is asked again. */
function refuseLimit(state: AgentState, limit: TripLimitIssue | TripReachIssue | undefined, lead: ReplyLine[]): Turn {
  const slots = state.slots;
  if (!limit) return say(state, [...lead, line('notUnderstood'), line('help')]);
  switch (limit.code) {
    case 'outside_service_area':
      slots.pickup = undefined;
      return say({ ...state, expect: 'pickup' }, [
        ...lead,
        line('limitOutsideArea', { limit: { km: limit.limitKm * 1000 }, nearest: limit.nearest ?? '' }),
        line('askPickup'),
      ]);
    case 'local_too_far':
      slots.dropoff = undefined;
      return say({ ...state, expect: 'dropoff' }, [
        ...lead,
        line('limitLocal', { distance: { km: limit.km * 1000 }, limit: { km: limit.limitKm * 1000 } }),
        line('askDropoff'),
      ]);
    case 'trip_too_far':
      slots.dropoff = undefined;
      return say({ ...state, expect: 'dropoff' }, [
        ...lead,
        line('limitTooFar', { distance: { km: limit.km * 1000 }, limit: { km: limit.limitKm * 1000 } }),
        line('askDropoff'),
      ]);
    case 'now_too_far':
      [slots.pickupDate, slots.pickupTime] = [undefined, undefined];
      return say({ ...state, expect: 'when' }, [
        ...lead,
        line('limitNow', { distance: { km: limit.km * 1000 }, limit: { km: limit.limitKm * 1000 } }),
        line('askWhen'),
      ]);
    case 'other_country':
    case 'no_road':
      slots[limit.field === 'pickupLocation' ? 'pickup' : 'dropoff'] = undefined;
      return say({ ...state, expect: limit.field === 'pickupLocation' ? 'pickup' : 'dropoff' }, [
        ...lead,
        line(limit.code === 'no_road' ? 'limitNoRoad' : 'limitAbroad', { place: limit.place }),
        line(limit.field === 'pickupLocation' ? 'askPickup' : 'askDropoff'),
      ]);
  }
}
