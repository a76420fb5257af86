import type { VehicleType } from '@/lib/db/schema/rides';
import { tripContext } from '@/lib/fares/trip-rules';
import { MAX_PARSE_CHARS, parseMessage, type ParsedMessage } from './parse';
import { loadPlaceIndex, resolvePlace } from './places';
import type { PlaceResolver } from './place-slot';
import { line, type ReplyLine } from './reply';
import { freshState, readState, type AgentState } from './state';
import { tenantRegion } from './tools';
import { completeCustomer, customerParts, customerQuestion, isOperator, type CustomerDraft } from './agent-customer';
import { changesTrip, mergeParsed } from './agent-places';
import { advance } from './agent-collect';
import { confirmReply } from './agent-confirm';
import { book } from './agent-book';
import { continueCancel, rideStatus, startCancel } from './agent-rides';
import { cancellationPolicy } from './agent-money';
import { say, type AgentContext, type Turn } from './agent-turn';

/*
 * The built-in agent's state machine (docs/architecture/chat.md#the-built-in-agent): a conversation's stage
 * (lib/chat/state.ts) goes collect -> quoted -> confirm -> booked; cancelPick and cancelConfirm are a detour
 * that resumes the stage it left. Each turn, `nextStep` picks one step from the stage and the message; `runStep`
 * runs it.
 */

/** What a turn does. `say` only answers; the others run a step of the agent-*.ts modules. */
type Step =
  | { step: 'say'; lines: ReplyLine[] }
  /** Refuse what cannot be, ask the next missing trip detail, or quote every vehicle type (agent-collect.ts). */
  | { step: 'collect'; lead?: ReplyLine[] }
  /** The chosen vehicle's fare and promo, to confirm (agent-confirm.ts). */
  | { step: 'confirm'; vehicle: VehicleType }
  | { step: 'book' }
  | { step: 'rideStatus' }
  | { step: 'cancelPolicy' }
  | { step: 'cancelStart' }
  | { step: 'cancelContinue' };

/** The step and the state it runs on. */
export type Move = Step & { state: AgentState };

/** What the turn heard: the message parsed, the customer's name or phone (when asked for), whether an operator speaks. */
export type Heard = { parsed: ParsedMessage; customer: CustomerDraft; operator: boolean };

const answer = (state: AgentState, lines: ReplyLine[]): Move => ({ state, step: 'say', lines });

/** The console's agent asked for the customer's name and phone at the confirmation. */
const awaitsCustomer = (state: AgentState) => Boolean(state.awaitingCustomer) && state.stage === 'confirm';

/** What to say when the message carried nothing usable: the question still open. */
function reprompt(state: AgentState): ReplyLine[] {
  if (state.stage === 'quoted') return [line('pickFromList')];
  if (state.stage === 'confirm') return [line('confirmAsk')];
  if (state.stage === 'booked') return [line('help')];
  return [];
}

/** A message that is only a name: no yes or no, pick, code, intent or trip detail the parser read in it. */
const isOnlyName = (p: ParsedMessage) =>
  p.answer === undefined && p.intent === undefined && p.choice === undefined && p.promoCode === undefined && Object.keys(p.slots).length === 0;

/** Whether the message said more than a promo code (a trip detail, a pick, a yes or no). */
const saysMore = (p: ParsedMessage) => Object.keys(p.slots).length > 0 || changesTrip(p) || p.choice !== undefined || p.answer !== undefined;

/** The name or phone just given, kept with what came before: books once both are known, else asks for the one missing. */
function takeCustomer(state: AgentState, parts: CustomerDraft): Move {
  const draft = { ...state.customerDraft, ...parts };
  const customer = completeCustomer(draft);
  if (customer) return { state: { ...state, customer, customerDraft: undefined, awaitingCustomer: undefined }, step: 'book' };
  return answer({ ...state, customerDraft: draft }, [customerQuestion(draft)]);
}

/**
 * "use code FEST550" and nothing else: kept for the booking and checked on the chosen vehicle's fare (on the
 * confirmation now, when one is open). The console books at the operator's own price, so its agent takes no code.
 */
function promoOnly(state: AgentState): Move {
  if (state.stage === 'confirm' && state.selected) return { state, step: 'confirm', vehicle: state.selected };
  const saved = line('promoSaved', { code: state.promo ?? '' });
  return state.stage === 'collect' ? { state, step: 'collect', lead: [saved] } : answer(state, [saved, ...reprompt(state)]);
}

/** A vehicle picked from the quoted list: by number (its AC or non-AC option), by name, or "yes" to the one asked for. */
function pickedVehicle(state: AgentState, parsed: ParsedMessage) {
  const options = state.quote?.options ?? [];
  if (parsed.choice !== undefined) {
    const option = options[parsed.choice - 1];
    return option ? { vehicleType: option.vehicleType, ac: option.nonAc ? false : undefined } : null;
  }
  if (parsed.slots.vehicleType) return { vehicleType: parsed.slots.vehicleType, ac: state.slots.ac };
  if (parsed.answer === 'yes' && state.stage === 'quoted' && state.slots.vehicleType) return { vehicleType: state.slots.vehicleType, ac: state.slots.ac };
  return undefined;
}

/** With a quote on the table (quoted or confirm): a pick, a yes, a no, AC or a flight number. Undefined: new trip details. */
function onQuote(state: AgentState, parsed: ParsedMessage): Move | undefined {
  if (changesTrip(parsed)) return undefined;
  const { ac, flightNumber, vehicleType } = parsed.slots;
  const slots = { ...state.slots, ...(ac !== undefined ? { ac } : {}), ...(flightNumber ? { flightNumber } : {}) };
  const next = { ...state, slots };
  if (state.stage === 'confirm' && parsed.answer === 'yes' && !vehicleType) return { state: next, step: 'book' };
  if (parsed.answer === 'no' && !vehicleType) return answer({ ...next, stage: 'quoted', selected: undefined }, [line('notBooked')]);
  const vehicle = pickedVehicle(next, parsed);
  if (vehicle === null || (vehicle === undefined && parsed.answer === 'yes')) return answer(next, [line('pickFromList')]);
  if (vehicle) return { state: { ...next, slots: { ...slots, ...vehicle } }, step: 'confirm', vehicle: vehicle.vehicleType };
  // "non-AC" (or "with AC") said at the confirmation: the fare of that option again, or that there is none
  if (ac !== undefined && state.stage === 'confirm' && state.selected) return { state: next, step: 'confirm', vehicle: state.selected };
  if (ac !== undefined || flightNumber) return answer(next, reprompt(next));
  return undefined;
}

/** The turn's transition: the first rule that applies to the stage and the message gives the step. */
export function nextStep(state: AgentState, heard: Heard): Move {
  const { parsed, customer } = heard;
  if (customer.number && awaitsCustomer(state)) return takeCustomer(state, customer);
  if (parsed.intent === 'restart') return { state: freshState(), step: 'collect', lead: [line('restart')] };
  if (state.awaitingCustomer) {
    // a bare name is the customer's even when it is also a town's ("Salem")
    if (customer.name && awaitsCustomer(state) && isOnlyName(parsed)) return takeCustomer(state, customer);
    const movesOn = parsed.answer === 'no' || changesTrip(parsed) || parsed.slots.vehicleType || parsed.intent === 'status' || parsed.intent === 'cancelRide';
    if (state.stage === 'confirm' && !movesOn)
      return answer(state, [state.customerDraft ? customerQuestion(state.customerDraft) : line('customerNotUnderstood')]);
    state = { ...state, awaitingCustomer: undefined };
  }
  if (parsed.promoCode) {
    if (heard.operator) return answer(state, [line('promoConsole')]);
    state = { ...state, promo: parsed.promoCode };
    if (!saysMore(parsed)) return promoOnly(state);
  }
  if (parsed.intent === 'status') return { state, step: 'rideStatus' };
  if (parsed.intent === 'cancelPolicy') return { state, step: 'cancelPolicy' };
  if (parsed.intent === 'cancelRide') return { state, step: 'cancelStart' };
  if (state.stage === 'cancelPick' || state.stage === 'cancelConfirm') {
    if (!changesTrip(parsed) && !parsed.slots.vehicleType) return { state, step: 'cancelContinue' };
    state = { ...state, stage: state.cancel?.resume ?? 'collect', cancel: undefined };
  }
  if (state.stage === 'booked') {
    if (parsed.answer === 'yes' && !changesTrip(parsed)) return answer(state, [line('alreadyBooked', { rideId: state.bookedRideId ?? 0 })]);
    if (changesTrip(parsed) || parsed.slots.vehicleType) state = { ...freshState(), promo: state.promo };
  }
  const quoted = state.stage === 'quoted' || state.stage === 'confirm' ? onQuote(state, parsed) : undefined;
  if (quoted) return quoted;
  if (Object.keys(parsed.slots).length || changesTrip(parsed)) {
    const merged = mergeParsed(state, parsed);
    if (merged.lines.length) return answer({ ...merged.state, stage: 'collect', quote: undefined, selected: undefined }, merged.lines);
    return { state: merged.state, step: 'collect' };
  }
  if (parsed.intent === 'greeting' && state.stage === 'collect')
    return Object.keys(state.slots).length ? { state, step: 'collect', lead: [line('greeting')] } : answer(state, [line('greeting')]);
  if (parsed.intent === 'help') return answer(state, [line('help')]);
  const open = reprompt(state);
  if (open.length) return answer(state, [line('notUnderstood'), ...open]);
  return { state, step: 'collect', lead: parsed.intent === 'book' ? [] : [line('notUnderstood')] };
}

async function runStep(move: Move, parsed: ParsedMessage, text: string, ctx: AgentContext): Promise<Turn> {
  const { state } = move;
  switch (move.step) {
    case 'say':
      return say(state, move.lines);
    case 'collect':
      return advance(state, ctx, move.lead);
    case 'confirm':
      return confirmReply(state, move.vehicle, ctx);
    case 'book':
      return book(state, ctx);
    case 'rideStatus':
      return rideStatus(state, ctx);
    case 'cancelPolicy':
      return cancellationPolicy(state, ctx);
    case 'cancelStart':
      return startCancel(state, parsed, ctx);
    case 'cancelContinue':
      return continueCancel(state, parsed, text, ctx);
  }
}

/**
 * One turn of the built-in slot-filling agent: reads the rider's message,
 * updates the stored state and answers with message keys (rendered later in
 * the page's language) and card data.
 */
export async function runBuiltInAgent(ctx: AgentContext, stored: unknown, text: string): Promise<Turn> {
  const state = readState(stored);
  if (text.length > MAX_PARSE_CHARS) return say(state, [line('tooLong')]);
  await loadPlaceIndex();
  const { cities: near } = await tripContext(ctx.db, ctx.tenant.id);
  const resolveNear: PlaceResolver = (phrase, options) => resolvePlace(phrase, { ...options, near });
  const parsed = parseMessage(text, {
    now: ctx.now,
    timeZone: ctx.tenant.timeZone,
    country: tenantRegion(ctx.tenant),
    expect: state.expect,
    resolvePlace: resolveNear,
  });
  const customer = awaitsCustomer(state) ? customerParts(text, ctx.tenant.countryCode) : {};
  return runStep(nextStep(state, { parsed, customer, operator: isOperator(ctx.actor) }), parsed, text, ctx);
}
