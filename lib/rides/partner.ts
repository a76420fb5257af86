import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { drivers, rides, users, type Ride } from '@/lib/db/schema';
import { DomainError, notFound } from '@/lib/errors/domain-error';
import { transitionRide } from './lifecycle';
import type { BookForCustomerInput, RideAction } from './partner-schemas';
import { bookableQuote, bookRide } from './commands';
import { assignableDrivers } from '@/lib/fleet/drivers';
import { assignableVehicles } from '@/lib/fleet/vehicles';

/** The driver must be assignable (verified, not removed, not in a blocked agency) and the vehicle live, both of this business. */
async function checkAssignment(db: Db, businessId: number, driverId: number, vehicleId: number): Promise<void> {
  const options = await assignable(db, businessId);
  if (!options.drivers.some((d) => d.id === driverId)) {
    const [known] = await db.select({ id: drivers.id }).from(drivers).where(and(eq(drivers.id, driverId), eq(drivers.businessId, businessId), isNull(drivers.removedAt))).limit(1);
    if (!known) throw new DomainError('not_found', 'driver_unknown', 'driverId: This driver was not found.', 'driverId');
    throw new DomainError('conflict', 'driver_not_verified', 'driverId: Only a verified driver can take a ride.', 'driverId');
  }
  if (!options.vehicles.some((v) => v.id === vehicleId)) throw new DomainError('not_found', 'vehicle_not_found', 'vehicleId: This vehicle was not found.', 'vehicleId');
}

/** Applies a console action to one of the business's rides; the lifecycle refuses illegal moves. */
export async function applyRideAction(db: Db, businessId: number, actorUserId: number, rideId: number, action: RideAction): Promise<Ride> {
  const base = { businessId, rideId, actorUserId };
  switch (action.action) {
    case 'accept':
      await checkAssignment(db, businessId, action.driverId, action.vehicleId);
      return transitionRide(db, { ...base, to: 'accepted', driverId: action.driverId, vehicleId: action.vehicleId });
    case 'decline':
      return transitionRide(db, { ...base, to: 'cancelled', reason: action.reason, cancelledBy: 'partner' });
    case 'start':
      return transitionRide(db, { ...base, to: 'ontrip', startCode: action.startCode });
    case 'complete':
      return transitionRide(db, { ...base, to: 'completed', finalTolls: action.finalTolls === undefined ? undefined : Math.round(action.finalTolls * 100), paymentMethod: action.paymentMethod });
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

/** Drivers (verified, own or an agency's) and vehicles a ride can be given to, for the Accept dialog. */
export async function assignable(db: Db, businessId: number) {
  const [driverList, vehicleList] = await Promise.all([assignableDrivers(db, businessId), assignableVehicles(db, businessId)]);
  return {
    drivers: driverList.map((d) => ({ id: d.id, name: d.name, vehicleId: d.vehicle?.id ?? null })),
    vehicles: vehicleList.map((v) => ({ id: v.id, model: v.model, number: v.number, vehicleType: v.vehicleType })),
  };
}

/** Books on behalf of a customer: finds or creates the rider by phone in this business, then books from the quote. */
export async function bookForCustomer(db: Db, businessId: number, input: BookForCustomerInput) {
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
  return bookRide(db, businessId, rider.id, {
    rideSearchId: input.rideSearchId,
    rideVehicle: input.rideVehicle,
    idempotencyKey: input.idempotencyKey,
    paymentMethod: input.paymentMethod,
    flightNumber: input.flightNumber,
    flightDirection: input.flightDirection,
    source: 'console',
  });
}
