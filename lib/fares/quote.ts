import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { groupInsert } from '@/lib/db/group-insert';
import { quotes, type Business, type Quote, type Place, type QuoteItem, type RateCard } from '@/lib/db/schema';
import { DomainError } from '@/lib/errors/domain-error';
import { routeBetween, greatCircleMeters, type RouteResult } from '@/lib/road-distance';
import { VEHICLE_MODELS } from '@/lib/fleet/models';
import { activeRateCards } from './rate-cards';
import { FareError, nonAcCard, priceRide } from './engine';
import type { RateCardValues } from './defaults';
import { tripContext, tripLimitError, tripLimitIssue, tripReachIssue } from './trip-rules';
import { SAME_PLACE_METERS, type QuoteRequest } from './schemas';
import { freeUntil, lateFee, type CancellationRule } from '@/lib/money/cancellation';
import { billedMinimum, isNonAc, quotedLines } from '@/lib/money/fare-lines';
import { clockDate, wallClock } from '@/lib/time/zoned';

/** Quotes of concurrent searches are stored together, one statement per batch. */
const storeQuote = groupInsert<typeof quotes.$inferInsert & { id: string }, Quote>(quotes);

/** Quotes never change once stored: the newest are kept in memory, so booking one reads no row (oldest dropped first). */
const RECENT_QUOTES = 20_000;
const recentQuotes = new Map<string, Quote>();

function remember(quote: Quote): void {
  recentQuotes.set(quote.id, quote);
  if (recentQuotes.size > RECENT_QUOTES) recentQuotes.delete(recentQuotes.keys().next().value!);
}

async function insertQuote(db: Db, row: typeof quotes.$inferInsert & { id: string }): Promise<Quote> {
  const quote = await storeQuote(db, row);
  remember(quote);
  return quote;
}

/** A quote can be booked for this long. */
export const QUOTE_TTL_MS = 30 * 60 * 1000;

function localParts(date: Date, timeZone: string): { hour: number; day: string } {
  const clock = wallClock(date, timeZone);
  return { hour: clock.hour, day: clockDate(clock) };
}

function calendarDays(from: Date, to: Date | null, timeZone: string): number {
  if (!to) return 1;
  const a = Date.parse(localParts(from, timeZone).day);
  const b = Date.parse(localParts(to, timeZone).day);
  return Math.max(1, Math.round((b - a) / 86_400_000) + 1);
}

/** A trip as the quote prices it: the same places, times and kind give the same fares everywhere (quote, pages). */
export type TripToPrice = {
  tripKind: QuoteRequest['tripKind'];
  rideType: QuoteRequest['rideType'];
  pickup: Place;
  dropoff: Place | null;
  pickupTime: Date;
  returnTime: Date | null;
  packageCode?: string | null;
};

export type PricedTrip = { route: RouteResult; items: QuoteItem[] };

/** The operator's waiting rule as fares carry it (lib/airports/waiting.ts holds the rules; lib/airports reads this folder, not the reverse). */
type WaitingRule = { freeMinutes: Record<QuoteRequest['tripKind'], number>; blockMinutes: number };

/**
 * Every active vehicle type's fare for a trip, after the trip's reach (lib/fares/trip-reach.ts) and the operator's limits (service area, local and
 * outstation distance, "Now" only for shorter trips): what a quote stores, and what the SEO pages show.
 * `route` skips the routing call when the caller already has this trip's route (from `routeBetween`); `waiting` (the operator's
 * waiting rules) puts the waiting rule on each fare.
 */
export async function priceTrip(
  db: Db,
  tenant: Pick<Business, 'id' | 'currency' | 'timeZone'>,
  trip: TripToPrice,
  known?: RouteResult,
  waiting?: WaitingRule,
): Promise<PricedTrip> {
  const { pickup, dropoff, pickupTime, returnTime } = trip;
  const { rules, cities, served } = await tripContext(db, tenant.id);
  // a trip must be drivable (the operator's countries, no sea between its ends) before any distance or fare
  const reach = tripReachIssue(served, pickup, dropoff);
  if (reach) throw tripLimitError(reach);
  const route = known ?? (dropoff ? await routeBetween(pickup, dropoff) : { distanceM: 0, durationS: 0, source: 'estimate' as const });
  const issue = tripLimitIssue(rules, cities, { tripKind: trip.tripKind, pickup, dropoff, pickupTime, distanceM: route.distanceM });
  if (issue) throw tripLimitError(issue);
  const cards = await activeRateCards(db, tenant);
  const fareInput = {
    tripKind: trip.tripKind,
    rideType: trip.rideType,
    distanceKm: route.distanceM / 1000,
    durationMin: route.durationS / 60,
    pickupHour: localParts(pickupTime, tenant.timeZone).hour,
    calendarDays: calendarDays(pickupTime, returnTime, tenant.timeZone),
    packageCode: trip.packageCode,
  };
  try {
    const priced = (card: RateCard, values: RateCardValues) => {
      const item = priceRide(card.vehicleType, values, fareInput);
      // the waiting rule riders see before booking: free minutes, then a charge per started block
      if (waiting)
        Object.assign(item.breakdown, {
          waitingFree: waiting.freeMinutes[trip.tripKind],
          waitingBlock: waiting.blockMinutes,
          waitingPerBlock: card.waitingCharge,
        });
      return item;
    };
    // a type the operator also offers without AC: its own cheaper fare right after the AC one (docs/requirements/rider.md#choosing-a-vehicle)
    const items = cards.flatMap((card) => {
      const ac = priced(card, card);
      if (!card.nonAcDiscountBps) return [ac];
      const nonAc = priced(card, nonAcCard(card, card.nonAcDiscountBps));
      nonAc.breakdown.nonAcBps = card.nonAcDiscountBps;
      return [ac, nonAc];
    });
    return { route, items };
  } catch (error) {
    if (error instanceof FareError) throw new DomainError('invalid', 'package_unknown', 'packageDetails: Unknown rental package', 'packageDetails');
    throw error;
  }
}

/**
 * Prices every active vehicle type for a search and stores the quote.
 * `waiting`: the operator's waiting rules (lib/airports, which reads this
 * folder, so the caller passes them): each fare then carries the rule riders
 * see before booking.
 */
export async function createQuote(db: Db, tenant: Pick<Business, 'id' | 'currency' | 'timeZone'>, input: QuoteRequest, waiting?: WaitingRule): Promise<Quote> {
  const pickup = input.pickupLocation as Place;
  const dropoff = (input.dropoffLocation ?? null) as Place | null;
  if (dropoff && greatCircleMeters(pickup, dropoff) < SAME_PLACE_METERS) {
    throw new DomainError('invalid', 'same_place', 'dropoffLocation: Pickup and drop-off are the same place', 'dropoffLocation');
  }
  const pickupTime = new Date(input.pickupTime!);
  const returnTime = input.rideType === 'return' && input.returnTime ? new Date(input.returnTime) : null;
  const { route, items } = await priceTrip(
    db,
    tenant,
    {
      tripKind: input.tripKind,
      rideType: input.rideType,
      pickup,
      dropoff,
      pickupTime,
      returnTime,
      packageCode: input.packageDetails,
    },
    undefined,
    waiting,
  );
  return insertQuote(db, {
    id: randomUUID(),
    businessId: tenant.id,
    rideType: input.rideType,
    tripKind: input.tripKind,
    packageCode: input.tripKind === 'rental' ? (input.packageDetails ?? null) : null,
    pickup,
    dropoff,
    pickupTime,
    returnTime,
    distanceM: route.distanceM,
    durationS: route.durationS,
    routeSource: route.source,
    currency: tenant.currency,
    items,
    expiresAt: new Date(Date.now() + QUOTE_TTL_MS),
  });
}

function minimumView(minimum: ReturnType<typeof billedMinimum>) {
  return minimum ? { km_per_day: minimum.kmPerDay, days: minimum.days, billed_km: minimum.billedKm, trip_km: minimum.tripKm } : null;
}

/**
 * The quote answer in the field names clients read (docs/requirements/rider.md#choosing-a-vehicle),
 * amounts in major units, with each vehicle's itemised lines and, when given, the operator's
 * cancellation rule for the trip (free until, then the fee on that fare).
 */
export function quoteView(quote: Quote, cancellation?: CancellationRule) {
  const major = (minor: number) => minor / 100;
  return {
    ride_search_id: quote.id,
    ride_route: {
      distance_time: {
        ride_distance: { distance: Math.round(quote.distanceM / 100) / 10, unit: 'km' },
        ride_duration: { duration: Math.round(quote.durationS / 60), unit: 'min' },
      },
      tolls: major(Math.max(0, ...quote.items.map((i) => i.tolls))),
      estimated: quote.routeSource === 'estimate',
    },
    ride_details: quote.items.map((item) => ({
      /** `ac`: false on a type's non-AC option, priced on its own (lib/fares/engine.ts nonAcCard). */
      vehicle: { vehicle_type: item.vehicleType, ac: !isNonAc(item.breakdown), vehicles: VEHICLE_MODELS[item.vehicleType].slice(0, 3) },
      fee: {
        total_fee: major(item.total),
        currency: quote.currency,
        ride_amount: major(item.rideAmount),
        driver_bata: major(item.driverBata),
        tolls: major(item.tolls),
        billed_km: item.billedKm,
        days: item.days,
        lines: quotedLines(item, item.breakdown).map((line) => ({ code: line.code, amount: major(line.amount) })),
        /** Outstation: the minimum billed (km a day x days) where it exceeds the km driven, else null. */
        minimum: minimumView(billedMinimum(item.breakdown)),
        cancellation_fee: cancellation ? major(lateFee(cancellation, item.total)) : null,
        /** Rentals: the package bought and the rates past it (major units per km and per hour). */
        rental:
          item.breakdown.packageHours !== undefined
            ? {
                hours: item.breakdown.packageHours,
                km: item.breakdown.packageKm,
                extra_km_rate: major(item.breakdown.extraKmRate ?? 0),
                extra_hour_rate: major(item.breakdown.extraHourRate ?? 0),
              }
            : null,
        /** Waiting: free minutes (from the landing, or the pickup time), then a charge per started block (major units). */
        waiting:
          item.breakdown.waitingPerBlock !== undefined
            ? { free_minutes: item.breakdown.waitingFree, block_minutes: item.breakdown.waitingBlock, per_block: major(item.breakdown.waitingPerBlock) }
            : null,
      },
    })),
    cancellation: cancellation
      ? {
          free_until: freeUntil(cancellation, quote.pickupTime).toISOString(),
          free_minutes: cancellation.freeMinutes,
          fee_type: cancellation.feeType,
          /** Major units for a fixed fee, percent of the fare for a share. */
          fee_value: cancellation.feeValue / 100,
        }
      : null,
    expires_at: quote.expiresAt.toISOString(),
  };
}

export async function findQuote(db: Db, businessId: number, id: string): Promise<Quote | undefined> {
  const held = recentQuotes.get(id);
  if (held) return held.businessId === businessId ? held : undefined;
  const [quote] = await db
    .select()
    .from(quotes)
    .where(and(eq(quotes.id, id), eq(quotes.businessId, businessId)))
    .limit(1);
  if (quote) remember(quote);
  return quote;
}
