import 'server-only';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/db/client';
import { drivers, rideEvents, rides, vehicles, type Ride } from '@/lib/db/schema';
import { vehicleFit, type VehicleFit } from '@/lib/booking/vehicle-classes';
import { DomainError, keyedError } from '@/lib/errors/domain-error';
import { assertDriverPapers, assertVehiclePapers } from '@/lib/fleet/documents';
import { conflictingRides } from '@/lib/dispatch/windows';
import { withdrawPendingOffers } from '@/lib/dispatch/offer-rows';
import { availabilityContext, driverAvailability, driverRows, type AvailabilityContext } from './availability';
import { emitRideChange } from './notify';

/*
 * Accept and reassign (lib/rides/availability says who can take a ride). Both
 * lock the ride, the driver (an advisory lock, lockDriver) and the vehicle
 * rows in that order, so two
 * accepts of the same driver serialise: one wins, the other is a 409 naming
 * the driver; an operator's accept and a driver's accept of one offer
 * serialise on the ride row: the second finds it accepted.
 */

export type Assignment = { driverId: number; vehicleId: number; upgrade?: boolean };

const DRIVER_REFUSALS = {
  busy: ['driver_busy', 'driverBusy', (name: string, ride: number) => `${name} is on ride #${ride}. Choose a free driver.`],
  offline: ['driver_offline', 'driverOffline', (name: string) => `${name} is offline. Choose an online driver.`],
  blocked: ['driver_blocked', 'driverBlocked', (name: string) => `${name} is blocked. Choose another driver.`],
  unverified: ['driver_not_verified', 'driverNotVerified', (name: string) => `${name} is not verified yet. Only a verified driver can take a ride.`],
} as const;

/** The advisory lock class of a driver being given a ride (pg_advisory_xact_lock(class, driverId)). */
const ASSIGNING_LOCK = 7203;

/**
 * Takes the driver's assigning lock until the transaction ends, and checks the driver is of this business and
 * not removed (a 404 otherwise). An advisory lock rather than the row's: accepts of one driver still take turns,
 * while the driver's position, written every few seconds, never waits behind an accept
 * (docs/architecture/jobs.md#driver-positions).
 */
async function lockDriver(tx: Tx, businessId: number, driverId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ASSIGNING_LOCK}, ${driverId}::int)`);
  const [row] = await tx
    .select({ id: drivers.id })
    .from(drivers)
    .where(and(eq(drivers.id, driverId), eq(drivers.businessId, businessId), isNull(drivers.removedAt)))
    .limit(1);
  if (!row) throw keyedError('not_found', 'driver_unknown', 'driverUnknown', 'This driver was not found.', undefined, 'driverId');
}

/** Locks the vehicle row of this business (a 404 for another business's or a removed vehicle). */
async function lockVehicle(tx: Tx, businessId: number, vehicleId: number) {
  const [vehicle] = await tx
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.id, vehicleId), eq(vehicles.businessId, businessId), isNull(vehicles.removedAt)))
    .limit(1)
    .for('update');
  if (!vehicle) throw keyedError('not_found', 'vehicle_not_found', 'vehicleNotFound', 'This vehicle was not found.', undefined, 'vehicleId');
  return vehicle;
}

/** Refuses a (locked) driver who is not available: busy naming the ride, offline, blocked, not verified or with an expired licence. */
async function assertDriverAvailable(tx: Tx, businessId: number, driverId: number, context: AvailabilityContext): Promise<void> {
  const [driver] = await driverRows(tx, businessId, [driverId]);
  const busy = await conflictingRides(tx, businessId, 'driverId', [driverId], context.window, context.bufferMinutes, context.exceptRideId);
  const { availability } = driverAvailability(driver, busy.get(driverId), context.today);
  if (availability === 'available') return;
  const name = [driver.name, driver.lastName].filter(Boolean).join(' ');
  if (availability === 'expired') return assertDriverPapers(name, driver, context.today);
  const [code, key, text] = DRIVER_REFUSALS[availability];
  const ride = busy.get(driverId) ?? 0;
  throw keyedError('conflict', code, key, text(name, ride), { name, ride }, 'driverId');
}

/** Refuses a (locked) vehicle that is busy, offline, with expired papers, of a smaller class, or larger without the upgrade choice; answers how it fits. */
async function assertVehicleFits(
  tx: Tx,
  businessId: number,
  vehicle: Awaited<ReturnType<typeof lockVehicle>>,
  ride: Ride,
  upgrade: boolean,
  context: AvailabilityContext,
): Promise<VehicleFit> {
  const name = vehicle.number;
  assertVehiclePapers(name, vehicle, context.today);
  const busy = (await conflictingRides(tx, businessId, 'vehicleId', [vehicle.id], context.window, context.bufferMinutes, ride.id)).get(vehicle.id);
  if (busy !== undefined)
    throw keyedError('conflict', 'vehicle_busy', 'vehicleBusy', `${name} is on ride #${busy}. Choose a free vehicle.`, { name, ride: busy }, 'vehicleId');
  if (!vehicle.online)
    throw keyedError('conflict', 'vehicle_offline', 'vehicleOffline', `${name} is offline. Choose an online vehicle.`, { name }, 'vehicleId');
  const fit = vehicleFit(ride.vehicleType, vehicle.vehicleType);
  if (fit === 'smaller')
    throw keyedError(
      'conflict',
      'vehicle_class_smaller',
      'vehicleClassSmaller',
      `${name} is smaller than the booked class. Choose a vehicle of the booked class.`,
      { name },
      'vehicleId',
    );
  if (fit === 'upgrade' && !upgrade)
    throw keyedError(
      'conflict',
      'vehicle_needs_upgrade',
      'vehicleNeedsUpgrade',
      `${name} is larger than the booked class. Choose "Upgrade" to give the customer this vehicle.`,
      { name },
      'vehicleId',
    );
  return fit;
}

export async function lockRide(tx: Tx, businessId: number, rideId: number): Promise<Ride> {
  const [ride] = await tx
    .select()
    .from(rides)
    .where(and(eq(rides.id, rideId), eq(rides.businessId, businessId)))
    .limit(1)
    .for('update');
  if (!ride) throw new DomainError('not_found', 'ride_unknown', 'This ride was not found.');
  return ride;
}

/**
 * Inside a transaction that has locked the booked ride `current`: checks the
 * driver and vehicle (locking their rows) and accepts the ride with its event.
 * `via` names a driver's own accept of an offer in the event.
 */
export async function acceptLockedRide(
  tx: Tx,
  current: Ride,
  actorUserId: number,
  assignment: Assignment,
  via: 'console' | 'offer' = 'console',
): Promise<Ride> {
  const { businessId } = current;
  if (current.status !== 'booked') throw new DomainError('conflict', 'illegal_transition', `A ${current.status} ride cannot become accepted.`);
  // Unknown (or another business's) driver and vehicle first, then whether they can take it.
  await lockDriver(tx, businessId, assignment.driverId);
  const vehicle = await lockVehicle(tx, businessId, assignment.vehicleId);
  const context = await availabilityContext(tx, businessId, current.id);
  await assertDriverAvailable(tx, businessId, assignment.driverId, context);
  const upgraded = (await assertVehicleFits(tx, businessId, vehicle, current, Boolean(assignment.upgrade), context)) === 'upgrade';
  const [updated] = await tx
    .update(rides)
    .set({
      status: 'accepted',
      acceptedAt: new Date(),
      driverId: assignment.driverId,
      vehicleId: assignment.vehicleId,
      vehicleUpgrade: upgraded,
      needsDriverAt: null,
    })
    .where(eq(rides.id, current.id))
    .returning();
  await tx.insert(rideEvents).values({
    businessId,
    rideId: current.id,
    fromStatus: 'booked',
    toStatus: 'accepted',
    actorUserId,
    note: upgraded ? 'Vehicle upgraded' : null,
    data: { driverId: assignment.driverId, vehicleId: assignment.vehicleId, ...(upgraded ? { upgrade: true } : {}), ...(via === 'offer' ? { via } : {}) },
  });
  return updated;
}

export type Reassignment = { driverId?: number; vehicleId?: number; upgrade?: boolean };

/**
 * Whether the ride's latest accept or reassign event is this actor's, giving it
 * this driver and vehicle (for a reassignment: changing what the request names
 * and only that): a retried request whose first try committed
 * (docs/architecture/booking.md#retries), answered with the ride unchanged.
 */
async function sameAssignment(tx: Tx, current: Ride, actorUserId: number, driverId: number, vehicleId: number, reassign?: Reassignment): Promise<boolean> {
  if (current.status !== 'accepted' || current.driverId !== driverId || current.vehicleId !== vehicleId) return false;
  const events = await tx
    .select({ actorUserId: rideEvents.actorUserId, fromStatus: rideEvents.fromStatus, data: rideEvents.data })
    .from(rideEvents)
    .where(and(eq(rideEvents.rideId, current.id), eq(rideEvents.toStatus, 'accepted')))
    .orderBy(desc(rideEvents.id));
  type Moved = { reassigned?: boolean; driver?: { from: number; to: number }; vehicle?: { from: number; to: number } };
  // the latest event that gave the ride its driver and vehicle (not a driver's "set off")
  const last = events.find((e) => e.fromStatus === 'booked' || (e.data as Moved | null)?.reassigned);
  if (!last || last.actorUserId !== actorUserId) return false;
  if (!reassign) return last.fromStatus === 'booked';
  const moved = last.data as Moved;
  if (!moved.reassigned || !moved.driver || !moved.vehicle) return false;
  const named = (given: number | undefined, change: { from: number; to: number }) => (given === undefined ? change.from === change.to : change.to === given);
  return named(reassign.driverId, moved.driver) && named(reassign.vehicleId, moved.vehicle);
}

/**
 * Accepts a booked ride with an available driver and a fitting vehicle, in one
 * transaction: the ride, its event (with the upgrade, if any) and the locks
 * that keep a driver on one ride per window. The same accept repeated by the
 * same operator answers the ride as it is.
 */
export async function acceptRide(db: Db, businessId: number, actorUserId: number, rideId: number, assignment: Assignment): Promise<Ride> {
  const { ride, replay } = await db.transaction(async (tx) => {
    const current = await lockRide(tx, businessId, rideId);
    if (await sameAssignment(tx, current, actorUserId, assignment.driverId, assignment.vehicleId)) return { ride: current, replay: true };
    const updated = await acceptLockedRide(tx, current, actorUserId, assignment);
    // a driver's pending offer of this ride ends with the operator's choice (the driver app is told after commit)
    await withdrawPendingOffers(tx, updated.id);
    return { ride: updated, replay: false };
  });
  if (!replay) emitRideChange({ ride, from: 'booked', to: 'accepted', actorUserId });
  return ride;
}

/**
 * Gives an accepted ride another driver, another vehicle or both, with an
 * event row naming who it went from and to. Only accepted rides: once on trip
 * or finished the ride is the driver's own (409 naming the ride).
 */
export async function reassignRide(db: Db, businessId: number, actorUserId: number, rideId: number, change: Reassignment): Promise<Ride> {
  const ride = await db.transaction(async (tx) => {
    const current = await lockRide(tx, businessId, rideId);
    if (current.status !== 'accepted')
      throw keyedError(
        'conflict',
        'ride_not_reassignable',
        'rideNotReassignable',
        `Ride #${current.number} is ${current.status}: only an accepted ride can be reassigned.`,
        { ride: current.number },
      );
    const driverId = change.driverId ?? current.driverId!;
    const vehicleId = change.vehicleId ?? current.vehicleId!;
    // the same reassignment retried after its first try committed: the ride as it is
    if (await sameAssignment(tx, current, actorUserId, driverId, vehicleId, change)) return { updated: current, previousDriverId: null, replay: true };
    if (driverId === current.driverId && vehicleId === current.vehicleId)
      throw keyedError('invalid', 'reassign_unchanged', 'reassignUnchanged', 'Choose another driver or vehicle to reassign the ride.');
    if (driverId !== current.driverId) await lockDriver(tx, businessId, driverId);
    const vehicle = vehicleId !== current.vehicleId ? await lockVehicle(tx, businessId, vehicleId) : undefined;
    const context = await availabilityContext(tx, businessId, current.id);
    if (driverId !== current.driverId) await assertDriverAvailable(tx, businessId, driverId, context);
    const upgraded = vehicle
      ? (await assertVehicleFits(tx, businessId, vehicle, current, Boolean(change.upgrade), context)) === 'upgrade'
      : current.vehicleUpgrade;
    const driverChanged = driverId !== current.driverId;
    const [updated] = await tx
      .update(rides)
      .set({ driverId, vehicleId, vehicleUpgrade: upgraded, ...(driverChanged ? { setOffAt: null } : {}) })
      .where(eq(rides.id, rideId))
      .returning();
    await tx.insert(rideEvents).values({
      businessId,
      rideId,
      fromStatus: 'accepted',
      toStatus: 'accepted',
      actorUserId,
      note: 'Reassigned',
      data: {
        reassigned: true,
        driver: { from: current.driverId, to: driverId },
        vehicle: { from: current.vehicleId, to: vehicleId },
        ...(upgraded ? { upgrade: true } : {}),
      },
    });
    return { updated, previousDriverId: current.driverId, replay: false };
  });
  if (ride.replay) return ride.updated;
  emitRideChange({ ride: ride.updated, from: 'accepted', to: 'accepted', actorUserId, previousDriverId: ride.previousDriverId });
  return ride.updated;
}
