import type { VehicleType } from '@/lib/db/schema/rides';
import { line, type ReplyLine } from './reply';
import { optionFor, type AgentState } from './state';
import { summaryLine, vehicleValue } from './agent-summary';
import { noNonAc } from './agent-quote';
import { promoLines } from './agent-promo';
import { say, type AgentContext, type Turn } from './agent-turn';

/** The chosen vehicle's fare (its promo discount, if a code was given) and the question whether to book it. */
export async function confirmReply(state: AgentState, vehicle: VehicleType, ctx: AgentContext, lead: ReplyLine[] = []): Promise<Turn> {
  const memo = state.quote!;
  const missing = noNonAc({ ...state, slots: { ...state.slots, vehicleType: vehicle } }, memo);
  if (missing) return say({ ...missing.state, stage: 'quoted', selected: undefined }, [...lead, missing.line]);
  const option = optionFor(memo.options, vehicle, state.slots.ac);
  if (!option) return say(state, [...lead, line('vehicleUnavailable', { vehicle: { vehicle } })]);
  const money = (minor: number) => ({ money: minor, currency: memo.currency });
  const summary = summaryLine(state.slots, ctx.tenant.timeZone);
  const promo = await promoLines(state, option, ctx);
  const lines = [
    ...lead,
    line('confirm', {
      vehicle: vehicleValue(vehicle, state.slots.ac),
      summary: { line: summary },
      total: money(option.total),
      bata: money(option.driverBata),
      tolls: money(option.tolls),
    }),
    ...promo.lines,
    line('confirmAsk'),
  ];
  return say({ ...promo.state, stage: 'confirm', selected: vehicle, expect: undefined }, lines, {
    data: { kind: 'confirm', rideSearchId: memo.id, vehicleType: vehicle, total: option.total - promo.discount, currency: memo.currency, summary: '' },
    dataSummary: summary,
  });
}
