import { createHash } from 'node:crypto';
import type { Db } from '@/lib/db/client';
import type { Place, Quote, Ride, TripKind, RideType, VehicleType } from '@/lib/db/schema';
import { DomainError } from '@/lib/errors/domain-error';
import { createQuote } from '@/lib/fares/quote';
import type { TripLimitIssue } from '@/lib/fares/trip-limits';
import type { TripReachIssue } from '@/lib/fares/trip-reach';
import { bookRideSchema, promoCodeSchema } from '@/lib/booking/schemas';
import { checkPromo } from '@/lib/money/promos';
import { isNonAc } from '@/lib/money/fare-lines';
import { quoteRequestSchema } from '@/lib/fares/schemas';
import { COUNTRIES, isCountryCode } from '@/lib/i18n/markets';
import { rideIdOrNotFound } from '@/lib/rides/numbers';
import { bookableQuote, bookRide } from '@/lib/rides/commands';
import { transitionRide } from '@/lib/rides/lifecycle';
import { riderRides, type RideView } from '@/lib/rides/queries';
import type { Tenant } from '@/lib/tenancy/queries';
import type { ChatActor } from './contract';
import { isOperator, type AgentCustomer } from './agent-customer';
import { bookForCustomer } from '@/lib/rides/partner';
import { bookForCustomerSchema } from '@/lib/rides/partner-schemas';
import { enforceLimits } from '@/lib/limits/requests';
import { e164 } from '@/lib/contact/identifiers';
import { loadPlaceIndex, searchPlaces, type PlaceSlot } from './places';
import { checkTripFlight } from '@/lib/flights/ride-flight';
import type { ValidationKey } from './reply';
import type { QuoteOption } from './state';

/*
 * The agent's tools: the same functions serve the built-in agent and the LLM's
 * tool calls (search_places, quote, book, ride_status, cancel_ride).
 */

export type AgentTenant = Pick<Tenant, 'id' | 'name' | 'countryCode' | 'currency' | 'timeZone' | 'language'>;
export type ToolContext = { db: Db; tenant: AgentTenant; actor: ChatActor; sessionId: string; channel: 'web' | 'whatsapp' };

/** The tenant's ISO region ("IN"), whose towns rank first. */
export function tenantRegion(tenant: Pick<Tenant, 'countryCode'>): string | undefined {
  return isCountryCode(tenant.countryCode) ? COUNTRIES[tenant.countryCode].region : undefined;
}

export async function searchPlacesTool(ctx: ToolContext, query: string): Promise<PlaceSlot[]> {
  await loadPlaceIndex();
  return searchPlaces(query.slice(0, 100), tenantRegion(ctx.tenant));
}

export type TripRequest = {
  rideType: RideType;
  tripKind: TripKind;
  packageCode?: string;
  pickup: Place;
  dropoff?: Place;
  /** ISO instants with offsets. */
  pickupTime: string;
  returnTime?: string;
};

/** Why a trip cannot be priced: the keys of the fare rules (lib/fares/schemas.ts) the rider can fix. */
export type QuoteProblem = 'pickupInPast' | 'pickupTooFar' | 'returnBeforePickup' | 'samePlace' | 'packageUnknown' | 'incomplete' | 'tripLimit';
const FIXABLE = new Set<string>(['pickupInPast', 'pickupTooFar', 'returnBeforePickup']);

/** `limit`: the operator's limit the trip is past (service area, distance, "Now" for a long trip), with its figures. */
export type QuoteOutcome = { ok: true; quote: Quote } | { ok: false; problem: QuoteProblem; limit?: TripLimitIssue | TripReachIssue };

const LIMIT_CODES = new Set(['outside_service_area', 'local_too_far', 'trip_too_far', 'now_too_far', 'other_country', 'no_road']);

const placeOf = (p: Place): Place => ({ lat: p.lat, lng: p.lng, name: p.name.slice(0, 200) });

/** Prices every vehicle type for a trip (the fare engine's rules apply) and stores the quote. */
export async function quoteTool(ctx: ToolContext, trip: TripRequest): Promise<QuoteOutcome> {
  const parsed = quoteRequestSchema.safeParse({
    rideType: trip.tripKind === 'rental' ? 'oneway' : trip.rideType,
    tripKind: trip.tripKind,
    packageDetails: trip.tripKind === 'rental' ? trip.packageCode : undefined,
    pickupLocation: placeOf(trip.pickup),
    dropoffLocation: trip.tripKind === 'rental' || !trip.dropoff ? null : placeOf(trip.dropoff),
    pickupTime: trip.pickupTime,
    returnTime: trip.rideType === 'return' ? trip.returnTime : undefined,
  });
  if (!parsed.success) {
    const fixable = parsed.error.issues.find((i) => FIXABLE.has(i.message));
    return { ok: false, problem: (fixable?.message as QuoteProblem | undefined) ?? 'incomplete' };
  }
  try {
    return { ok: true, quote: await createQuote(ctx.db, ctx.tenant, parsed.data) };
  } catch (error) {
    if (error instanceof DomainError && error.code === 'same_place') return { ok: false, problem: 'samePlace' };
    if (error instanceof DomainError && error.code === 'package_unknown') return { ok: false, problem: 'packageUnknown' };
    if (error instanceof DomainError && LIMIT_CODES.has(error.code))
      return { ok: false, problem: 'tripLimit', limit: (error as DomainError & { limit?: TripLimitIssue | TripReachIssue }).limit };
    throw error;
  }
}

export function quoteOptions(quote: Quote): QuoteOption[] {
  return quote.items.map((i) => ({
    vehicleType: i.vehicleType,
    ...(isNonAc(i.breakdown) ? { nonAc: true as const } : {}),
    total: i.total,
    rideAmount: i.rideAmount,
    driverBata: i.driverBata,
    tolls: i.tolls,
  }));
}

/** One booking per conversation, quote and vehicle: a repeated "yes" finds the first ride. */
export function bookingKey(sessionId: string, quoteId: string, vehicleType: VehicleType, nonAc = false): string {
  const vehicle = nonAc ? `${vehicleType}|non-ac` : vehicleType;
  return `chat-${createHash('sha256').update(`${sessionId}|${quoteId}|${vehicle}`).digest('hex').slice(0, 40)}`;
}

export type BookProblem = 'signin' | 'quoteExpired' | 'quoteUnknown' | 'pickupInPast' | 'vehicleUnknown' | 'customer' | 'tooMany' | 'bookingsPaused';
export type FlightCheckOutcome =
  | { ok: true; flight: string; landing: Date | undefined }
  | { ok: false; key: ValidationKey; values?: Record<string, string | number>; field: 'flightNumber' | 'pickupTime' };

/** The rider's flight for an airport trip, checked as the booking will check it (its airport, its day, a pickup after the landing). */
export async function flightCheckTool(
  ctx: ToolContext,
  trip: { flightNumber: string; direction: 'arrival' | 'departure'; pickup: Place; dropoff: Place | null; pickupTime: Date },
): Promise<FlightCheckOutcome> {
  try {
    const prepared = await checkTripFlight(ctx.db, ctx.tenant.id, trip);
    return { ok: true, flight: prepared?.checked.flight ?? trip.flightNumber, landing: prepared?.checked.landing };
  } catch (error) {
    if (error instanceof DomainError && error.key && (error.field === 'flightNumber' || error.field === 'pickupTime'))
      return { ok: false, key: error.key as ValidationKey, values: error.values, field: error.field };
    throw error;
  }
}

export type BookOutcome =
  | { ok: true; ride: Ride; created: boolean }
  | { ok: false; problem: BookProblem }
  | { ok: false; problem: 'promo'; key: ValidationKey }
  | { ok: false; problem: 'flight'; key: ValidationKey; values?: Record<string, string | number> };

const BOOK_PROBLEMS: Record<string, BookProblem> = {
  quote_unknown: 'quoteUnknown',
  quote_expired: 'quoteExpired',
  pickup_in_past: 'pickupInPast',
  vehicle_unknown: 'vehicleUnknown',
  // the server is low on disk space (lib/db/free-space.ts)
  bookings_paused: 'bookingsPaused',
};

export type BookRequest = {
  quoteId: string;
  vehicleType: VehicleType;
  /** The type's non-AC option. */
  nonAc?: boolean;
  flightNumber?: string;
  flightDirection?: 'arrival' | 'departure';
  customer?: AgentCustomer;
  /** The rider's promo code as typed; booking checks it again under the code's lock (lib/money/promos). */
  promoCode?: string;
};

/** The refusal key of a promo code (the summary's texts, Validation namespace), when the error is one. */
function promoKey(error: unknown): ValidationKey | undefined {
  return error instanceof DomainError && error.field === 'promoCode' && error.key ? (error.key as ValidationKey) : undefined;
}

export type PromoOutcome =
  { ok: true; code: string; discount: number; total: number; currency: string } | { ok: false; key: ValidationKey } | { ok: false; problem: BookProblem };

/**
 * A promo code checked for one quoted vehicle (its fare's total and currency with it), exactly as the summary's Apply
 * checks it (`checkPromo`, docs/architecture/booking.md): the discount, or the
 * refusal's key. The rider's own limits count when one is signed in.
 */
export async function promoTool(
  ctx: ToolContext,
  request: { quoteId: string; vehicleType: VehicleType; nonAc?: boolean; code: string },
): Promise<PromoOutcome> {
  const typed = promoCodeSchema.safeParse(request.code);
  if (!typed.success) return { ok: false, key: 'promoCodeFormat' };
  try {
    const { quote, item } = await bookableQuote(ctx.db, ctx.tenant.id, {
      rideSearchId: request.quoteId,
      rideVehicle: request.vehicleType,
      rideNonAc: request.nonAc,
    });
    const riderId = ctx.actor && !isOperator(ctx.actor) ? ctx.actor.userId : null;
    const fare = { tripKind: quote.tripKind, vehicleType: item.vehicleType, total: item.total };
    return { ok: true, ...(await checkPromo(ctx.db, ctx.tenant.id, typed.data, fare, riderId)), total: item.total, currency: quote.currency };
  } catch (error) {
    const key = promoKey(error);
    if (key) return { ok: false, key };
    const problem = error instanceof DomainError ? BOOK_PROBLEMS[error.code] : undefined;
    if (problem) return { ok: false, problem };
    throw error;
  }
}

/**
 * Books a quoted vehicle for the signed-in rider (idempotent per conversation,
 * quote and vehicle); in the console, for the customer named in the request
 * (never the operator), who gets the start code by SMS or WhatsApp.
 */
export async function bookTool(ctx: ToolContext, request: BookRequest): Promise<BookOutcome> {
  if (!ctx.actor) return { ok: false, problem: 'signin' };
  if (isOperator(ctx.actor)) return bookForCustomerTool(ctx, request);
  const base = {
    rideSearchId: request.quoteId,
    rideVehicle: request.vehicleType,
    rideNonAc: request.nonAc,
    idempotencyKey: bookingKey(ctx.sessionId, request.quoteId, request.vehicleType, request.nonAc),
    paymentMethod: 'cash',
    source: ctx.channel === 'whatsapp' ? 'whatsapp' : 'chat',
    flightDirection: request.flightDirection,
    promoCode: request.promoCode,
  };
  const withFlight = bookRideSchema.safeParse({ ...base, flightNumber: request.flightNumber });
  const input = withFlight.success ? withFlight : bookRideSchema.safeParse(base);
  if (!input.success) return { ok: false, problem: 'quoteUnknown' };
  try {
    const { ride, created } = await bookRide(ctx.db, ctx.tenant.id, ctx.actor.userId, input.data);
    return { ok: true, ride, created };
  } catch (error) {
    const key = promoKey(error);
    if (key) return { ok: false, problem: 'promo', key };
    const problem = error instanceof DomainError ? BOOK_PROBLEMS[error.code] : undefined;
    if (problem) return { ok: false, problem };
    if (error instanceof DomainError && error.code === 'flight_refused')
      return { ok: false, problem: 'flight', key: error.key as ValidationKey, values: error.values };
    throw error;
  }
}

async function bookForCustomerTool(ctx: ToolContext, request: BookRequest): Promise<BookOutcome> {
  if (!request.customer) return { ok: false, problem: 'customer' };
  const input = bookForCustomerSchema.safeParse({
    customerName: request.customer.name,
    customerPhone: { dialCode: request.customer.dialCode, number: request.customer.number },
    rideSearchId: request.quoteId,
    rideVehicle: request.vehicleType,
    rideNonAc: request.nonAc,
    idempotencyKey: bookingKey(`${ctx.sessionId}|${request.customer.dialCode}${request.customer.number}`, request.quoteId, request.vehicleType, request.nonAc),
    flightNumber: request.flightNumber,
    flightDirection: request.flightDirection,
  });
  if (!input.success) return { ok: false, problem: 'customer' };
  try {
    await enforceLimits(
      ctx.db,
      ctx.tenant.id,
      [
        ['partnerBookingPerAccount', ctx.actor!.userId],
        ['partnerBookingPerCustomer', e164(input.data.customerPhone)],
      ],
      'Too many bookings. Try again later.',
    );
    const { ride, created } = await bookForCustomer(ctx.db, ctx.tenant.id, input.data, 'console-agent');
    return { ok: true, ride, created };
  } catch (error) {
    const problem = error instanceof DomainError ? (BOOK_PROBLEMS[error.code] ?? (error.kind === 'rate_limited' ? 'tooMany' : undefined)) : undefined;
    if (problem) return { ok: false, problem };
    if (error instanceof DomainError && error.code === 'flight_refused')
      return { ok: false, problem: 'flight', key: error.key as ValidationKey, values: error.values };
    throw error;
  }
}

/** The rider's upcoming rides (booked, accepted, on trip), soonest first. */
export async function rideStatusTool(ctx: ToolContext): Promise<RideView[] | 'signin'> {
  if (!ctx.actor) return 'signin';
  return (await riderRides(ctx.db, ctx.tenant.id, ctx.actor.userId)).upcoming;
}

export type CancelOutcome = { ok: true; ride: Ride } | { ok: false; problem: 'signin' | 'unknown' | 'notCancellable' };

/** Cancels one of the rider's own rides (booked or accepted), with its event and cashback reversal. */
export async function cancelRideTool(ctx: ToolContext, rideNumber: number): Promise<CancelOutcome> {
  if (!ctx.actor) return { ok: false, problem: 'signin' };
  try {
    const rideId = await rideIdOrNotFound(ctx.db, ctx.tenant.id, rideNumber);
    const ride = await transitionRide(ctx.db, {
      businessId: ctx.tenant.id,
      rideId,
      to: 'cancelled',
      actorUserId: ctx.actor.userId,
      riderId: ctx.actor.userId,
      reason: 'Cancelled by the rider in chat',
      cancelledBy: 'rider',
    });
    return { ok: true, ride };
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'not_found') return { ok: false, problem: 'unknown' };
    if (error instanceof DomainError && error.kind === 'conflict') return { ok: false, problem: 'notCancellable' };
    throw error;
  }
}
