import type { RideView } from '@/lib/rides/queries';
import type { AgentContext, Turn } from './agent-turn';
import type { ParsedMessage } from './parse';
import { line, type ReplyLine } from './reply';
import type { AgentState } from './state';
import { cancelRideTool, rideStatusTool } from './tools';
import { cancelCostLine, cancelledFeeLines } from './agent-money';

/** Rides listed in one reply. */
const LIST_MAX = 5;

const signin = (state: AgentState): Turn => ({ state, reply: { lines: [line('signinRides')], data: { kind: 'signin' } } });

function rideSummary(ride: RideView): ReplyLine {
  const at = { at: ride.pickupTime };
  if (ride.tripKind === 'rental') return line('summaryRental', { hours: Number.parseInt(ride.packageCode ?? '8', 10), from: ride.pickup.name, at });
  return line('summaryOneway', { from: ride.pickup.name, to: ride.dropoff?.name ?? '', at });
}

const statusLine = (ride: RideView) => line('statusLine', { rideId: ride.id, summary: { line: rideSummary(ride) }, status: ride.status });

/** The rider's upcoming rides and where each stands. */
export async function rideStatus(state: AgentState, ctx: AgentContext): Promise<Turn> {
  const rides = await rideStatusTool(ctx);
  if (rides === 'signin') return signin(state);
  if (!rides.length) return { state, reply: { lines: [line('statusNone')] } };
  return { state, reply: { lines: [line('statusIntro'), ...rides.slice(0, LIST_MAX).map(statusLine)] } };
}

function askToCancel(state: AgentState, ride: RideView, rideIds: number[], now: Date): Turn {
  const resume = state.cancel?.resume ?? state.stage;
  return {
    state: { ...state, stage: 'cancelConfirm', cancel: { rideIds, rideId: ride.id, resume } },
    reply: { lines: [line('cancelConfirm', { rideId: ride.id, summary: { line: rideSummary(ride) } }), cancelCostLine(ride, now)] },
  };
}

async function cancellable(ctx: AgentContext): Promise<RideView[] | 'signin'> {
  const rides = await rideStatusTool(ctx);
  return rides === 'signin' ? rides : rides.filter((r) => r.status === 'booked' || r.status === 'accepted');
}

/** "Cancel my ride": the one open ride, the named one, or a list to pick from. */
export async function startCancel(state: AgentState, parsed: ParsedMessage, ctx: AgentContext): Promise<Turn> {
  const rides = await cancellable(ctx);
  if (rides === 'signin') return signin(state);
  const resume = state.stage === 'cancelPick' || state.stage === 'cancelConfirm' ? (state.cancel?.resume ?? 'collect') : state.stage;
  if (!rides.length) return { state: { ...state, stage: resume, cancel: undefined }, reply: { lines: [line('cancelNone')] } };
  const ids = rides.map((r) => r.id);
  const named = rides.find((r) => r.id === parsed.rideId);
  if (named || rides.length === 1) return askToCancel({ ...state, cancel: { rideIds: ids, resume } }, named ?? rides[0], ids, ctx.now);
  return {
    state: { ...state, stage: 'cancelPick', cancel: { rideIds: ids, resume } },
    reply: { lines: [line('cancelPick'), ...rides.slice(0, LIST_MAX).map(statusLine)] },
  };
}

/** The answer to "which ride?" or "cancel it?". */
export async function continueCancel(state: AgentState, parsed: ParsedMessage, text: string, ctx: AgentContext): Promise<Turn> {
  const cancel = state.cancel!;
  const back = { ...state, stage: cancel.resume, cancel: undefined };
  if (state.stage === 'cancelPick') {
    const typed = /^\s*#?(\d{1,9})\s*$/.exec(text);
    const id =
      [parsed.rideId, typed ? Number(typed[1]) : undefined].find((n) => n !== undefined && cancel.rideIds.includes(n)) ??
      (parsed.choice ? cancel.rideIds[parsed.choice - 1] : undefined);
    if (id === undefined)
      return parsed.answer === 'no' ? { state: back, reply: { lines: [line('cancelAborted')] } } : { state, reply: { lines: [line('cancelPick')] } };
    return startCancel({ ...state, stage: 'cancelPick' }, { ...parsed, rideId: id }, ctx);
  }
  const rideId = cancel.rideId!;
  if (parsed.answer === 'yes') {
    const outcome = await cancelRideTool(ctx, rideId);
    if (!outcome.ok && outcome.problem === 'signin') return signin(state);
    if (!outcome.ok) return { state: back, reply: { lines: [line('cancelFailed', { rideId })] } };
    return { state: back, reply: { lines: [line('cancelled', { rideId }), ...cancelledFeeLines(outcome.ride)] } };
  }
  if (parsed.answer === 'no') return { state: back, reply: { lines: [line('cancelKept', { rideId })] } };
  return startCancel({ ...state, stage: 'cancelPick' }, { ...parsed, rideId }, ctx);
}
