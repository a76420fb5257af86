import 'server-only';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { drivers, rides, users, vehicles, type Ride, type RideStatus } from '@/lib/db/schema';
import { notFound } from '@/lib/errors/domain-error';
import { transitionRide } from './lifecycle';
import { rideView } from './queries';
import type { BookForCustomerInput, PartnerRidesQuery, RideAction } from './partner-schemas';
import { bookableQuote, bookRide } from './commands';
import { acceptRide, dispatchOptions, reassignRide } from './dispatch';
import { BOOKED_FOR_CUSTOMER_SOURCES, resendCustomerCode, sendBookingConfirmation } from './customer-messages';

/** A ride as the console's cards show it: the rider's name and phone, the driver and vehicle, no start code. */
export type PartnerRide = Omit<ReturnType<typeof rideView>, 'startCode'> & {
  customerName: string;
  phone: string;
  driverName: string | null;
  vehicleNumber: string | null;
  startCodeLocked: boolean;
} & ReturnType<typeof dispatchView>;

const LIST_LIMIT = 500;

export async function partnerRides(db: Db, businessId: number, query: PartnerRidesQuery): Promise<{ rides: PartnerRide[]; counts: Record<'all' | RideStatus, number> }> {
  const rows = await db
    .select({ ride: rides, name: users.name, phoneCode: users.phoneCode, phone: users.phone, driverName: drivers.name, vehicleNumber: vehicles.number })
    .from(rides)
    .innerJoin(users, eq(users.id, rides.riderId))
    .leftJoin(drivers, and(eq(drivers.id, rides.driverId), eq(drivers.businessId, businessId)))
    .leftJoin(vehicles, and(eq(vehicles.id, rides.vehicleId), eq(vehicles.businessId, businessId)))
    .where(and(eq(rides.businessId, businessId), query.q ? eq(rides.id, Number(query.q)) : undefined))
    .orderBy(desc(rides.createdAt))
    .limit(LIST_LIMIT);
  const all = rows.map(({ ride, name, phoneCode, phone, driverName, vehicleNumber }) => {
    const { startCode: _hidden, ...view } = rideView(ride);
    return {
      ...view,
      customerName: name ?? '',
      phone: phone ? `+${phoneCode} ${phone}` : '',
      driverName,
      vehicleNumber,
      startCodeLocked: ride.startCodeAttempts >= 5,
      ...dispatchView(ride),
    };
  });
  const counts = { all: all.length, booked: 0, accepted: 0, ontrip: 0, completed: 0, cancelled: 0 };
  for (const ride of all) counts[ride.status]++;
  return { rides: query.status === 'all' ? all : all.filter((r) => r.status === query.status), counts };
}

/** Applies a console action to one of the business's rides; the lifecycle refuses illegal moves. */
export async function applyRideAction(db: Db, businessId: number, actorUserId: number, rideId: number, action: RideAction): Promise<Ride> {
  const base = { businessId, rideId, actorUserId };
  switch (action.action) {
    case 'accept':
      return acceptRide(db, businessId, actorUserId, rideId, action);
    case 'reassign':
      return reassignRide(db, businessId, actorUserId, rideId, action);
    case 'resendCode':
      return resendCustomerCode(db, businessId, rideId);
    case 'decline':
      return transitionRide(db, { ...base, to: 'cancelled', reason: action.reason, cancelledBy: 'partner' });
    case 'start':
      return transitionRide(db, { ...base, to: 'ontrip', startCode: action.startCode });
    case 'complete':
      return transitionRide(db, { ...base, to: 'completed', finalTolls: action.finalTolls === undefined ? undefined : Math.round(action.finalTolls * 100) });
    case 'resetStartCode': {
      const [ride] = await db
        .update(rides)
        .set({ startCodeAttempts: 0 })
        .where(and(eq(rides.id, rideId), eq(rides.businessId, businessId), sql`${rides.status} = 'accepted'`))
        .returning();
      if (!ride) throw notFound('This ride was not found.');
      return ride;
    }
  }
}

const CSV_COLUMNS = ['ride_id', 'status', 'ride_type', 'trip_type', 'vehicle_type', 'pickup_time', 'pickup', 'dropoff', 'customer', 'phone', 'driver', 'vehicle', 'currency', 'ride_amount', 'driver_bata', 'tolls', 'total', 'payment'] as const;

function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  // A leading =, +, - or @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The filtered list as CSV (amounts in major units). */
export function ridesCsv(list: PartnerRide[]): string {
  const major = (minor: number) => (minor / 100).toFixed(2);
  const lines = list.map((r) =>
    [r.id, r.status, r.rideType, r.tripKind, r.vehicleType, r.pickupTime, r.pickup.name, r.dropoff?.name ?? '', r.customerName, r.phone, r.driverName, r.vehicleNumber, r.currency, major(r.rideAmount), major(r.driverBata), major(r.tolls), major(r.totalAmount), r.paymentMethod]
      .map(csvCell)
      .join(','),
  );
  return [CSV_COLUMNS.join(','), ...lines].join('\r\n') + '\r\n';
}

/** What the card needs for dispatch: who holds the ride, an upgrade, and whether the customer got the code by phone. */
function dispatchView(ride: Ride) {
  return {
    driverId: ride.driverId,
    vehicleId: ride.vehicleId,
    vehicleUpgrade: ride.vehicleUpgrade,
    bookedForCustomer: (BOOKED_FOR_CUSTOMER_SOURCES as readonly string[]).includes(ride.source),
    codeSentAt: ride.codeSentAt?.toISOString() ?? null,
    codeSentVia: ride.codeSentVia,
  };
}

/** Every driver and vehicle for the Accept or Reassign dialog, available first, the others with the reason (lib/rides/dispatch). */
export function assignable(db: Db, businessId: number, rideId?: number) {
  return dispatchOptions(db, businessId, rideId);
}

/** Books on behalf of a customer: finds or creates the rider by phone in this business, then books from the quote. */
export async function bookForCustomer(db: Db, businessId: number, input: BookForCustomerInput, source: (typeof BOOKED_FOR_CUSTOMER_SOURCES)[number] = 'console') {
  const phone = { phoneCode: input.customerPhone.dialCode, phone: input.customerPhone.number };
  let [rider] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.businessId, businessId), eq(users.role, 'travelsx-user'), eq(users.phoneCode, phone.phoneCode), eq(users.phone, phone.phone), isNull(users.deletedAt)))
    .limit(1);
  if (!rider) {
    // A booking that would be refused creates no account.
    await bookableQuote(db, businessId, input);
    [rider] = await db
      .insert(users)
      .values({ businessId, role: 'travelsx-user', name: input.customerName, ...phone })
      .onConflictDoNothing()
      .returning({ id: users.id, name: users.name });
    rider ??= (await db.select({ id: users.id, name: users.name }).from(users).where(and(eq(users.businessId, businessId), eq(users.role, 'travelsx-user'), eq(users.phoneCode, phone.phoneCode), eq(users.phone, phone.phone))).limit(1))[0];
  } else if (!rider.name) {
    await db.update(users).set({ name: input.customerName }).where(eq(users.id, rider.id));
  }
  const booked = await bookRide(db, businessId, rider.id, {
    rideSearchId: input.rideSearchId,
    rideVehicle: input.rideVehicle,
    idempotencyKey: input.idempotencyKey,
    paymentMethod: input.paymentMethod,
    flightNumber: input.flightNumber,
    flightDirection: input.flightDirection,
    source,
  });
  // The customer has no app showing the code: it goes to their phone (a retried booking sends nothing again).
  return booked.created ? { ...booked, ride: await sendBookingConfirmation(db, booked.ride) } : booked;
}
