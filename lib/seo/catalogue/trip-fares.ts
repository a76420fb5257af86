import 'server-only';
import { LRUCache } from 'lru-cache';
import type { Db } from '@/lib/db/client';
import type { Place, VehicleType } from '@/lib/db/schema';
import { DomainError } from '@/lib/errors/domain-error';
import { priceTrip } from '@/lib/fares/quote';
import { isNonAc } from '@/lib/money/fare-lines';
import { activeRateCards } from '@/lib/fares/rate-cards';
import { zonedDate, zonedIso } from '@/lib/fares/time';
import { routeBetween, type RouteResult } from '@/lib/road-distance';
import type { Tenant } from '@/lib/tenancy/queries';

/** One vehicle's fare as the quote itemises it (minor units). */
export type FareLine = { vehicleType: VehicleType; fare: number; airportFee: number; tolls: number; driverAllowance: number; total: number };

/** A trip's route and every offered vehicle's fare, by day and, where the rate cards charge for it, by night. */
export type TripFares = {
  tripKind: 'local' | 'airport' | 'outstation';
  distanceM: number;
  durationS: number;
  /** The offline estimate (great circle x road factor), not a routing provider's road distance. */
  estimated: boolean;
  day: FareLine[];
  /** Night totals, only when some card adds a night charge to this trip. */
  night?: FareLine[];
  /** The night window of the first card that charges for it (local hours). */
  nightHours?: { start: number; end: number };
};

/** Pages price a pickup tomorrow at this local time (a daytime fare), and at the start of the night window. */
export const DAY_PICKUP = '10:00';
/** A same-day return leaves and comes back at these local times. */
export const RETURN_OUT = '07:00';
export const RETURN_BACK = '21:00';

type Operator = Pick<Tenant, 'id' | 'currency' | 'timeZone'>;

/** Routes of page trips, kept a while: with a routing key each one is a paid call, and a page prices several. */
const routes = new LRUCache<string, RouteResult>({ max: 20_000, ttl: 24 * 3600_000 });

/** The route the quote would use between two points (routeBetween), remembered per pair. */
export async function pageRoute(from: Place, to: Place): Promise<RouteResult> {
  const key = `${from.lat},${from.lng}|${to.lat},${to.lng}`;
  const held = routes.get(key);
  if (held) return held;
  const route = await routeBetween(from, to);
  routes.set(key, route);
  return route;
}

/** Pages list each type's AC fare (the booking flow offers non-AC options, lib/fares/quote.ts). */
const isAcFare = (item: { breakdown: Record<string, number> }) => !isNonAc(item.breakdown);

function lineOf(item: Awaited<ReturnType<typeof priceTrip>>['items'][number]): FareLine {
  const airportFee = item.breakdown.airport ?? 0;
  return {
    vehicleType: item.vehicleType,
    fare: item.rideAmount - airportFee,
    airportFee,
    tolls: item.tolls,
    driverAllowance: item.driverBata,
    total: item.total,
  };
}

/**
 * A trip's fares through the quote's own pricing (lib/fares/quote.ts priceTrip), so a page shows what
 * POST /api/rides/quote answers for the same places and kind; undefined when the operator's limits refuse it.
 */
export async function tripFares(
  db: Db,
  operator: Operator,
  from: Place,
  to: Place,
  tripKind: TripFares['tripKind'],
  { night = true }: { night?: boolean } = {},
): Promise<TripFares | undefined> {
  const route = await pageRoute(from, to);
  const tomorrow = zonedDate(operator.timeZone, 1);
  const at = (slot: string) => new Date(zonedIso(tomorrow, slot, operator.timeZone)!);
  const trip = { tripKind, rideType: 'oneway' as const, pickup: from, dropoff: to, returnTime: null };
  try {
    const day = await priceTrip(db, operator, { ...trip, pickupTime: at(DAY_PICKUP) }, route);
    if (!day.items.length) return undefined;
    const fares: TripFares = {
      tripKind,
      distanceM: route.distanceM,
      durationS: route.durationS,
      estimated: route.source === 'estimate',
      day: day.items.filter(isAcFare).map(lineOf),
    };
    const nightCard = !night || tripKind === 'outstation' ? undefined : (await activeRateCards(db, operator)).find((card) => card.nightChargeBps > 0);
    if (nightCard) {
      const start = `${String(nightCard.nightStartHour).padStart(2, '0')}:00`;
      fares.night = (await priceTrip(db, operator, { ...trip, pickupTime: at(start) }, route)).items.filter(isAcFare).map(lineOf);
      fares.nightHours = { start: nightCard.nightStartHour, end: nightCard.nightEndHour };
    }
    return fares;
  } catch (error) {
    if (error instanceof DomainError) return undefined;
    throw error;
  }
}

/** Whether two directions price alike (the offline estimate gives both ways one distance): pages show one table then. */
export function sameFares(a: TripFares, b: TripFares): boolean {
  return JSON.stringify([a.day, a.night]) === JSON.stringify([b.day, b.night]);
}

/** The lowest daytime total of a trip (its "from" fare). */
export function fromTotal(fares: TripFares): number {
  return Math.min(...fares.day.map((line) => line.total));
}

/** A same-day return trip (out at 7:00 AM, back by 9:00 PM): what a day out costs, allowance and tolls both ways included. */
export async function sameDayReturnFares(db: Db, operator: Operator, from: Place, to: Place): Promise<FareLine[] | undefined> {
  const route = await pageRoute(from, to);
  const tomorrow = zonedDate(operator.timeZone, 1);
  const at = (slot: string) => new Date(zonedIso(tomorrow, slot, operator.timeZone)!);
  try {
    const priced = await priceTrip(
      db,
      operator,
      { tripKind: 'outstation', rideType: 'return', pickup: from, dropoff: to, pickupTime: at(RETURN_OUT), returnTime: at(RETURN_BACK) },
      route,
    );
    return priced.items.length ? priced.items.filter(isAcFare).map(lineOf) : undefined;
  } catch (error) {
    if (error instanceof DomainError) return undefined;
    throw error;
  }
}
