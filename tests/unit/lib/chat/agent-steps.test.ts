import { nextStep, type Heard, type Move } from '@/lib/chat/agent';
import type { ParsedMessage } from '@/lib/chat/parse';
import type { PlaceSlot } from '@/lib/chat/place-slot';
import { freshState, type AgentState, type QuoteMemo } from '@/lib/chat/state';

/*
 * The built-in agent's transitions on their own (docs/architecture/chat.md#the-built-in-agent): which step a
 * message takes from which stage, and the state it runs on. No database: the steps themselves are run by
 * agent.test.ts and its siblings.
 */

const CHENNAI: PlaceSlot = { name: 'Chennai', lat: 13.08, lng: 80.27, country: 'IN', city: 'Chennai' };
const VELLORE: PlaceSlot = { name: 'Vellore', lat: 12.92, lng: 79.13, country: 'IN', city: 'Vellore' };

const QUOTE: QuoteMemo = {
  id: 'q1',
  currency: 'INR',
  options: [
    { vehicleType: 'sedan', total: 450000, rideAmount: 400000, driverBata: 50000, tolls: 0 },
    { vehicleType: 'sedan', nonAc: true, total: 400000, rideAmount: 350000, driverBata: 50000, tolls: 0 },
    { vehicleType: 'suv', total: 600000, rideAmount: 550000, driverBata: 50000, tolls: 0 },
  ],
  signature: '[]',
  distanceM: 140_000,
  durationS: 9000,
  pickupTime: '2026-11-24T04:30:00.000Z',
  returnTime: null,
};

const trip = { pickup: CHENNAI, dropoff: VELLORE, tripKind: 'outstation', rideType: 'oneway', pickupDate: '2026-11-24', pickupTime: '10:00' } as const;
const collecting: AgentState = { ...freshState(), slots: { pickup: CHENNAI } };
const quoted: AgentState = { ...freshState(), stage: 'quoted', slots: { ...trip }, quote: QUOTE };
const confirming: AgentState = { ...quoted, stage: 'confirm', selected: 'suv' };
const booked: AgentState = { ...quoted, stage: 'booked', bookedRideId: 1042, promo: 'FEST550' };
const cancelling: AgentState = { ...quoted, stage: 'cancelPick', cancel: { rideIds: [1042, 1043], resume: 'quoted' } };
const awaitingCustomer: AgentState = { ...confirming, awaitingCustomer: true };

const said = (over: Partial<ParsedMessage> = {}): ParsedMessage => ({ slots: {}, unknownPlaces: [], correction: false, ...over });
const heard = (parsed: Partial<ParsedMessage> = {}, over: Partial<Omit<Heard, 'parsed'>> = {}): Heard => ({
  parsed: said(parsed),
  customer: {},
  operator: false,
  ...over,
});
const keys = (move: Move) => (move.step === 'say' ? move.lines : move.step === 'collect' ? (move.lead ?? []) : []).map((l) => l.key);

describe('nextStep: the step each message takes from each stage', () => {
  it.each<[string, AgentState, Heard, string, string[]]>([
    ['a new place while collecting asks on', collecting, heard({ slots: { dropoff: VELLORE } }), 'collect', []],
    ['an unknown place is said back, and nothing quoted', collecting, heard({ unknownPlaces: [{ field: 'dropoff', text: 'Xyzzy' }] }), 'say', ['placeUnknown']],
    ['nothing understood while collecting asks the open question', collecting, heard(), 'collect', ['notUnderstood']],
    ['"book" while collecting asks on without a complaint', collecting, heard({ intent: 'book' }), 'collect', []],
    ['a greeting with a trip started asks on', collecting, heard({ intent: 'greeting' }), 'collect', ['greeting']],
    ['a greeting with nothing said yet is greeted back', freshState(), heard({ intent: 'greeting' }), 'say', ['greeting']],
    ['a number on the quote picks that option', quoted, heard({ choice: 2 }), 'confirm', []],
    ['a number past the list asks to pick again', quoted, heard({ choice: 9 }), 'say', ['pickFromList']],
    ['yes with no vehicle named asks to pick', quoted, heard({ answer: 'yes' }), 'say', ['pickFromList']],
    ['nothing understood on the quote asks to pick', quoted, heard(), 'say', ['notUnderstood', 'pickFromList']],
    ['yes at the confirmation books', confirming, heard({ answer: 'yes' }), 'book', []],
    ['no at the confirmation goes back to the list', confirming, heard({ answer: 'no' }), 'say', ['notBooked']],
    ['non-AC at the confirmation prices that option', confirming, heard({ slots: { ac: false } }), 'confirm', []],
    ['a new date on the quote is a new trip', confirming, heard({ slots: { pickupDate: '2026-11-25' } }), 'collect', []],
    ['yes once booked says it is booked', booked, heard({ answer: 'yes' }), 'say', ['alreadyBooked']],
    ['a status question from any stage', confirming, heard({ intent: 'status' }), 'rideStatus', []],
    ['the cancellation rules from any stage', quoted, heard({ intent: 'cancelPolicy' }), 'cancelPolicy', []],
    ['cancel my ride', booked, heard({ intent: 'cancelRide' }), 'cancelStart', []],
    ['an answer while picking a ride to cancel', cancelling, heard({ choice: 2 }), 'cancelContinue', []],
    ['a promo code alone on the quote is kept', quoted, heard({ promoCode: 'FEST550' }), 'say', ['promoSaved', 'pickFromList']],
    ['a promo code alone while collecting asks on', collecting, heard({ promoCode: 'FEST550' }), 'collect', ['promoSaved']],
    ['a promo code at the confirmation prices it', confirming, heard({ promoCode: 'FEST550' }), 'confirm', []],
    ['the console takes no promo code', quoted, heard({ promoCode: 'FEST550' }, { operator: true }), 'say', ['promoConsole']],
    ['restart starts over', confirming, heard({ intent: 'restart' }), 'collect', ['restart']],
    ['the console: a name alone asks for the phone', awaitingCustomer, heard({}, { customer: { name: 'Priya Raman' } }), 'say', ['askCustomerPhone']],
    ['the console: anything else asks for the customer again', awaitingCustomer, heard({ answer: 'yes' }), 'say', ['customerNotUnderstood']],
  ])('%s', (_name, state, message, step, lines) => {
    const move = nextStep(state, message);
    expect(move.step).toBe(step);
    expect(keys(move)).toEqual(lines);
  });

  it('a pick by number takes its vehicle and its AC or non-AC option', () => {
    const move = nextStep(quoted, heard({ choice: 2 }));
    expect(move).toMatchObject({ step: 'confirm', vehicle: 'sedan', state: { slots: { vehicleType: 'sedan', ac: false } } });
  });

  it('no at the confirmation forgets the vehicle and shows the list again', () => {
    expect(nextStep(confirming, heard({ answer: 'no' })).state).toMatchObject({ stage: 'quoted', selected: undefined });
  });

  it('a new trip once booked starts afresh, keeping the promo code', () => {
    const move = nextStep(booked, heard({ slots: { pickup: VELLORE } }));
    expect(move.state).toMatchObject({ stage: 'collect', slots: { pickup: VELLORE }, promo: 'FEST550' });
    expect(move.state.bookedRideId).toBeUndefined();
  });

  it('a new place while picking a ride to cancel resumes the booking', () => {
    const move = nextStep(cancelling, heard({ slots: { pickupDate: '2026-11-26' } }));
    expect(move).toMatchObject({ step: 'collect', state: { stage: 'quoted', cancel: undefined } });
  });

  it('the console: the phone after the name completes the customer and books', () => {
    const state = { ...awaitingCustomer, customerDraft: { name: 'Priya Raman' } };
    const move = nextStep(state, heard({}, { customer: { dialCode: '91', number: '9845012345' } }));
    expect(move).toMatchObject({
      step: 'book',
      state: { customer: { name: 'Priya Raman', dialCode: '91', number: '9845012345' }, awaitingCustomer: undefined },
    });
  });

  it('a customer heard outside the confirmation is not taken', () => {
    const move = nextStep(quoted, heard({}, { customer: { dialCode: '91', number: '9845012345' } }));
    expect(move.step).toBe('say');
    expect(move.state.customer).toBeUndefined();
  });
});
