import { line, type ReplyLine } from './reply';
import { quoteSignature, type AgentState } from './state';
import { fillDates, earlyCheck } from './agent-time';
import { refuse } from './agent-refusals';
import { flightStep } from './agent-flight';
import { quoteReply, requote } from './agent-quote';
import { confirmReply } from './agent-confirm';
import { say, type AgentContext, type Turn } from './agent-turn';

/** The next question, one thing at a time; undefined when the trip is complete. */
function nextQuestion(state: AgentState): { expect: AgentState['expect']; lines: ReplyLine[] } | undefined {
  const s = state.slots;
  const route = s.pickup && s.dropoff ? [line('gotRoute', { route: { line: line('routeOneway', { from: s.pickup.name, to: s.dropoff.name }) } })] : [];
  if (!s.pickup) return { expect: 'pickup', lines: [line('askPickup')] };
  if (s.tripKind !== 'rental' && !s.dropoff) return { expect: 'dropoff', lines: [line('askDropoff')] };
  if (s.tripKind === 'rental' && !s.packageCode) return { expect: 'package', lines: [line('askPackage')] };
  if (!s.pickupDate && !s.pickupTime) return { expect: 'when', lines: [...route, line('askWhen')] };
  if (!s.pickupTime) return { expect: 'when', lines: [line('askTime')] };
  if (s.rideType === 'return' && (!s.returnDate || !s.returnTime)) return { expect: 'return', lines: [line('askReturn')] };
  return undefined;
}

/** After new slots: refuse what cannot be, ask what is missing, else quote every vehicle type. */
export async function advance(state: AgentState, ctx: AgentContext, lead: ReplyLine[] = []): Promise<Turn> {
  const base = { ...state, slots: { ...state.slots } };
  fillDates(base.slots, ctx);
  const early = earlyCheck(base.slots, ctx);
  if (early) return refuse(base, early.problem, ctx, lead);
  const question = nextQuestion(base);
  if (question) return say({ ...base, stage: 'collect', quote: undefined, selected: undefined, expect: question.expect }, [...lead, ...question.lines]);
  const flight = await flightStep(base, ctx, lead);
  if ('turn' in flight) return flight.turn;
  const next = flight.state;
  lead = flight.lead;
  if (next.quote && next.quote.signature === quoteSignature(next.slots) && (next.stage === 'quoted' || next.stage === 'confirm')) {
    // the same trip restated ("tomorrow" when the fares are already for tomorrow): the fares again, as cards to pick from
    return next.stage === 'confirm' && next.selected ? confirmReply(next, next.selected, ctx, lead) : quoteReply(next, next.quote, ctx, lead);
  }
  const result = await requote(next, ctx);
  if ('problem' in result) return refuse(next, result.problem, ctx, lead, result.limit);
  return quoteReply(next, result.memo, ctx, lead);
}
