import 'server-only';
import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { businesses, rideEvents, rides, users, type Ride, type RideStatus } from '@/lib/db/schema';
import { DomainError } from '@/lib/errors/domain-error';
import { emitFleetChange } from '@/lib/dispatch/fleet-signal';
import { rideAirports, type RideAirport } from '@/lib/flights/ride-airport';
import { START_CODE_MAX_ATTEMPTS, transitionRide } from '@/lib/rides/lifecycle';
import { LIVE_STATUSES, rideNotFound } from '@/lib/tracking/ride-access';
import { isNonAc } from '@/lib/money/fare-lines';
import { currentDriver } from './identity';
import { driverArrived } from './arrived';
import type { DriverRideAction, DriverRideScope } from './schemas';

/** Finished rides the driver's Rides page lists: the last 30 days, at most 50. */
const RECENT_DAYS = 30;
const RECENT_LIMIT = 50;

/** A ride as the driver app shows it: the trip, the time, the customer to call, the fare to collect; never the start code. */
export type DriverRide = {
  id: number;
  status: RideStatus;
  rideType: Ride['rideType'];
  tripKind: Ride['tripKind'];
  vehicleType: Ride['vehicleType'];
  /** Booked as the type's non-AC option. */
  nonAc: boolean;
  pickup: Ride['pickup'];
  dropoff: Ride['dropoff'];
  pickupTime: string;
  returnTime: string | null;
  customerName: string;
  customerPhone: string;
  paymentMethod: Ride['paymentMethod'];
  totalAmount: number;
  /** Paid from the rider's wallet at booking: the driver collects totalAmount - walletApplied. */
  walletApplied: number;
  currency: string;
  startCodeLocked: boolean;
  /** Who the driver meets (the passenger of a ride booked for someone else), for the name board. */
  travellerName: string;
  /** The language the rider booked in: the name board is written in their script. */
  language: string | null;
  /** An airport ride's flight, meeting point and free waiting. */
  airport: RideAirport | null;
  /** When the trip started (the waiting clock stops there) and when the driver said they were at the meeting point. */
  startedAt: string | null;
  driverArrivedAt: string | null;
  /** When the driver set off for the pickup (the rider sees them live from then), or null. */
  setOffAt: string | null;
};

function driverRideView(
  ride: Ride,
  customer: { name: string | null; phoneCode: string | null; phone: string | null },
  airport: RideAirport | null = null,
): DriverRide {
  return {
    /** The ride's number within the operator. */
    id: ride.number,
    status: ride.status,
    rideType: ride.rideType,
    tripKind: ride.tripKind,
    vehicleType: ride.vehicleType,
    nonAc: isNonAc(ride.fareBreakdown),
    pickup: ride.pickup,
    dropoff: ride.dropoff,
    pickupTime: ride.pickupTime.toISOString(),
    returnTime: ride.returnTime?.toISOString() ?? null,
    customerName: customer.name ?? '',
    customerPhone: customer.phone ? `+${customer.phoneCode ?? ''}${customer.phone}` : '',
    paymentMethod: ride.paymentMethod,
    totalAmount: ride.totalAmount,
    walletApplied: ride.walletApplied,
    currency: ride.currency,
    startCodeLocked: ride.startCodeAttempts >= START_CODE_MAX_ATTEMPTS,
    travellerName: ride.passengerName ?? customer.name ?? '',
    startedAt: ride.startedAt?.toISOString() ?? null,
    driverArrivedAt: ride.driverArrivedAt?.toISOString() ?? null,
    language: ride.language,
    airport,
    setOffAt: ride.setOffAt?.toISOString() ?? null,
  };
}

/** The airport facts of a driver's rides, in the language the operator's drivers read (the business's). */
async function airportsFor(db: Db, businessId: number, list: Ride[]): Promise<Map<number, RideAirport>> {
  if (!list.some((ride) => ride.tripKind === 'airport')) return new Map();
  const [business] = await db
    .select({ id: businesses.id, language: businesses.language, currency: businesses.currency })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .limit(1);
  return business ? rideAirports(db, business, list, business.language) : new Map();
}

/** The signed-in driver's rides: `active` (accepted, on trip; soonest first) or `recent` (also finished ones of the last 30 days). */
export async function driverRides(db: Db, businessId: number, userId: number, scope: DriverRideScope): Promise<DriverRide[]> {
  const driver = await currentDriver(db, businessId, userId);
  const statuses: RideStatus[] = scope === 'active' ? [...LIVE_STATUSES] : [...LIVE_STATUSES, 'completed', 'cancelled'];
  const since = new Date(Date.now() - RECENT_DAYS * 86_400_000);
  const rows = await db
    .select({ ride: rides, name: users.name, phoneCode: users.phoneCode, phone: users.phone })
    .from(rides)
    .innerJoin(users, eq(users.id, rides.riderId))
    .where(
      and(
        eq(rides.businessId, businessId),
        eq(rides.driverId, driver.id),
        inArray(rides.status, statuses),
        scope === 'recent' ? gte(rides.createdAt, since) : undefined,
      ),
    )
    .orderBy(scope === 'active' ? rides.pickupTime : desc(rides.pickupTime))
    .limit(RECENT_LIMIT);
  const airports = await airportsFor(
    db,
    businessId,
    rows.map((r) => r.ride),
  );
  return rows.map(({ ride, ...customer }) => driverRideView(ride, customer, airports.get(ride.id) ?? null));
}

/** The ride id when the ride is the signed-in driver's own; "not found" for another driver's or business's. */
export async function driverOwnRide(db: Db, businessId: number, userId: number, rideId: number): Promise<number> {
  return (await ownRideOf(db, businessId, userId, rideId)).rideId;
}

/** The ride (one of the signed-in driver's, else "not found") and the driver. */
async function ownRideOf(db: Db, businessId: number, userId: number, rideId: number): Promise<{ rideId: number; driverId: number }> {
  const driver = await currentDriver(db, businessId, userId);
  const [own] = await db
    .select({ id: rides.id })
    .from(rides)
    .where(and(eq(rides.id, rideId), eq(rides.businessId, businessId), eq(rides.driverId, driver.id)))
    .limit(1);
  if (!own) throw rideNotFound();
  return { rideId: own.id, driverId: driver.id };
}

/** The driver is on the way to the pickup of an accepted ride: from now the rider sees them live (once; later taps change nothing). */
async function setOff(db: Db, businessId: number, driverId: number, userId: number, rideId: number): Promise<Ride> {
  const [ride] = await db
    .select()
    .from(rides)
    .where(and(eq(rides.id, rideId), eq(rides.businessId, businessId)))
    .limit(1);
  if (ride.status !== 'accepted')
    throw new DomainError('conflict', 'illegal_transition', `Ride #${ride.number} is ${ride.status}: set off only for an accepted ride.`);
  if (ride.setOffAt) return ride;
  const [updated] = await db
    .update(rides)
    .set({ setOffAt: new Date() })
    .where(and(eq(rides.id, rideId), eq(rides.driverId, driverId), eq(rides.status, 'accepted')))
    .returning();
  if (!updated) throw rideNotFound();
  await db
    .insert(rideEvents)
    .values({ businessId, rideId, fromStatus: 'accepted', toStatus: 'accepted', actorUserId: userId, note: 'Set off', data: { setOff: true } });
  emitFleetChange(businessId);
  return updated;
}

/**
 * Set off, start (with the rider's code) or complete one of the signed-in driver's
 * rides. A ride of another driver or business is "not found"; the lifecycle
 * refuses illegal moves and wrong codes.
 */
export async function applyDriverAction(db: Db, businessId: number, userId: number, rideId: number, action: DriverRideAction): Promise<DriverRide> {
  const { driverId } = await ownRideOf(db, businessId, userId, rideId);
  const base = { businessId, rideId, actorUserId: userId };
  const ride =
    action.action === 'setOff'
      ? await setOff(db, businessId, driverId, userId, rideId)
      : action.action === 'start'
        ? await transitionRide(db, { ...base, to: 'ontrip', startCode: action.startCode })
        : action.action === 'arrived'
          ? await driverArrived(db, businessId, rideId)
          : await transitionRide(db, { ...base, to: 'completed', paymentMethod: action.paymentMethod, waitingMinutes: action.waitingMinutes });
  const [customer] = await db
    .select({ name: users.name, phoneCode: users.phoneCode, phone: users.phone })
    .from(users)
    .where(eq(users.id, ride.riderId))
    .limit(1);
  const airports = await airportsFor(db, businessId, [ride]);
  return driverRideView(ride, customer ?? { name: null, phoneCode: null, phone: null }, airports.get(ride.id) ?? null);
}
