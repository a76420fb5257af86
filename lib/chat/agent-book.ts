import { line } from './reply';
import type { AgentState } from './state';
import { bookTool } from './tools';
import { customerQuestion, isOperator } from './agent-customer';
import { bookedLine, summaryLine, vehicleValue } from './agent-summary';
import { requote } from './agent-quote';
import { refuse } from './agent-refusals';
import { confirmReply } from './agent-confirm';
import { advance } from './agent-collect';
import { say, type AgentContext, type Turn } from './agent-turn';

/** Books the confirmed vehicle after the rider's yes; without a signed-in rider asks to sign in and keeps everything. */
export async function book(state: AgentState, ctx: AgentContext): Promise<Turn> {
  const memo = state.quote;
  const vehicle = state.selected;
  if (!memo || !vehicle) return advance(state, ctx);
  if (!ctx.actor) return say(state, [line('signin')], { data: { kind: 'signin' } });
  // The console's agent books for the customer on the phone: their name and number first.
  if (isOperator(ctx.actor) && !state.customer) return say({ ...state, awaitingCustomer: true }, [customerQuestion(state.customerDraft)]);
  const s = state.slots;
  const outcome = await bookTool(ctx, {
    quoteId: memo.id,
    vehicleType: vehicle,
    nonAc: s.ac === false,
    flightNumber: s.tripKind === 'airport' ? s.flightNumber : undefined,
    flightDirection: s.tripKind === 'airport' ? (s.dropoff?.airport ? 'departure' : 'arrival') : undefined,
    customer: state.customer,
    promoCode: state.promo,
  });
  if (outcome.ok) {
    const { ride } = outcome;
    const booked: AgentState = { ...state, stage: 'booked', bookedRideId: ride.number, expect: undefined, awaitingCustomer: undefined, promo: undefined };
    const lines = [bookedLine(ride, vehicleValue(vehicle, s.ac), summaryLine(s, ctx.tenant.timeZone), state.customer)];
    return say(booked, lines, {
      data: { kind: 'booked', rideId: ride.number, total: ride.totalAmount, cashbackAmount: ride.cashbackAmount, currency: ride.currency },
    });
  }
  switch (outcome.problem) {
    case 'quoteExpired':
    case 'quoteUnknown': {
      const fresh = await requote(state, ctx);
      if ('problem' in fresh) return refuse(state, fresh.problem, ctx, [], fresh.limit);
      return confirmReply({ ...state, quote: fresh.memo }, vehicle, ctx, [line('quoteRefreshed')]);
    }
    case 'pickupInPast':
      return refuse(state, 'pickupInPast', ctx, []);
    case 'vehicleUnknown':
      return say({ ...state, stage: 'quoted', selected: undefined }, [line('vehicleUnavailable', { vehicle: { vehicle } })]);
    case 'customer':
      return say({ ...state, customer: undefined, customerDraft: undefined, awaitingCustomer: true }, [line('customerNotUnderstood')]);
    case 'tooMany':
      return say(state, [line('tooManyBookings')]);
    case 'bookingsPaused':
      return say(state, [line('bookingsPaused')]);
    case 'promo':
      // the code ran out (or changed) since it was checked: the fare without it, to confirm again
      return confirmReply({ ...state, promo: undefined }, vehicle, ctx, [
        line('promoRefused', { code: state.promo ?? '', reason: { validation: outcome.key } }),
      ]);
    case 'flight':
      return say(
        {
          ...state,
          stage: 'collect',
          quote: undefined,
          selected: undefined,
          expect: 'flight',
          slots: { ...s, flightNumber: undefined },
          flightChecked: undefined,
        },
        [line('flightRefused', { reason: { validation: outcome.key, values: outcome.values } }), line('askFlight')],
      );
    default:
      return say(state, [line('signin')], { data: { kind: 'signin' } });
  }
}
