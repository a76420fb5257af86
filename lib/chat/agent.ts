import { advance, book, changesTrip, confirmReply, mergeParsed, type AgentContext, type Turn } from './agent-trip';
import { continueCancel, rideStatus, startCancel } from './agent-rides';
import { cancellationPolicy } from './agent-money';
import { MAX_PARSE_CHARS, parseMessage, type ParsedMessage } from './parse';
import { tripContext } from '@/lib/fares/trip-rules';
import { loadPlaceIndex, resolvePlace } from './places';
import type { PlaceResolver } from './place-slot';
import { line, type ReplyLine } from './reply';
import { freshState, readState, type AgentState } from './state';
import { completeCustomer, customerParts, customerQuestion, isOperator, type CustomerDraft } from './agent-customer';
import { tenantRegion } from './tools';

export type { AgentContext, Turn } from './agent-trip';

/** What to say when the message carried nothing usable: the question still open. */
function reprompt(state: AgentState): ReplyLine[] {
  switch (state.stage) {
    case 'quoted':
      return [line('pickFromList')];
    case 'confirm':
      return [line('confirmAsk')];
    case 'booked':
      return [line('help')];
    default:
      return [];
  }
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

/** Picking, confirming and booking once a quote is on the table. Undefined: handle as new trip details. */
async function onQuote(state: AgentState, parsed: ParsedMessage, ctx: AgentContext): Promise<Turn | undefined> {
  if (changesTrip(parsed)) return undefined;
  const slots = {
    ...state.slots,
    ...(parsed.slots.ac !== undefined ? { ac: parsed.slots.ac } : {}),
    ...(parsed.slots.flightNumber ? { flightNumber: parsed.slots.flightNumber } : {}),
  };
  const next = { ...state, slots };
  if (state.stage === 'confirm' && parsed.answer === 'yes' && !parsed.slots.vehicleType) return book(next, ctx);
  if (parsed.answer === 'no' && !parsed.slots.vehicleType)
    return { state: { ...next, stage: 'quoted', selected: undefined }, reply: { lines: [line('notBooked')] } };
  const vehicle = pickedVehicle(next, parsed);
  if (vehicle === null || (vehicle === undefined && parsed.answer === 'yes')) return { state: next, reply: { lines: [line('pickFromList')] } };
  if (vehicle) return confirmReply({ ...next, slots: { ...slots, vehicleType: vehicle.vehicleType, ac: vehicle.ac } }, vehicle.vehicleType, ctx);
  // "non-AC" (or "with AC") said at the confirmation: the fare of that option again, or that there is none
  if (parsed.slots.ac !== undefined && state.stage === 'confirm' && state.selected) return confirmReply(next, state.selected, ctx);
  if (parsed.slots.ac !== undefined || parsed.slots.flightNumber) return { state: next, reply: { lines: reprompt(next) } };
  return undefined;
}

/** Whether the message said more than a promo code (a trip detail, a pick, a yes or no). */
function saysMore(parsed: ParsedMessage): boolean {
  return Object.keys(parsed.slots).length > 0 || changesTrip(parsed) || parsed.choice !== undefined || parsed.answer !== undefined;
}

/**
 * "use code FEST550" at any point: kept for the booking and checked on the
 * chosen vehicle's fare (on the confirmation now, when one is open). The
 * console books at the operator's own price, so its agent takes no code.
 */
async function onPromo(state: AgentState, code: string, ctx: AgentContext): Promise<Turn> {
  const next = { ...state, promo: code };
  if (state.stage === 'confirm' && state.selected) return confirmReply(next, state.selected, ctx);
  const saved = line('promoSaved', { code });
  if (state.stage === 'quoted') return { state: next, reply: { lines: [saved, line('pickFromList')] } };
  if (state.stage === 'collect') return advance(next, ctx, [saved]);
  return { state: next, reply: { lines: [saved, ...reprompt(next)] } };
}

/** The name or phone just given, kept with what came before; books once both are known, else asks for the one missing. */
async function takeCustomer(state: AgentState, parts: CustomerDraft, ctx: AgentContext): Promise<Turn> {
  const draft = { ...state.customerDraft, ...parts };
  const customer = completeCustomer(draft);
  if (customer) return book({ ...state, customer, customerDraft: undefined, awaitingCustomer: undefined }, ctx);
  return { state: { ...state, customerDraft: draft }, reply: { lines: [customerQuestion(draft)] } };
}

/** A message that is only a name: no yes or no, pick, code, intent or trip detail the parser read in it. */
function isOnlyName(parsed: ParsedMessage): boolean {
  return (
    parsed.answer === undefined &&
    parsed.intent === undefined &&
    parsed.choice === undefined &&
    parsed.promoCode === undefined &&
    Object.keys(parsed.slots).length === 0
  );
}

/**
 * One turn of the built-in slot-filling agent: reads the rider's message,
 * updates the stored state and answers with message keys (rendered later in
 * the page's language) and card data.
 */
export async function runBuiltInAgent(ctx: AgentContext, stored: unknown, text: string): Promise<Turn> {
  let state = readState(stored);
  if (text.length > MAX_PARSE_CHARS) return { state, reply: { lines: [line('tooLong')] } };
  await loadPlaceIndex();
  const customerSaid = state.awaitingCustomer && state.stage === 'confirm' ? customerParts(text, ctx.tenant.countryCode) : {};
  if (customerSaid.number) return takeCustomer(state, customerSaid, ctx);
  const { cities: near } = await tripContext(ctx.db, ctx.tenant.id);
  const resolveNear: PlaceResolver = (phrase, options) => resolvePlace(phrase, { ...options, near });
  const parsed = parseMessage(text, {
    now: ctx.now,
    timeZone: ctx.tenant.timeZone,
    country: tenantRegion(ctx.tenant),
    expect: state.expect,
    resolvePlace: resolveNear,
  });

  if (parsed.intent === 'restart') return advance(freshState(), ctx, [line('restart')]);
  if (state.awaitingCustomer) {
    // a bare name is the customer's even when it is also a town's ("Salem")
    if (customerSaid.name && isOnlyName(parsed)) return takeCustomer(state, customerSaid, ctx);
    if (
      state.stage === 'confirm' &&
      parsed.answer !== 'no' &&
      !changesTrip(parsed) &&
      !parsed.slots.vehicleType &&
      parsed.intent !== 'status' &&
      parsed.intent !== 'cancelRide'
    )
      return { state, reply: { lines: [state.customerDraft ? customerQuestion(state.customerDraft) : line('customerNotUnderstood')] } };
    state = { ...state, awaitingCustomer: undefined };
  }
  if (parsed.promoCode) {
    if (isOperator(ctx.actor)) return { state, reply: { lines: [line('promoConsole')] } };
    if (!saysMore(parsed)) return onPromo(state, parsed.promoCode, ctx);
    state = { ...state, promo: parsed.promoCode };
  }
  if (parsed.intent === 'status') return rideStatus(state, ctx);
  if (parsed.intent === 'cancelPolicy') return cancellationPolicy(state, ctx);
  if (parsed.intent === 'cancelRide') return startCancel(state, parsed, ctx);
  if (state.stage === 'cancelPick' || state.stage === 'cancelConfirm') {
    if (!changesTrip(parsed) && !parsed.slots.vehicleType) return continueCancel(state, parsed, text, ctx);
    state = { ...state, stage: state.cancel?.resume ?? 'collect', cancel: undefined };
  }
  if (state.stage === 'booked') {
    if (parsed.answer === 'yes' && !changesTrip(parsed)) return { state, reply: { lines: [line('alreadyBooked', { rideId: state.bookedRideId ?? 0 })] } };
    if (changesTrip(parsed) || parsed.slots.vehicleType) state = { ...freshState(), promo: state.promo };
  }
  if (state.stage === 'quoted' || state.stage === 'confirm') {
    const turn = await onQuote(state, parsed, ctx);
    if (turn) return turn;
  }
  if (Object.keys(parsed.slots).length || changesTrip(parsed)) {
    const merged = mergeParsed(state, parsed);
    if (merged.lines.length) return { state: { ...merged.state, stage: 'collect', quote: undefined, selected: undefined }, reply: { lines: merged.lines } };
    return advance(merged.state, ctx);
  }
  if (parsed.intent === 'greeting' && state.stage === 'collect')
    return Object.keys(state.slots).length ? advance(state, ctx, [line('greeting')]) : { state, reply: { lines: [line('greeting')] } };
  if (parsed.intent === 'help') return { state, reply: { lines: [line('help')] } };
  const open = reprompt(state);
  if (open.length) return { state, reply: { lines: [line('notUnderstood'), ...open] } };
  if (parsed.intent === 'book') return advance(state, ctx);
  const asked = await advance(state, ctx);
  return { ...asked, reply: { ...asked.reply, lines: [line('notUnderstood'), ...asked.reply.lines] } };
}
