import 'server-only';
import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/db/client';
import { agencies, drivers, rideEvents, rides, vehicles, type Ride, type VehicleType } from '@/lib/db/schema';
import { vehicleFit, type VehicleFit } from '@/lib/booking/vehicle-classes';
import { DomainError, keyedError } from '@/lib/errors/domain-error';
import { HOLDING_STATUSES } from '@/lib/fleet/open-rides';
import { emitRideChange } from './notify';

/*
 * Dispatch: who can take a ride now. A driver is available when verified (and
 * their travel company is not blocked), online and holding no accepted or
 * on-trip ride; a vehicle when live, online and on no open ride, of the booked
 * class or, with the operator's explicit upgrade, a larger one. Accept and
 * reassign lock the ride, the driver and the vehicle rows in that order, so
 * two accepts of the same driver serialise: one wins, the other is a 409
 * naming the driver.
 */

export type DriverAvailability = 'available' | 'busy' | 'offline' | 'blocked' | 'unverified';
export type VehicleAvailability = 'available' | 'busy' | 'offline';

export type DispatchDriver = { id: number; name: string; vehicleId: number | null; availability: DriverAvailability; openRideId: number | null };
export type DispatchVehicle = {
  id: number;
  model: string;
  number: string;
  vehicleType: VehicleType;
  availability: VehicleAvailability;
  openRideId: number | null;
  fit: VehicleFit | null;
};

const ORDER: Record<DriverAvailability | VehicleAvailability, number> = { available: 0, busy: 1, offline: 2, blocked: 3, unverified: 4 };
const FIT_ORDER: Record<VehicleFit, number> = { match: 0, upgrade: 1, smaller: 2 };

type DriverRow = { id: number; name: string; vehicleId: number | null; accountStatus: string; online: boolean; agencyBlocked: boolean };

function driverAvailability(row: DriverRow, openRideId: number | undefined): DriverAvailability {
  if (row.accountStatus === 'Blocked' || row.agencyBlocked) return 'blocked';
  if (row.accountStatus !== 'Verified') return 'unverified';
  if (openRideId !== undefined) return 'busy';
  return row.online ? 'available' : 'offline';
}

async function holders(db: Db, businessId: number, column: 'driverId' | 'vehicleId', ids: number[], exceptRideId?: number): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ number: rides.number, holder: rides[column] })
    .from(rides)
    .where(
      and(
        eq(rides.businessId, businessId),
        inArray(rides[column], ids),
        inArray(rides.status, [...HOLDING_STATUSES]),
        exceptRideId ? ne(rides.id, exceptRideId) : undefined,
      ),
    )
    .orderBy(asc(rides.pickupTime));
  const map = new Map<number, number>();
  for (const row of rows) if (row.holder !== null && !map.has(row.holder)) map.set(row.holder, row.number);
  return map;
}

async function driverRows(db: Db, businessId: number, ids?: number[]): Promise<DriverRow[]> {
  const rows = await db
    .select({
      id: drivers.id,
      name: drivers.name,
      vehicleId: drivers.vehicleId,
      accountStatus: drivers.accountStatus,
      online: drivers.online,
      agencyStatus: agencies.accountStatus,
      agencyRemoved: agencies.removedAt,
      agencyId: drivers.agencyId,
    })
    .from(drivers)
    .leftJoin(agencies, and(eq(agencies.id, drivers.agencyId), eq(agencies.businessId, businessId)))
    .where(and(eq(drivers.businessId, businessId), isNull(drivers.removedAt), ids ? inArray(drivers.id, ids) : undefined))
    .orderBy(asc(drivers.createdAt), asc(drivers.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    vehicleId: r.vehicleId,
    accountStatus: r.accountStatus,
    online: r.online,
    agencyBlocked: r.agencyId !== null && (r.agencyStatus === 'Blocked' || r.agencyRemoved !== null),
  }));
}

/** Every live driver's availability (available, busy with its ride, offline, blocked, unverified). */
export async function driverAvailabilities(db: Db, businessId: number, ids?: number[]): Promise<DispatchDriver[]> {
  const rows = await driverRows(db, businessId, ids);
  const busy = await holders(
    db,
    businessId,
    'driverId',
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    vehicleId: row.vehicleId,
    availability: driverAvailability(row, busy.get(row.id)),
    openRideId: busy.get(row.id) ?? null,
  }));
}

/**
 * The Accept (or Reassign) dialog's choices: every driver and vehicle, the
 * available ones first, the others with why they cannot be chosen; vehicles
 * with how they fit the ride's booked class (when a ride is named).
 */
export async function dispatchOptions(
  db: Db,
  businessId: number,
  rideId?: number,
): Promise<{ ride: { id: number; vehicleType: VehicleType } | null; drivers: DispatchDriver[]; vehicles: DispatchVehicle[] }> {
  const [ride] = rideId
    ? await db
        .select({ id: rides.id, number: rides.number, vehicleType: rides.vehicleType })
        .from(rides)
        .where(and(eq(rides.id, rideId), eq(rides.businessId, businessId)))
        .limit(1)
    : [];
  if (rideId && !ride) throw new DomainError('not_found', 'ride_unknown', 'This ride was not found.');
  const driverList = (await driverAvailabilities(db, businessId)).map((d) =>
    ride && d.openRideId === ride.number ? { ...d, availability: 'available' as const, openRideId: null } : d,
  );
  const vehicleRows = await db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.businessId, businessId), isNull(vehicles.removedAt)))
    .orderBy(asc(vehicles.createdAt), asc(vehicles.id));
  const busyVehicles = await holders(
    db,
    businessId,
    'vehicleId',
    vehicleRows.map((v) => v.id),
    rideId,
  );
  const vehicleList: DispatchVehicle[] = vehicleRows.map((v) => ({
    id: v.id,
    model: v.model,
    number: v.number,
    vehicleType: v.vehicleType,
    availability: busyVehicles.has(v.id) ? 'busy' : v.online ? 'available' : 'offline',
    openRideId: busyVehicles.get(v.id) ?? null,
    fit: ride ? vehicleFit(ride.vehicleType, v.vehicleType) : null,
  }));
  driverList.sort((a, b) => ORDER[a.availability] - ORDER[b.availability]);
  vehicleList.sort((a, b) => (a.fit && b.fit ? FIT_ORDER[a.fit] - FIT_ORDER[b.fit] : 0) || ORDER[a.availability] - ORDER[b.availability]);
  return { ride: ride ? { id: ride.number, vehicleType: ride.vehicleType } : null, drivers: driverList, vehicles: vehicleList };
}

export type Assignment = { driverId: number; vehicleId: number; upgrade?: boolean };

const DRIVER_REFUSALS = {
  busy: ['driver_busy', 'driverBusy', (name: string, ride: number) => `${name} is on ride #${ride}. Choose a free driver.`],
  offline: ['driver_offline', 'driverOffline', (name: string) => `${name} is offline. Choose an online driver.`],
  blocked: ['driver_blocked', 'driverBlocked', (name: string) => `${name} is blocked. Choose another driver.`],
  unverified: ['driver_not_verified', 'driverNotVerified', (name: string) => `${name} is not verified yet. Only a verified driver can take a ride.`],
} as const;

/** Locks the driver row of this business (a 404 for another business's or a removed driver). */
async function lockDriver(tx: Db, businessId: number, driverId: number): Promise<void> {
  const [row] = await tx
    .select({ id: drivers.id })
    .from(drivers)
    .where(and(eq(drivers.id, driverId), eq(drivers.businessId, businessId), isNull(drivers.removedAt)))
    .limit(1)
    .for('update');
  if (!row) throw keyedError('not_found', 'driver_unknown', 'driverUnknown', 'This driver was not found.', undefined, 'driverId');
}

/** Locks the vehicle row of this business (a 404 for another business's or a removed vehicle). */
async function lockVehicle(tx: Db, businessId: number, vehicleId: number) {
  const [vehicle] = await tx
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.id, vehicleId), eq(vehicles.businessId, businessId), isNull(vehicles.removedAt)))
    .limit(1)
    .for('update');
  if (!vehicle) throw keyedError('not_found', 'vehicle_not_found', 'vehicleNotFound', 'This vehicle was not found.', undefined, 'vehicleId');
  return vehicle;
}

/** Refuses a (locked) driver who is not available: busy naming the ride, offline, blocked or not verified. */
async function assertDriverAvailable(tx: Db, businessId: number, driverId: number, rideId: number): Promise<void> {
  const [driver] = await driverRows(tx, businessId, [driverId]);
  const busy = await holders(tx, businessId, 'driverId', [driverId], rideId);
  const availability = driverAvailability(driver, busy.get(driverId));
  if (availability === 'available') return;
  const [code, key, text] = DRIVER_REFUSALS[availability];
  const ride = busy.get(driverId) ?? 0;
  throw keyedError('conflict', code, key, text(driver.name, ride), { name: driver.name, ride }, 'driverId');
}

/** Refuses a (locked) vehicle that is busy, offline, of a smaller class, or larger without the upgrade choice; answers how it fits. */
async function assertVehicleFits(
  tx: Db,
  businessId: number,
  vehicle: Awaited<ReturnType<typeof lockVehicle>>,
  ride: Ride,
  upgrade: boolean,
): Promise<VehicleFit> {
  const name = vehicle.number;
  const busy = (await holders(tx, businessId, 'vehicleId', [vehicle.id], ride.id)).get(vehicle.id);
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

async function lockRide(tx: Tx, businessId: number, rideId: number): Promise<Ride> {
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
 * Accepts a booked ride with an available driver and a fitting vehicle, in one
 * transaction: the ride, its event (with the upgrade, if any) and the locks
 * that keep a driver on one open ride.
 */
export async function acceptRide(db: Db, businessId: number, actorUserId: number, rideId: number, assignment: Assignment): Promise<Ride> {
  const ride = await db.transaction(async (tx) => {
    const current = await lockRide(tx, businessId, rideId);
    if (current.status !== 'booked') throw new DomainError('conflict', 'illegal_transition', `A ${current.status} ride cannot become accepted.`);
    // Unknown (or another business's) driver and vehicle first, then whether they can take it.
    await lockDriver(tx, businessId, assignment.driverId);
    const vehicle = await lockVehicle(tx, businessId, assignment.vehicleId);
    await assertDriverAvailable(tx, businessId, assignment.driverId, rideId);
    const upgraded = (await assertVehicleFits(tx, businessId, vehicle, current, Boolean(assignment.upgrade))) === 'upgrade';
    const [updated] = await tx
      .update(rides)
      .set({ status: 'accepted', acceptedAt: new Date(), driverId: assignment.driverId, vehicleId: assignment.vehicleId, vehicleUpgrade: upgraded })
      .where(eq(rides.id, rideId))
      .returning();
    await tx.insert(rideEvents).values({
      businessId,
      rideId,
      fromStatus: 'booked',
      toStatus: 'accepted',
      actorUserId,
      note: upgraded ? 'Vehicle upgraded' : null,
      data: { driverId: assignment.driverId, vehicleId: assignment.vehicleId, ...(upgraded ? { upgrade: true } : {}) },
    });
    return updated;
  });
  emitRideChange({ ride, from: 'booked', to: 'accepted', actorUserId });
  return ride;
}

export type Reassignment = { driverId?: number; vehicleId?: number; upgrade?: boolean };

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
    if (driverId === current.driverId && vehicleId === current.vehicleId)
      throw keyedError('invalid', 'reassign_unchanged', 'reassignUnchanged', 'Choose another driver or vehicle to reassign the ride.');
    if (driverId !== current.driverId) await lockDriver(tx, businessId, driverId);
    const vehicle = vehicleId !== current.vehicleId ? await lockVehicle(tx, businessId, vehicleId) : undefined;
    if (driverId !== current.driverId) await assertDriverAvailable(tx, businessId, driverId, rideId);
    const upgraded = vehicle ? (await assertVehicleFits(tx, businessId, vehicle, current, Boolean(change.upgrade))) === 'upgrade' : current.vehicleUpgrade;
    const [updated] = await tx.update(rides).set({ driverId, vehicleId, vehicleUpgrade: upgraded }).where(eq(rides.id, rideId)).returning();
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
    return { updated, previousDriverId: current.driverId };
  });
  emitRideChange({ ride: ride.updated, from: 'accepted', to: 'accepted', actorUserId, previousDriverId: ride.previousDriverId });
  return ride.updated;
}
