import type { TripLimitIssue } from '@/lib/fares/trip-limits';
import type { TripReachIssue } from '@/lib/fares/trip-reach';
import { line, type ReplyLine } from './reply';
import { optionFor, quoteSignature, type AgentState, type QuoteMemo } from './state';
import { quoteOptions, quoteTool, type QuoteProblem } from './tools';
import { summaryLine, vehicleValue } from './agent-summary';
import { say, zonedAt, type AgentContext, type Turn } from './agent-turn';

/**
 * Non-AC asked for where the operator offers none for the type: said so, with the AC fare, never the AC price as
 * non-AC (docs/requirements/rider.md#booking-by-chat). The AC preference is dropped so "yes" picks the AC one.
 */
export function noNonAc(state: AgentState, memo: QuoteMemo): { state: AgentState; line: ReplyLine } | undefined {
  const { vehicleType, ac } = state.slots;
  if (!vehicleType || ac !== false || optionFor(memo.options, vehicleType, false)) return undefined;
  const withAc = optionFor(memo.options, vehicleType, true);
  if (!withAc) return undefined;
  return {
    state: { ...state, slots: { ...state.slots, ac: undefined } },
    line: line('nonAcUnavailable', { vehicle: { vehicle: vehicleType }, total: { money: withAc.total, currency: memo.currency } }),
  };
}

/** The fares of every vehicle type as cards to pick from; the type the rider named, with its fare, or that there is none. */
export function quoteReply(state: AgentState, memo: QuoteMemo, ctx: AgentContext, lead: ReplyLine[]): Turn {
  const missing = noNonAc(state, memo);
  if (missing) state = missing.state;
  const preferred = state.slots.vehicleType ? optionFor(memo.options, state.slots.vehicleType, state.slots.ac) : undefined;
  const lines = [
    ...lead,
    memo.distanceM > 0
      ? line('quotesIntro', {
          summary: { line: summaryLine(state.slots, ctx.tenant.timeZone) },
          distance: { km: memo.distanceM },
          duration: { duration: memo.durationS },
        })
      : line('quotesIntroShort', { summary: { line: summaryLine(state.slots, ctx.tenant.timeZone) } }),
    missing
      ? missing.line
      : preferred
        ? line('quotesPreferred', { vehicle: vehicleValue(preferred.vehicleType, state.slots.ac), total: { money: preferred.total, currency: memo.currency } })
        : state.slots.vehicleType
          ? line('vehicleUnavailable', { vehicle: { vehicle: state.slots.vehicleType } })
          : line('quotesPick'),
  ];
  return say({ ...state, stage: 'quoted', expect: undefined, quote: memo, selected: undefined }, lines, {
    data: { kind: 'quotes', rideSearchId: memo.id, currency: memo.currency, options: memo.options },
  });
}

/** A fresh quote of the trip the slots describe, or why there is none. */
export async function requote(
  state: AgentState,
  ctx: AgentContext,
): Promise<{ memo: QuoteMemo } | { problem: QuoteProblem; limit?: TripLimitIssue | TripReachIssue }> {
  const s = state.slots;
  const { timeZone } = ctx.tenant;
  const outcome = await quoteTool(ctx, {
    rideType: s.rideType ?? 'oneway',
    tripKind: s.tripKind ?? 'outstation',
    packageCode: s.packageCode,
    pickup: s.pickup!,
    dropoff: s.dropoff,
    pickupTime: zonedAt(s.pickupDate, s.pickupTime, timeZone)!,
    returnTime: zonedAt(s.returnDate, s.returnTime, timeZone),
  });
  if (!outcome.ok) return { problem: outcome.problem, limit: outcome.limit };
  const { quote } = outcome;
  return {
    memo: {
      id: quote.id,
      currency: quote.currency,
      options: quoteOptions(quote),
      signature: quoteSignature(s),
      distanceM: quote.distanceM,
      durationS: quote.durationS,
      pickupTime: quote.pickupTime.toISOString(),
      returnTime: quote.returnTime?.toISOString() ?? null,
    },
  };
}
