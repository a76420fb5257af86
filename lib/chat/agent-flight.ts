import { line, type ReplyLine } from './reply';
import type { AgentState } from './state';
import { flightCheckTool } from './tools';
import { isOperator } from './agent-customer';
import { say, zonedAt, type AgentContext, type Turn } from './agent-turn';

/** An airport pickup a rider books: the flight is asked for, then checked against the airport, the day and the pickup time. */
export async function flightStep(state: AgentState, ctx: AgentContext, lead: ReplyLine[]): Promise<{ turn: Turn } | { state: AgentState; lead: ReplyLine[] }> {
  const s = state.slots;
  const arrival = s.tripKind === 'airport' && Boolean(s.pickup?.airport) && !s.dropoff?.airport;
  if (!arrival || isOperator(ctx.actor)) return { state, lead };
  const collect = { ...state, stage: 'collect' as const, quote: undefined, selected: undefined };
  if (!s.flightNumber) return { turn: say({ ...collect, expect: 'flight' }, [...lead, line('askFlight')]) };
  if (state.flightChecked === s.flightNumber) return { state, lead };
  const pickupTime = zonedAt(s.pickupDate, s.pickupTime, ctx.tenant.timeZone)!;
  const checked = await flightCheckTool(ctx, {
    flightNumber: s.flightNumber,
    direction: 'arrival',
    pickup: s.pickup!,
    dropoff: s.dropoff ?? null,
    pickupTime: new Date(pickupTime),
  });
  if (!checked.ok) {
    const reason = { validation: checked.key, values: checked.values };
    if (checked.field === 'pickupTime') {
      const slots = { ...s, pickupDate: undefined, pickupTime: undefined };
      return { turn: say({ ...collect, slots, expect: 'when' }, [...lead, line('flightRefused', { reason }), line('askWhen')]) };
    }
    return {
      turn: say({ ...collect, slots: { ...s, flightNumber: undefined }, expect: 'flight' }, [...lead, line('flightRefused', { reason }), line('askFlight')]),
    };
  }
  const slots = { ...s, flightNumber: checked.flight };
  const note = checked.landing ? [line('flightLands', { flight: checked.flight, at: { at: checked.landing.toISOString() } })] : [];
  return { state: { ...state, slots, flightChecked: checked.flight }, lead: [...lead, ...note] };
}
