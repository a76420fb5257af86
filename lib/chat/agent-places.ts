import { inferTripKind, type ParsedMessage, type TripSlots } from './parse';
import { airportOf } from './places';
import { line, type ReplyLine } from './reply';
import type { AgentState } from './state';

/** Slots that change the trip itself (a new quote), as opposed to the vehicle choice. */
export function changesTrip(parsed: ParsedMessage): boolean {
  const { vehicleType: _v, ac: _a, flightNumber: _f, ...trip } = parsed.slots;
  return Object.keys(trip).length > 0 || parsed.unknownPlaces.length > 0 || Boolean(parsed.airportOnly || parsed.bare);
}

/**
 * Merges what the rider just said into the state; corrections simply win. Places no town matched are
 * forgotten and said back; a bare town fills the first open end; "the airport" waits for the other end.
 */
export function mergeParsed(state: AgentState, parsed: ParsedMessage): { state: AgentState; lines: ReplyLine[] } {
  const slots: TripSlots = { ...state.slots, ...parsed.slots };
  const next: AgentState = { ...state, slots, kindSaid: parsed.kindSaid ?? state.kindSaid };
  const lines: ReplyLine[] = [];
  for (const unknown of parsed.unknownPlaces) {
    delete slots[unknown.field];
    lines.push(line('placeUnknown', { place: unknown.text }));
    next.expect = unknown.field;
  }
  if (parsed.bare) {
    if (!slots.pickup) slots.pickup = parsed.bare;
    else if (!slots.dropoff && next.kindSaid !== 'rental') slots.dropoff = parsed.bare;
  }
  if (parsed.airportOnly) next.airportFor = parsed.airportOnly;
  if (next.airportFor === 'dropoff' && slots.pickup) [slots.dropoff, next.airportFor] = [airportOf(slots.pickup), undefined];
  if (next.airportFor === 'pickup' && slots.dropoff) [slots.pickup, next.airportFor] = [airportOf(slots.dropoff), undefined];
  if (parsed.slots.rideType === 'oneway') [slots.returnDate, slots.returnTime] = [undefined, undefined];
  if (next.kindSaid) slots.tripKind = next.kindSaid;
  else if (slots.pickup && slots.dropoff) slots.tripKind = inferTripKind(slots.pickup, slots.dropoff);
  if (slots.pickup?.airport || slots.dropoff?.airport) slots.tripKind = 'airport';
  if (slots.tripKind === 'rental') Object.assign(slots, { rideType: 'oneway', dropoff: undefined, returnDate: undefined, returnTime: undefined });
  slots.rideType ??= slots.returnDate || slots.returnTime ? 'return' : undefined;
  return { state: next, lines };
}
