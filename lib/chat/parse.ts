import { flightParts, normaliseFlightNumber } from '@/lib/booking/flight-number';
import type { RideType, TripKind, VehicleType } from '@/lib/db/schema/rides';
import { extractWhen, type WhenContext } from './parse-when';
import { placesOf } from './parse-places';
import { distanceKm, type PlaceSlot } from './place-slot';
import {
  AC,
  AIRLINE_CODES,
  AIRPORT_TRIP,
  BOOK_INTENT,
  CANCEL_INTENT,
  CANCEL_POLICY_INTENT,
  GREETING,
  HELP,
  LOCAL_TRIP,
  NO,
  NON_AC,
  ONE_WAY,
  ORDINALS,
  OUTSTATION_TRIP,
  RENTAL_TRIP,
  RESTART_INTENT,
  RETURN_MARKER,
  ROUND_TRIP,
  STATUS_INTENT,
  VEHICLE_WORDS,
  YES,
} from './parse-words';

export type { ExpectedSlot, ParseContext, ParsedMessage, PlaceField, TripSlots } from './parse-types';
import type { ParseContext, ParsedMessage } from './parse-types';

/** Longer text is cut before parsing (the service refuses anything past 2000 characters anyway). */
export const MAX_PARSE_CHARS = 2000;
/** Pickup and drop-off closer than this (great circle) make a local trip. */
export const LOCAL_MAX_KM = 40;

export function packageForHours(hours: number): string {
  return hours <= 4 ? '4h40km' : hours <= 8 ? '8h80km' : '12h120km';
}

export function inferTripKind(pickup: PlaceSlot, dropoff: PlaceSlot): TripKind {
  if (pickup.airport || dropoff.airport) return 'airport';
  return distanceKm(pickup, dropoff) < LOCAL_MAX_KM ? 'local' : 'outstation';
}

/** Removes markup and control characters; lower case with single spaces. */
function clean(text: string): { lower: string; plain: string } {
  const plain = text
    .slice(0, MAX_PARSE_CHARS)
    .replace(/<[^>]*>/g, ' ')
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/[\u2018\u2019`]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
  return { plain, lower: plain.toLowerCase() };
}

/** Blanks a match out of the working text so later passes do not read it again. */
function blank(text: string, pattern: RegExp): string {
  return text.replace(new RegExp(pattern.source, 'g'), ' ');
}

function flightNumber(plain: string): { code?: string; pattern?: RegExp } {
  const named = /\b(?:flight|flt)\s*(?:no\.?|number|#)?\s*([a-z\d]{2})\s?-?(\d{1,4}[a-z]?)\b/i.exec(plain);
  if (named && /[a-z]/i.test(named[1]))
    return { code: `${named[1]}${named[2]}`.toUpperCase(), pattern: /\b(?:flight|flt)\s*(?:no\.?|number|#)?\s*[a-z\d]{2}\s?-?\d{1,4}[a-z]?\b/ };
  for (const m of plain.matchAll(/\b([a-z\d]{2})\s?-?(\d{2,4})\b/gi)) {
    const code = m[1].toUpperCase();
    if (/[A-Z]/.test(code) && AIRLINE_CODES.has(code)) return { code: `${code}${m[2]}`, pattern: new RegExp(`\\b${m[1]}\\s?-?${m[2]}\\b`, 'i') };
  }
  return {};
}

/** One word or a designator and a number ("AI 3O2", "6E-21345"): an answer meant as a flight number, even a malformed one. */
const FLIGHT_ATTEMPT = /^[a-z0-9]{2,3}[\s-]?\d[a-z0-9]*$/i;

/**
 * A flight number given on its own when one was asked for ("ai 302", "6E-2134", "AIC302"), else as any message
 * names one. A malformed answer meant as one ("AI 3O2") is kept as typed, so the flight check says what is wrong.
 */
function bareFlight(plain: string): { code?: string; pattern?: RegExp } {
  const whole = plain.trim().replace(/^(?:my )?(?:flight|flt)\s*(?:no\.?|number|#|is)?\s*/i, '');
  const normalised = normaliseFlightNumber(whole);
  if (whole.length <= 24 && (flightParts(normalised) || FLIGHT_ATTEMPT.test(whole))) return { code: normalised, pattern: /^.*$/ };
  return flightNumber(plain);
}

/** "use code FEST550", "promo os10", "apply coupon X", "my promo code is X": the phrase and the code in it. */
const PROMO_PHRASE =
  /\b(?:(?:please\s+)?(?:use|apply|add|redeem|enter|with|have)\s+(?:the\s+|a\s+|my\s+|this\s+)?)?(?:my\s+)?(?:(?:promo|coupon|voucher)(?:\s+code)?|discount\s+code|code)\s*(?:is\s+|:\s*|#\s*|-\s*)?([a-z0-9][a-z0-9_-]{2,19})\b/i;
const NOT_A_CODE = new Set(['please', 'pls', 'for', 'the', 'code', 'now', 'here', 'applied', 'works', 'worked', 'valid']);

function promoOf(plain: string): { code?: string; rest: string } {
  const m = PROMO_PHRASE.exec(plain);
  // a bare "code" names a promo only when a verb asks for it ("use code X"); "my start code is 1234" does not
  if (!m || NOT_A_CODE.has(m[1].toLowerCase()) || /^(?:my\s+)?code/i.test(m[0])) return { rest: plain };
  return { code: m[1].toUpperCase(), rest: `${plain.slice(0, m.index)} ${plain.slice(m.index + m[0].length)}`.trim() };
}

function lastVehicle(text: string): VehicleType | undefined {
  let best: { type: VehicleType; at: number } | undefined;
  for (const [type, pattern] of VEHICLE_WORDS) {
    for (const m of text.matchAll(new RegExp(pattern.source, 'g'))) if (!best || m.index > best.at) best = { type, at: m.index };
  }
  return best?.type;
}

function rideTypeOf(text: string): RideType | undefined {
  const one = ONE_WAY.exec(text);
  const round = ROUND_TRIP.exec(text);
  if (one && round) return one.index > round.index ? 'oneway' : 'return';
  return round ? 'return' : one ? 'oneway' : undefined;
}

function tripKindOf(text: string, hasFlight: boolean): { tripKind?: TripKind; packageCode?: string } {
  const rental = RENTAL_TRIP.exec(text);
  if (rental) {
    const hours = /\bfor (\d{1,2}) ?(hours?|hrs?|h)\b/.exec(text);
    const packageCode = hours
      ? packageForHours(Number(hours[1]))
      : /\bhalf[- ]day\b/.test(text)
        ? '4h40km'
        : /\bfull[- ]day\b/.test(text)
          ? '8h80km'
          : undefined;
    return packageCode ? { tripKind: 'rental', packageCode } : { tripKind: 'rental' };
  }
  if (hasFlight || AIRPORT_TRIP.test(text)) return { tripKind: 'airport' };
  if (OUTSTATION_TRIP.test(text)) return { tripKind: 'outstation' };
  if (LOCAL_TRIP.test(text)) return { tripKind: 'local' };
  return {};
}

function choiceOf(text: string): number | undefined {
  const m =
    /^(?:the\s+|number\s+|option\s+|no\.?\s*|#)?([1-9]|first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th)(?:\s+(?:one|option|vehicle|car))?(?:\s+(?:please|pls))?[\s.!]*$/.exec(
      text,
    );
  if (!m) return undefined;
  return /^\d$/.test(m[1]) ? Number(m[1]) : ORDINALS[m[1]];
}

function intentOf(text: string): ParsedMessage['intent'] {
  if (CANCEL_POLICY_INTENT.test(text)) return 'cancelPolicy';
  if (CANCEL_INTENT.test(text)) return 'cancelRide';
  if (STATUS_INTENT.test(text)) return 'status';
  if (RESTART_INTENT.test(text)) return 'restart';
  if (HELP.test(text)) return 'help';
  if (GREETING.test(text)) return 'greeting';
  if (BOOK_INTENT.test(text)) return 'book';
  return undefined;
}

function parseUnsafe(text: string, ctx: ParseContext): ParsedMessage {
  const cleaned = clean(text);
  const promo = promoOf(cleaned.plain);
  const plain = promo.rest;
  const lower = plain.toLowerCase();
  const parsed: ParsedMessage = {
    slots: {},
    unknownPlaces: [],
    ...(promo.code ? { promoCode: promo.code } : {}),
    correction: /^(no|nope|sorry)\b|\b(actually|instead|change|make it|correction|i mean|rather|wait)\b/.test(lower),
  };
  if (!lower) return parsed;
  const whenCtx: WhenContext = { now: ctx.now ?? new Date(), timeZone: ctx.timeZone, country: ctx.country };
  parsed.intent = intentOf(lower);
  if (YES.test(lower) && lower.split(' ').length <= 6) parsed.answer = 'yes';
  else if (NO.test(lower)) parsed.answer = 'no';
  parsed.choice = choiceOf(lower);
  const rideId = /\b(?:ride|booking|trip)\s*(?:#|no\.?|number|id)?\s*(\d{1,9})\b|#(\d{1,9})\b/.exec(lower);
  if (rideId) parsed.rideId = Number(rideId[1] ?? rideId[2]);
  if (parsed.choice !== undefined && ctx.expect !== 'when' && ctx.expect !== 'package') return parsed;

  let work = lower;
  const flight = ctx.expect === 'flight' ? bareFlight(plain) : flightNumber(plain);
  if (flight.code && flight.pattern) {
    parsed.slots.flightNumber = flight.code;
    work = blank(work, new RegExp(flight.pattern.source, 'i'));
  }
  const slots = parsed.slots;
  const vehicle = lastVehicle(work);
  if (vehicle) slots.vehicleType = vehicle;
  if (NON_AC.test(work)) slots.ac = false;
  else if (AC.test(work)) slots.ac = true;
  work = blank(blank(work, NON_AC), AC);
  for (const [, pattern] of VEHICLE_WORDS) work = blank(work, pattern);
  const rideType = rideTypeOf(work);
  if (rideType) slots.rideType = rideType;
  Object.assign(slots, tripKindOf(work, Boolean(flight.code)));
  if (slots.tripKind) parsed.kindSaid = slots.tripKind;
  if (ctx.expect === 'package' && !slots.packageCode) {
    const hours = /^\s*(\d{1,2})\b/.exec(work);
    if (hours) {
      Object.assign(slots, { tripKind: 'rental', packageCode: packageForHours(Number(hours[1])) });
      parsed.kindSaid = 'rental';
    }
  }
  work = blank(work, /\bfor \d{1,2} ?(hours?|hrs?|h)\b/);

  if (ctx.expect === 'when' && /^\s*\d{1,2}([:.]\d{2})?\s*$/.test(work)) work = `at ${work.trim()}`;
  const marker = RETURN_MARKER.exec(work);
  const returnOnly = ctx.expect === 'return' && !marker && !/\b(from|to|pick)\b/.test(work);
  const pickupPart = returnOnly ? '' : marker ? work.slice(0, marker.index) : work;
  const returnPart = returnOnly ? work : marker ? work.slice(marker.index + marker[0].length) : '';
  const pickupWhen = extractWhen(pickupPart, whenCtx);
  if (pickupWhen.when.date) slots.pickupDate = pickupWhen.when.date;
  if (pickupWhen.when.time) slots.pickupTime = pickupWhen.when.time;
  if (returnPart) {
    const back = extractWhen(returnPart.replace(/^\s*(\d{1,2}([:.]\d{2})?)\s*$/, 'at $1'), whenCtx).when;
    if (back.date) slots.returnDate = back.date;
    if (back.time) slots.returnTime = back.time;
    if (back.date || back.time) slots.rideType = 'return';
  }
  placesOf(pickupWhen.rest, ctx, parsed, ctx.resolvePlace ?? (() => undefined));
  if (!slots.tripKind && slots.pickup && slots.dropoff) slots.tripKind = inferTripKind(slots.pickup, slots.dropoff);
  if (parsed.airportOnly) slots.tripKind = parsed.kindSaid = 'airport';
  return parsed;
}

/**
 * Reads booking details from one English message: vehicle and AC, one-way or
 * return, trip kind, places, dates and times relative to `now` in the
 * operator's time zone, flight numbers, promo codes, yes/no, list picks and intents. Pure:
 * towns come from `ctx.resolvePlace` (on the server `resolvePlace` of
 * ./places, typo-tolerant, after `loadPlaceIndex`). Never throws.
 */
export function parseMessage(text: unknown, ctx: ParseContext): ParsedMessage {
  try {
    return parseUnsafe(typeof text === 'string' ? text : '', ctx);
  } catch {
    return { slots: {}, unknownPlaces: [], correction: false };
  }
}
