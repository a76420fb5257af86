import type { Ride, VehicleType } from '@/lib/db/schema/rides';
import { MAX_ADVANCE_DAYS, PAST_SLACK_MS } from '@/lib/fares/schemas';
import { zonedDate, zonedIso } from '@/lib/fares/time';
import { addDays } from './parse-when';
import { localTime } from '@/lib/time/zoned';
import { inferTripKind, type ParsedMessage, type TripSlots } from './parse';
import { airportOf } from './places';
import { line, type AgentReply, type ReplyLine, type ReplyValue } from './reply';
import { optionFor, quoteSignature, type AgentState, type QuoteMemo, type QuoteOption } from './state';
import type { TripLimitIssue } from '@/lib/fares/trip-limits';
import type { TripReachIssue } from '@/lib/fares/trip-reach';
import { customerQuestion, isOperator } from './agent-customer';
import { bookTool, flightCheckTool, promoTool, quoteOptions, quoteTool, type QuoteProblem, type ToolContext } from './tools';

export type AgentContext = ToolContext & { now: Date };
export type Turn = { reply: AgentReply; state: AgentState };

const say = (state: AgentState, lines: ReplyLine[], extra: Omit<AgentReply, 'lines'> = {}): Turn => ({ state, reply: { lines, ...extra } });
const iso = (date: string | undefined, time: string | undefined, timeZone: string) => (date && time ? zonedIso(date, time, timeZone) : undefined);

export function vehicleValue(vehicle: VehicleType, ac: boolean | undefined): ReplyValue {
  if (ac === undefined) return { vehicle };
  return { line: line(ac ? 'vehicleAc' : 'vehicleNonAc', { vehicle: { vehicle } }) };
}

/** "Chennai → Bengaluru, Tue, Nov 24, 2026, 8:00 PM" (or the return or rental form). */
export function summaryLine(slots: TripSlots, timeZone: string): ReplyLine {
  const from = slots.pickup?.name ?? '';
  const at = { at: iso(slots.pickupDate, slots.pickupTime, timeZone) ?? new Date().toISOString() };
  if (slots.tripKind === 'rental') return line('summaryRental', { hours: Number.parseInt(slots.packageCode ?? '8', 10), from, at });
  const to = slots.dropoff?.name ?? '';
  const back = iso(slots.returnDate, slots.returnTime, timeZone);
  return slots.rideType === 'return' && back ? line('summaryReturn', { from, to, at, returnAt: { at: back } }) : line('summaryOneway', { from, to, at });
}

/** The same summary for a booked ride, from the ride itself (what the LLM agent booked has no slots). */
export function rideSummaryLine(ride: Pick<Ride, 'tripKind' | 'rideType' | 'packageCode' | 'pickup' | 'dropoff' | 'pickupTime' | 'returnTime'>): ReplyLine {
  const from = ride.pickup.name;
  const at = { at: ride.pickupTime.toISOString() };
  if (ride.tripKind === 'rental') return line('summaryRental', { hours: Number.parseInt(ride.packageCode ?? '8', 10), from, at });
  const to = ride.dropoff?.name ?? '';
  return ride.rideType === 'return' && ride.returnTime
    ? line('summaryReturn', { from, to, at, returnAt: { at: ride.returnTime.toISOString() } })
    : line('summaryOneway', { from, to, at });
}

/** The "booked" line: the rider gets the start code; the console's customer gets it by SMS or WhatsApp, so the console is told whom it booked for. */
export function bookedLine(ride: Pick<Ride, 'number' | 'startCode'>, vehicle: ReplyValue, summary: ReplyLine, customer?: AgentState['customer']): ReplyLine {
  return customer
    ? line('bookedForCustomer', {
        rideId: ride.number,
        name: customer.name,
        phone: { ltr: `+${customer.dialCode} ${customer.number}` },
        vehicle,
        summary: { line: summary },
      })
    : line('booked', { rideId: ride.number, vehicle, summary: { line: summary }, startCode: ride.startCode });
}

/** Slots that change the trip itself (a new quote), as opposed to the vehicle choice. */
export function changesTrip(parsed: ParsedMessage): boolean {
  const { vehicleType: _v, ac: _a, flightNumber: _f, ...trip } = parsed.slots;
  return Object.keys(trip).length > 0 || parsed.unknownPlaces.length > 0 || Boolean(parsed.airportOnly || parsed.bare);
}

/** Merges what the rider just said into the state; corrections simply win. */
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

/** Fills a missing pickup date from the time (today, or tomorrow once it has passed) and the return date likewise. */
function fillDates(slots: TripSlots, ctx: AgentContext): void {
  const { timeZone } = ctx.tenant;
  if (slots.pickupTime && !slots.pickupDate) {
    const today = zonedDate(timeZone, 0, ctx.now);
    slots.pickupDate = slots.pickupTime >= localTime(ctx.now, timeZone) ? today : addDays(today, 1);
  }
  if (slots.rideType === 'return' && slots.returnTime && !slots.returnDate && slots.pickupDate && slots.pickupTime) {
    slots.returnDate = slots.returnTime > slots.pickupTime ? slots.pickupDate : addDays(slots.pickupDate, 1);
  }
}

type Check = { problem: QuoteProblem } | undefined;

/** The fare rules that can be checked before everything is known (a past pickup, a return before it). */
function earlyCheck(slots: TripSlots, ctx: AgentContext): Check {
  const { timeZone } = ctx.tenant;
  const today = zonedDate(timeZone, 0, ctx.now);
  const pickup = iso(slots.pickupDate, slots.pickupTime, timeZone);
  if ((slots.pickupDate && slots.pickupDate < today) || (pickup && Date.parse(pickup) < ctx.now.getTime() - PAST_SLACK_MS)) return { problem: 'pickupInPast' };
  if (slots.pickupDate && slots.pickupDate > zonedDate(timeZone, MAX_ADVANCE_DAYS, ctx.now)) return { problem: 'pickupTooFar' };
  const back = iso(slots.returnDate, slots.returnTime, timeZone);
  if ((slots.returnDate && slots.pickupDate && slots.returnDate < slots.pickupDate) || (pickup && back && Date.parse(back) <= Date.parse(pickup)))
    return { problem: 'returnBeforePickup' };
  return undefined;
}

/** Refuses with the reason, forgets the wrong slot and asks for it again. */
function refuse(state: AgentState, problem: QuoteProblem, ctx: AgentContext, lead: ReplyLine[], limit?: TripLimitIssue | TripReachIssue): Turn {
  const slots = { ...state.slots };
  const next = { ...state, slots, stage: 'collect' as const, quote: undefined, selected: undefined };
  const pickupAt = iso(slots.pickupDate, slots.pickupTime, ctx.tenant.timeZone);
  switch (problem) {
    case 'pickupInPast':
    case 'pickupTooFar':
      [slots.pickupDate, slots.pickupTime] = [undefined, undefined];
      return say({ ...next, expect: 'when' }, [
        ...lead,
        problem === 'pickupInPast' ? line('pastTime') : line('tooFar', { days: MAX_ADVANCE_DAYS }),
        line('askWhen'),
      ]);
    case 'returnBeforePickup':
      [slots.returnDate, slots.returnTime] = [undefined, undefined];
      return say({ ...next, expect: 'return' }, [...lead, line('returnBeforePickup', { at: { at: pickupAt ?? ctx.now.toISOString() } }), line('askReturn')]);
    case 'samePlace':
      slots.dropoff = undefined;
      return say({ ...next, expect: 'dropoff' }, [...lead, line('samePlace'), line('askDropoff')]);
    case 'tripLimit':
      return refuseLimit(next, limit, lead);
    case 'packageUnknown':
      slots.packageCode = undefined;
      return say({ ...next, expect: 'package' }, [...lead, line('packageUnknown'), line('askPackage')]);
    default:
      return say(next, [...lead, line('notUnderstood'), line('help')]);
  }
}

/** The operator's limit the trip is past, said with its figures; the slot at fault is asked again. */
function refuseLimit(state: AgentState, limit: TripLimitIssue | TripReachIssue | undefined, lead: ReplyLine[]): Turn {
  const slots = state.slots;
  if (!limit) return say(state, [...lead, line('notUnderstood'), line('help')]);
  switch (limit.code) {
    case 'outside_service_area':
      slots.pickup = undefined;
      return say({ ...state, expect: 'pickup' }, [
        ...lead,
        line('limitOutsideArea', { limit: { km: limit.limitKm * 1000 }, nearest: limit.nearest ?? '' }),
        line('askPickup'),
      ]);
    case 'local_too_far':
      slots.dropoff = undefined;
      return say({ ...state, expect: 'dropoff' }, [
        ...lead,
        line('limitLocal', { distance: { km: limit.km * 1000 }, limit: { km: limit.limitKm * 1000 } }),
        line('askDropoff'),
      ]);
    case 'trip_too_far':
      slots.dropoff = undefined;
      return say({ ...state, expect: 'dropoff' }, [
        ...lead,
        line('limitTooFar', { distance: { km: limit.km * 1000 }, limit: { km: limit.limitKm * 1000 } }),
        line('askDropoff'),
      ]);
    case 'now_too_far':
      [slots.pickupDate, slots.pickupTime] = [undefined, undefined];
      return say({ ...state, expect: 'when' }, [
        ...lead,
        line('limitNow', { distance: { km: limit.km * 1000 }, limit: { km: limit.limitKm * 1000 } }),
        line('askWhen'),
      ]);
    case 'other_country':
    case 'no_road':
      slots[limit.field === 'pickupLocation' ? 'pickup' : 'dropoff'] = undefined;
      return say({ ...state, expect: limit.field === 'pickupLocation' ? 'pickup' : 'dropoff' }, [
        ...lead,
        line(limit.code === 'no_road' ? 'limitNoRoad' : 'limitAbroad', { place: limit.place }),
        line(limit.field === 'pickupLocation' ? 'askPickup' : 'askDropoff'),
      ]);
  }
}

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

/**
 * Non-AC asked for where the operator offers none for the type: said so, with the AC fare, never the AC price as
 * non-AC (docs/requirements/rider.md#booking-by-chat). The AC preference is dropped so "yes" picks the AC one.
 */
function noNonAc(state: AgentState, memo: QuoteMemo): { state: AgentState; line: ReplyLine } | undefined {
  const { vehicleType, ac } = state.slots;
  if (!vehicleType || ac !== false || optionFor(memo.options, vehicleType, false)) return undefined;
  const withAc = optionFor(memo.options, vehicleType, true);
  if (!withAc) return undefined;
  return {
    state: { ...state, slots: { ...state.slots, ac: undefined } },
    line: line('nonAcUnavailable', { vehicle: { vehicle: vehicleType }, total: { money: withAc.total, currency: memo.currency } }),
  };
}

function quoteReply(state: AgentState, memo: QuoteMemo, ctx: AgentContext, lead: ReplyLine[]): Turn {
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

async function requote(
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
    pickupTime: iso(s.pickupDate, s.pickupTime, timeZone)!,
    returnTime: iso(s.returnDate, s.returnTime, timeZone),
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

/** An airport pickup a rider books: the flight is asked for, then checked against the airport, the day and the pickup time. */
async function flightStep(state: AgentState, ctx: AgentContext, lead: ReplyLine[]): Promise<{ turn: Turn } | { state: AgentState; lead: ReplyLine[] }> {
  const s = state.slots;
  const arrival = s.tripKind === 'airport' && Boolean(s.pickup?.airport) && !s.dropoff?.airport;
  if (!arrival || isOperator(ctx.actor)) return { state, lead };
  const collect = { ...state, stage: 'collect' as const, quote: undefined, selected: undefined };
  if (!s.flightNumber) return { turn: say({ ...collect, expect: 'flight' }, [...lead, line('askFlight')]) };
  if (state.flightChecked === s.flightNumber) return { state, lead };
  const pickupTime = iso(s.pickupDate, s.pickupTime, ctx.tenant.timeZone)!;
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

/**
 * The rider's promo code on the chosen vehicle's fare, checked as the
 * summary checks it: its discount as its own line and the total after it, or
 * the summary's refusal (the code is then forgotten);
 * docs/requirements/rider.md#booking-by-chat.
 */
async function promoLines(state: AgentState, option: QuoteOption, ctx: AgentContext) {
  const memo = state.quote!;
  const { total } = option;
  if (!state.promo) return { state, lines: [], discount: 0 };
  const checked = await promoTool(ctx, { quoteId: memo.id, vehicleType: option.vehicleType, nonAc: option.nonAc, code: state.promo });
  if (checked.ok) {
    const money = (minor: number) => ({ money: minor, currency: memo.currency });
    return {
      state: { ...state, promo: checked.code },
      lines: [line('promoLine', { code: checked.code, discount: money(checked.discount) }), line('promoTotal', { total: money(total - checked.discount) })],
      discount: checked.discount,
    };
  }
  // an expired quote is searched again at booking, which checks the code once more
  if ('problem' in checked) return { state, lines: [], discount: 0 };
  return { state: { ...state, promo: undefined }, lines: [line('promoRefused', { code: state.promo, reason: { validation: checked.key } })], discount: 0 };
}

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
