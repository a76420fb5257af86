import 'server-only';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { businesses, drivers, rides, vehicles, type Ride, type RideStatus } from '@/lib/db/schema';
import { ratingsOfRides } from '@/lib/ratings/ratings';
import { rideAirports, type RideAirport } from '@/lib/flights/ride-airport';
import type { FareAdjustment } from '@/lib/db/schema';
import { cancellationCharge, feeSplit, freeUntil, lateFee, prepaidOfRide } from '@/lib/money/cancellation';
import { isNonAc, rideLines } from '@/lib/money/fare-lines';
import { adjustmentsOfRides } from '@/lib/money/adjustments';
import { refundsOfRides, type RefundView } from '@/lib/money/refunds';

export const OPEN_STATUSES: readonly RideStatus[] = ['booked', 'accepted', 'ontrip'];

/**
 * What every view of a ride shows except its start code (the console's board never carries it); amounts in
 * minor units. Views add their fields with Object.assign onto this fresh literal, never a spread followed by
 * new keys: V8 gives each object built that way a hidden class of its own, about 2.5 kB of maps and
 * descriptors per ride allocated straight into the old generation, which only a full collection frees (on
 * the board that was most of what the server allocated, and its p99 tails).
 */
export function rideFields(ride: Ride) {
  return {
    /** The ride's number within the operator (never the database id). */
    id: ride.number,
    status: ride.status,
    rideType: ride.rideType,
    tripKind: ride.tripKind,
    packageCode: ride.packageCode,
    vehicleType: ride.vehicleType,
    /** Booked as the type's non-AC option (docs/requirements/partner.md#fares). */
    nonAc: isNonAc(ride.fareBreakdown),
    pickup: ride.pickup,
    dropoff: ride.dropoff,
    pickupTime: ride.pickupTime.toISOString(),
    returnTime: ride.returnTime?.toISOString() ?? null,
    flightNumber: ride.flightNumber,
    flightDirection: ride.flightDirection,
    distanceM: ride.distanceM,
    durationS: ride.durationS,
    currency: ride.currency,
    rideAmount: ride.rideAmount,
    driverBata: ride.driverBata,
    tolls: ride.tolls,
    totalAmount: ride.totalAmount,
    cashbackAmount: ride.cashbackAmount,
    /** Paid from the wallet at booking; the driver collects totalAmount - walletApplied. */
    walletApplied: ride.walletApplied,
    paymentMethod: ride.paymentMethod,
    paid: ride.paid,
    promoCode: ride.promoCode,
    discountAmount: ride.discountAmount,
    adjustmentAmount: ride.adjustmentAmount,
    cancellationFee: ride.cancellationFee,
    cancelReason: ride.cancelReason,
    cancelledBy: ride.cancelledBy,
    createdAt: ride.createdAt.toISOString(),
    /** The rider's rating of the ride (filled in by riderRides). */
    rating: null as { stars: number; comment: string | null } | null,
    passenger: ride.passengerName && ride.passengerPhone ? { name: ride.passengerName, phone: `+${ride.passengerPhoneCode} ${ride.passengerPhone}` } : null,
  };
}

/** Who drives the ride, as the rider's card shows it: the phone only until the trip ends. */
export type RideDriverView = {
  name: string;
  phone: { e164: string; display: string } | null;
  photoUrl: string | null;
  vehicle: { model: string; number: string; photoUrl: string | null } | null;
};

/**
 * A ride as the rider's pages and the API show it: its fields, its itemised
 * fare, the start code (only while the trip has not started) and its
 * cancellation rule with what cancelling would cost now.
 */
export function rideView(
  ride: Ride,
  extras: { adjustments?: readonly Pick<FareAdjustment, 'kind' | 'amount'>[]; refunds?: RefundView[] } = {},
  now = new Date(),
) {
  const adjustments = extras.adjustments ?? [];
  return Object.assign(rideFields(ride), {
    startCode: ride.status === 'booked' || ride.status === 'accepted' ? ride.startCode : null,
    /** Whether a driver holds the ride (no fee when none did by the pickup time). */
    driverAssigned: ride.driverId !== null,
    fareLines: rideLines(ride, ride.fareBreakdown, adjustments),
    cancellation: cancellationView(ride, now),
    /** Money sent back to the rider: to the card or the wallet, with where each stands. */
    refunds: extras.refunds ?? [],
    /** Filled in by riderRides once a driver is assigned. */
    driver: null as RideDriverView | null,
  });
}

/** The ride's rule, when it stops being free, and the fee a rider's cancellation would keep now (open rides only). */
function cancellationView(ride: Ride, now: Date) {
  const rule = ride.cancelPolicy;
  if (!OPEN_STATUSES.includes(ride.status))
    return { rule, freeUntil: freeUntil(rule, ride.pickupTime).toISOString(), feeNow: null, lateFee: lateFee(rule, ride.totalAmount) };
  const charge = cancellationCharge(rule, { fare: ride.totalAmount, pickupTime: ride.pickupTime, hasDriver: ride.driverId !== null }, 'rider', now);
  return {
    rule,
    freeUntil: freeUntil(rule, ride.pickupTime).toISOString(),
    feeNow: feeSplit(charge, prepaidOfRide(ride)).fee,
    lateFee: lateFee(rule, ride.totalAmount),
  };
}

export type RideView = ReturnType<typeof rideView>;
/** A ride on My rides: an airport ride also carries its flight, meeting point and free waiting. */
export type RiderRide = RideView & { airport: RideAirport | null };

const WITH_DRIVER: readonly RideStatus[] = ['accepted', 'ontrip', 'completed'];

/** The assigned driver and car of each ride (by ride id), for the rides that have one and show it. */
async function ridesDrivers(db: Db, businessId: number, rows: Ride[]): Promise<Map<number, RideDriverView>> {
  const shown = rows.filter((ride) => ride.driverId !== null && WITH_DRIVER.includes(ride.status));
  const driverIds = [...new Set(shown.map((ride) => ride.driverId!))];
  const vehicleIds = [...new Set(shown.flatMap((ride) => (ride.vehicleId === null ? [] : [ride.vehicleId])))];
  const [people, cars] = await Promise.all([
    driverIds.length
      ? db
          .select()
          .from(drivers)
          .where(and(eq(drivers.businessId, businessId), inArray(drivers.id, driverIds)))
      : [],
    vehicleIds.length
      ? db
          .select({ id: vehicles.id, model: vehicles.model, number: vehicles.number, photoUrl: vehicles.imageUrl })
          .from(vehicles)
          .where(and(eq(vehicles.businessId, businessId), inArray(vehicles.id, vehicleIds)))
      : [],
  ]);
  const person = new Map(people.map((driver) => [driver.id, driver]));
  const car = new Map(cars.map(({ id, ...vehicle }) => [id, vehicle]));
  const views = new Map<number, RideDriverView>();
  for (const ride of shown) {
    const driver = person.get(ride.driverId!);
    if (!driver) continue;
    views.set(ride.id, {
      name: driver.name,
      phone: ride.status === 'completed' ? null : { e164: `+${driver.phoneCode}${driver.phone}`, display: `+${driver.phoneCode} ${driver.phone}` },
      photoUrl: driver.photoUrl,
      vehicle: ride.vehicleId === null ? null : (car.get(ride.vehicleId) ?? null),
    });
  }
  return views;
}

/** The rider's rides of this business, newest pickup first, split into upcoming (open) and past. */
export async function riderRides(db: Db, businessId: number, riderId: number): Promise<{ upcoming: RiderRide[]; past: RiderRide[] }> {
  const rows = await db
    .select()
    .from(rides)
    .where(and(eq(rides.businessId, businessId), eq(rides.riderId, riderId)))
    .orderBy(desc(rides.pickupTime))
    .limit(200);
  const [ratings, driversOf, adjusted, refunded, [business]] = await Promise.all([
    ratingsOfRides(
      db,
      businessId,
      rows.filter((r) => r.status === 'completed').map((r) => r.id),
    ),
    ridesDrivers(db, businessId, rows),
    adjustmentsOfRides(
      db,
      rows.filter((r) => r.adjustmentAmount !== 0).map((r) => r.id),
    ),
    refundsOfRides(
      db,
      rows.filter((r) => r.status === 'cancelled' || r.status === 'completed').map((r) => r.id),
    ),
    db
      .select({ id: businesses.id, language: businesses.language, currency: businesses.currency })
      .from(businesses)
      .where(eq(businesses.id, businessId))
      .limit(1),
  ]);
  const airports = business ? await rideAirports(db, business, rows) : new Map<number, RideAirport>();
  const views = rows.map((ride) =>
    Object.assign(rideView(ride, { adjustments: adjusted.get(ride.id), refunds: refunded.get(ride.id) }), {
      rating: ratings.get(ride.id) ?? null,
      driver: driversOf.get(ride.id) ?? null,
      airport: airports.get(ride.id) ?? null,
    }),
  );
  return {
    upcoming: views.filter((r) => OPEN_STATUSES.includes(r.status)).reverse(),
    past: views.filter((r) => !OPEN_STATUSES.includes(r.status)),
  };
}
