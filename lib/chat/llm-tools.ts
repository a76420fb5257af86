import { validationText } from '@/lib/errors/validation-text';
import { promoCodeSchema } from '@/lib/booking/schemas';
import type { ValidationKey } from './reply';
import { z } from 'zod';
import { MAX_ID } from '@/lib/db/ids';
import { TRIP_KINDS, VEHICLE_TYPES, type Ride } from '@/lib/db/schema/rides';
import { zonedDate, zonedIso } from '@/lib/fares/time';
import { formatMoney } from '@/lib/i18n/format';
import type { AgentData } from './contract';
import { isOperator, parseCustomer } from './agent-customer';
import { inferTripKind, packageForHours, parseMessage } from './parse';
import { addDays } from './parse-when';
import { localTime } from '@/lib/time/zoned';
import { loadPlaceIndex, resolvePlace } from './places';
import type { AgentState, QuoteMemo } from './state';
import { cancellationRules } from '@/lib/money/cancellation-rules';
import { bookTool, cancelRideTool, promoTool, quoteOptions, quoteTool, rideStatusTool, searchPlacesTool, tenantRegion, type ToolContext } from './tools';

/** The tools offered to the LLM, in the chat-completions `tools` format. */
export const LLM_TOOLS = [
  fn('search_places', 'Find towns and cities matching a name (typos allowed).', { query: { type: 'string' } }, ['query']),
  fn(
    'quote',
    'Price every vehicle type for a trip. Times are wall-clock in the operator time zone ("2026-11-24T20:00") or words ("tomorrow 8 pm").',
    {
      from: { type: 'string', description: 'pickup town or place' },
      to: { type: 'string', description: 'drop-off town (not for rentals)' },
      pickup_time: { type: 'string' },
      ride_type: { type: 'string', enum: ['oneway', 'return'] },
      return_time: { type: 'string' },
      trip_kind: { type: 'string', enum: [...TRIP_KINDS] },
      rental_hours: { type: 'number', enum: [4, 8, 12] },
    },
    ['from', 'pickup_time'],
  ),
  fn(
    'book',
    'Book one vehicle of a quote for the signed-in rider (in the console: for the customer named by customer_name and customer_phone). Only after the rider said yes to that vehicle and fare.',
    {
      ride_search_id: { type: 'string' },
      vehicle_type: { type: 'string', enum: [...VEHICLE_TYPES] },
      non_ac: { type: 'boolean', description: "the type's non-AC option, only where the quote lists one with non_ac" },
      flight_number: { type: 'string' },
      customer_name: { type: 'string' },
      customer_phone: { type: 'string', description: 'with the country code when it is not the operator country' },
      promo_code: { type: 'string', description: 'the promo code the rider gave, after check_promo accepted it' },
    },
    ['ride_search_id', 'vehicle_type'],
  ),
  fn(
    'check_promo',
    'Check a promo code the rider gave ("use code FEST550") on one vehicle of a quote: the discount and the total after it, or why it does not apply. Tell the rider the discount as its own line ("Promo FEST550: -₹550"), then book with promo_code.',
    { ride_search_id: { type: 'string' }, vehicle_type: { type: 'string', enum: [...VEHICLE_TYPES] }, code: { type: 'string' } },
    ['ride_search_id', 'vehicle_type', 'code'],
  ),
  fn(
    'ride_status',
    "The rider's upcoming rides and their status, with each ride's cancellation rule (free until, then the fee) and what cancelling now would cost. Say the cost before asking to cancel.",
    {},
    [],
  ),
  fn('cancellation_policy', "The operator's cancellation rule for each trip kind: free until some minutes before pickup, then a fee.", {}, []),
  fn('cancel_ride', "Cancel one of the rider's rides. Only after the rider said yes to cancelling that ride.", { ride_id: { type: 'number' } }, ['ride_id']),
];

function fn(name: string, description: string, properties: Record<string, unknown>, required: string[]) {
  return { type: 'function' as const, function: { name, description, parameters: { type: 'object', properties, required, additionalProperties: false } } };
}

const quoteArgs = z.object({
  from: z.string().min(1).max(120),
  to: z.string().max(120).nullish(),
  pickup_time: z.string().min(1).max(80),
  ride_type: z.enum(['oneway', 'return']).nullish(),
  return_time: z.string().max(80).nullish(),
  trip_kind: z.enum(TRIP_KINDS).nullish(),
  rental_hours: z.number().min(1).max(24).nullish(),
});
const bookArgs = z.object({
  ride_search_id: z.string().uuid(),
  vehicle_type: z.enum(VEHICLE_TYPES),
  non_ac: z.boolean().nullish(),
  flight_number: z.string().max(10).nullish(),
  customer_name: z.string().max(80).nullish(),
  customer_phone: z.string().max(30).nullish(),
  promo_code: z.string().max(40).nullish(),
});
const promoArgs = z.object({ ride_search_id: z.string().uuid(), vehicle_type: z.enum(VEHICLE_TYPES), code: z.string().min(1).max(40) });

/** A promo code's refusal as the LLM reads it: the summary's own text (the rider is told it in their language). */
const promoRefused = (key: ValidationKey) => ({ error: 'promo_refused', reason: key, message: validationText(key) });

/** The summary's check of a code (lib/money/promos via promoTool): the discount line and the total after it. */
async function checkPromoCode(args: z.infer<typeof promoArgs>, ctx: LlmToolContext) {
  if (isOperator(ctx.actor)) return { error: 'promo_not_in_console', message: 'The console books at the full fare; riders enter codes themselves.' };
  const checked = await promoTool(ctx, { quoteId: args.ride_search_id, vehicleType: args.vehicle_type, code: args.code });
  if (!checked.ok) return 'key' in checked ? promoRefused(checked.key) : { error: checked.problem };
  return {
    code: checked.code,
    discount_line: `Promo ${checked.code}: -${formatMoney(checked.discount, checked.currency, ctx.locale)}`,
    total_after_discount: formatMoney(checked.total - checked.discount, checked.currency, ctx.locale),
  };
}
const cancelArgs = z.object({ ride_id: z.coerce.number().int().positive().max(MAX_ID) });
const searchArgs = z.object({ query: z.string().min(1).max(100) });

/** What a turn's tool calls did, for the reply's card and the stored state. */
/** What the tools did this turn: the reply's data, the last quote, and a booking with the console's customer it was for. */
export type ToolEffects = { data?: AgentData; quote?: QuoteMemo; booked?: Ride; customer?: AgentState['customer'] };
export type LlmToolContext = ToolContext & { now: Date; locale: string; confirmed: boolean };

/** A time as the LLM wrote it: an ISO instant, a wall-clock "YYYY-MM-DDTHH:mm", or words. */
function instant(value: string, ctx: LlmToolContext): string | undefined {
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(value)) return new Date(value).toISOString();
  const wall = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})/.exec(value);
  if (wall) return zonedIso(wall[1], wall[2], ctx.tenant.timeZone);
  const { timeZone } = ctx.tenant;
  const { slots } = parseMessage(value, { now: ctx.now, timeZone, expect: 'when' });
  if (!slots.pickupTime) return undefined;
  const today = zonedDate(timeZone, 0, ctx.now);
  const date = slots.pickupDate ?? (slots.pickupTime >= localTime(ctx.now, timeZone) ? today : addDays(today, 1));
  return zonedIso(date, slots.pickupTime, timeZone);
}

async function quote(args: z.infer<typeof quoteArgs>, ctx: LlmToolContext, effects: ToolEffects) {
  await loadPlaceIndex();
  const country = tenantRegion(ctx.tenant);
  const pickup = resolvePlace(args.from, { country });
  const dropoff = args.to ? resolvePlace(args.to, { country }) : undefined;
  if (!pickup) return { error: 'place_not_found', place: args.from };
  if (args.to && !dropoff) return { error: 'place_not_found', place: args.to };
  const tripKind = args.rental_hours ? 'rental' : (args.trip_kind ?? (dropoff ? inferTripKind(pickup, dropoff) : 'rental'));
  const pickupTime = instant(args.pickup_time, ctx);
  if (!pickupTime) return { error: 'time_not_understood', value: args.pickup_time };
  const returnTime = args.return_time ? instant(args.return_time, ctx) : undefined;
  const outcome = await quoteTool(ctx, {
    rideType: args.ride_type ?? 'oneway',
    tripKind,
    packageCode: args.rental_hours ? packageForHours(args.rental_hours) : undefined,
    pickup,
    dropoff,
    pickupTime,
    returnTime,
  });
  if (!outcome.ok)
    return outcome.limit
      ? 'place' in outcome.limit
        ? { error: outcome.limit.code, place: outcome.limit.place }
        : { error: outcome.limit.code, limit_km: outcome.limit.limitKm, ...('km' in outcome.limit ? { trip_km: outcome.limit.km } : {}) }
      : { error: outcome.problem };
  const q = outcome.quote;
  const options = quoteOptions(q);
  effects.quote = {
    id: q.id,
    currency: q.currency,
    options,
    signature: '',
    distanceM: q.distanceM,
    durationS: q.durationS,
    pickupTime: q.pickupTime.toISOString(),
    returnTime: q.returnTime?.toISOString() ?? null,
  };
  effects.data = { kind: 'quotes', rideSearchId: q.id, currency: q.currency, options };
  return {
    ride_search_id: q.id,
    from: pickup.name,
    to: dropoff?.name ?? null,
    pickup_time: q.pickupTime.toISOString(),
    distance_km: Math.round(q.distanceM / 100) / 10,
    options: options.map((o) => ({ vehicle_type: o.vehicleType, ...(o.nonAc ? { non_ac: true } : {}), total: formatMoney(o.total, q.currency, ctx.locale) })),
  };
}

async function book(args: z.infer<typeof bookArgs>, ctx: LlmToolContext, effects: ToolEffects) {
  if (!ctx.confirmed) return { error: 'confirmation_required', message: 'Ask the rider to confirm this vehicle and fare with yes first.' };
  const customer = isOperator(ctx.actor) ? parseCustomer(`${args.customer_name ?? ''} ${args.customer_phone ?? ''}`, ctx.tenant.countryCode) : undefined;
  if (isOperator(ctx.actor) && !customer)
    return { error: 'customer_required', message: "Ask for the customer's name and phone number, then book with customer_name and customer_phone." };
  const promoCode = isOperator(ctx.actor) ? undefined : (args.promo_code ?? undefined);
  if (promoCode && !promoCodeSchema.safeParse(promoCode).success) return promoRefused('promoCodeFormat');
  const outcome = await bookTool(ctx, {
    quoteId: args.ride_search_id,
    vehicleType: args.vehicle_type,
    nonAc: args.non_ac ?? undefined,
    flightNumber: args.flight_number ?? undefined,
    customer,
    promoCode,
  });
  if (!outcome.ok) {
    if (outcome.problem === 'promo') return promoRefused(outcome.key);
    if (outcome.problem === 'signin') effects.data = { kind: 'signin' };
    // a flight that does not fit the trip: the rider is told why, in the booking's own words, and asked for the flight again
    if (outcome.problem === 'flight')
      return { error: 'flight_refused', reason: outcome.key, values: outcome.values ?? {}, message: validationText(outcome.key, outcome.values) };
    return { error: outcome.problem === 'signin' ? 'signin_required' : outcome.problem };
  }
  const { ride } = outcome;
  effects.booked = ride;
  effects.customer = customer;
  effects.data = { kind: 'booked', rideId: ride.number, total: ride.totalAmount, cashbackAmount: ride.cashbackAmount, currency: ride.currency };
  if (customer)
    return {
      ride_id: ride.number,
      status: ride.status,
      customer: customer.name,
      start_code_sent_to_customer: true,
      total: formatMoney(ride.totalAmount, ride.currency, ctx.locale),
    };
  return {
    ride_id: ride.number,
    status: ride.status,
    start_code: ride.startCode,
    total: formatMoney(ride.totalAmount, ride.currency, ctx.locale),
    ...(ride.promoCode ? { promo_code: ride.promoCode, discount: formatMoney(ride.discountAmount, ride.currency, ctx.locale) } : {}),
  };
}

/** Runs one tool call; the answer is what the LLM reads back (JSON). */
export async function runLlmTool(name: string, rawArgs: string, ctx: LlmToolContext, effects: ToolEffects): Promise<unknown> {
  let json: unknown;
  try {
    json = JSON.parse(rawArgs || '{}');
  } catch {
    return { error: 'arguments_not_json' };
  }
  const parse = <T extends z.ZodType>(schema: T) => schema.safeParse(json);
  switch (name) {
    case 'search_places': {
      const args = parse(searchArgs);
      return args.success
        ? { places: (await searchPlacesTool(ctx, args.data.query)).map((p) => ({ name: p.name, country: p.country })) }
        : { error: 'bad_arguments' };
    }
    case 'quote': {
      const args = parse(quoteArgs);
      return args.success ? quote(args.data, ctx, effects) : { error: 'bad_arguments' };
    }
    case 'book': {
      const args = parse(bookArgs);
      return args.success ? book(args.data, ctx, effects) : { error: 'bad_arguments' };
    }
    case 'check_promo': {
      const args = parse(promoArgs);
      return args.success ? checkPromoCode(args.data, ctx) : { error: 'bad_arguments' };
    }
    case 'ride_status': {
      const rides = await rideStatusTool(ctx);
      if (rides === 'signin') effects.data = { kind: 'signin' };
      return rides === 'signin'
        ? { error: 'signin_required' }
        : {
            rides: rides.map((r) => ({
              id: r.id,
              status: r.status,
              from: r.pickup.name,
              to: r.dropoff?.name ?? null,
              pickup_time: r.pickupTime,
              free_cancellation_until: r.cancellation.freeUntil,
              cancelling_now_costs: r.cancellation.feeNow === null ? null : formatMoney(r.cancellation.feeNow, r.currency, ctx.locale),
            })),
          };
    }
    case 'cancellation_policy': {
      const rules = await cancellationRules(ctx.db, ctx.tenant.id);
      return {
        rules: TRIP_KINDS.map((kind) => ({
          trip_kind: kind,
          free_until_minutes_before_pickup: rules[kind].freeMinutes,
          fee:
            rules[kind].feeType === 'fixed' ? formatMoney(rules[kind].feeValue, ctx.tenant.currency, ctx.locale) : `${rules[kind].feeValue / 100}% of the fare`,
        })),
        note: 'No fee when the operator cancels or no driver was assigned by the pickup time; the fee is kept from what was paid in advance (card or wallet).',
      };
    }
    case 'cancel_ride': {
      const args = parse(cancelArgs);
      if (!args.success) return { error: 'bad_arguments' };
      if (!ctx.confirmed) return { error: 'confirmation_required', message: 'Ask the rider to confirm the cancellation with yes first.' };
      const outcome = await cancelRideTool(ctx, args.data.ride_id);
      return outcome.ok
        ? {
            ride_id: outcome.ride.number,
            status: outcome.ride.status,
            cancellation_fee: formatMoney(outcome.ride.cancellationFee, outcome.ride.currency, ctx.locale),
          }
        : { error: outcome.problem };
    }
    default:
      return { error: 'unknown_tool' };
  }
}
