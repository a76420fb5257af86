import 'server-only';
import { and, asc, eq, inArray, isNull, ne, or, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/db/client';
import { agencies, drivers, rides, users, vehicles, type AccountStatus, type VehicleType } from '@/lib/db/schema';
import { isUniqueViolation } from '@/lib/db/unique-violation';
import { fieldConflict, fleetNotFound } from './errors';
import type { AddDriverInput, StatusAction } from './schemas';
import { setAccountOnline, setAccountStatus } from './accounts';
import { countersOf, type FleetCounters } from './counters';
import { findVehicle } from './vehicles';
import { findAgency } from './agencies';
import { assertHoldsNoRide } from './open-rides';
import { driverDocuments, type DocumentView } from './documents';
import { keyedError } from '@/lib/errors/domain-error';
import { emitFleetChange } from '@/lib/dispatch/fleet-signal';

/** Rides a driver is on: accepted or on trip (booked rides have no driver yet). */
const DRIVING = ['accepted', 'ontrip'] as const;

export type DriverView = {
  id: number;
  name: string;
  lastName: string | null;
  photoUrl: string | null;
  phoneCode: string;
  phone: string;
  place: string | null;
  accountStatus: AccountStatus;
  online: boolean;
  agency: { id: number; name: string } | null;
  vehicle: { id: number; model: string; vehicleType: VehicleType; number: string } | null;
  /** The open ride to track, or null. */
  openRideId: number | null;
  documents: DocumentView[];
  createdAt: string;
};

const live = (businessId: number) => and(eq(drivers.businessId, businessId), isNull(drivers.removedAt));

async function selectDrivers(db: Db, businessId: number, where: SQL | undefined): Promise<DriverView[]> {
  const rows = await db
    .select({
      driver: drivers,
      agencyName: agencies.name,
      vehicle: { id: vehicles.id, model: vehicles.model, vehicleType: vehicles.vehicleType, number: vehicles.number, removedAt: vehicles.removedAt },
    })
    .from(drivers)
    .leftJoin(agencies, and(eq(agencies.id, drivers.agencyId), eq(agencies.businessId, businessId)))
    .leftJoin(vehicles, and(eq(vehicles.id, drivers.vehicleId), eq(vehicles.businessId, businessId)))
    .where(and(live(businessId), where))
    .orderBy(asc(drivers.createdAt), asc(drivers.id));
  const openRides = await openRideByDriver(
    db,
    businessId,
    rows.map((r) => r.driver.id),
  );
  return rows.map(({ driver, agencyName, vehicle }) => ({
    id: driver.id,
    name: driver.name,
    lastName: driver.lastName,
    photoUrl: driver.photoUrl,
    phoneCode: driver.phoneCode,
    phone: driver.phone,
    place: driver.place,
    accountStatus: driver.accountStatus,
    online: driver.online,
    agency: driver.agencyId && agencyName ? { id: driver.agencyId, name: agencyName } : null,
    vehicle: vehicle && !vehicle.removedAt ? { id: vehicle.id, model: vehicle.model, vehicleType: vehicle.vehicleType, number: vehicle.number } : null,
    openRideId: openRides.get(driver.id) ?? null,
    documents: driverDocuments(driver),
    createdAt: driver.createdAt.toISOString(),
  }));
}

async function openRideByDriver(db: Db, businessId: number, driverIds: number[]): Promise<Map<number, number>> {
  if (!driverIds.length) return new Map();
  const rows = await db
    .select({ id: rides.number, driverId: rides.driverId })
    .from(rides)
    .where(and(eq(rides.businessId, businessId), inArray(rides.driverId, driverIds), inArray(rides.status, [...DRIVING])))
    .orderBy(asc(rides.pickupTime));
  const byDriver = new Map<number, number>();
  for (const row of rows) if (row.driverId !== null && !byDriver.has(row.driverId)) byDriver.set(row.driverId, row.id);
  return byDriver;
}

/** The business's drivers (own and its travel companies'), with Total/Online/Offline counters. */
export async function listDrivers(
  db: Db,
  businessId: number,
  { agencyId }: { agencyId?: number } = {},
): Promise<{ counters: FleetCounters; drivers: DriverView[] }> {
  const list = await selectDrivers(db, businessId, agencyId === undefined ? undefined : eq(drivers.agencyId, agencyId));
  return { counters: countersOf(list), drivers: list };
}

export async function findDriver(db: Db, businessId: number, id: number): Promise<DriverView> {
  const [found] = await selectDrivers(db, businessId, eq(drivers.id, id));
  if (!found) throw fleetNotFound('driver');
  return found;
}

/**
 * Drivers a ride can be given to: Verified, not removed, the business's own or
 * those of a travel company that is neither removed nor Blocked.
 */
export async function assignableDrivers(db: Db, businessId: number): Promise<DriverView[]> {
  const usableAgency = or(isNull(drivers.agencyId), and(isNull(agencies.removedAt), ne(agencies.accountStatus, 'Blocked')));
  return selectDrivers(db, businessId, and(eq(drivers.accountStatus, 'Verified'), usableAgency));
}

/**
 * Adds a pending driver: a `travelsx-driver` user with the phone (so the driver
 * app can log in by phone code; an earlier user with that phone is reused) and
 * the driver row, in one transaction. A phone already in the fleet is a 409.
 */
export async function addDriver(db: Db, businessId: number, input: AddDriverInput): Promise<DriverView> {
  if (input.agencyId) await findAgency(db, businessId, input.agencyId);
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const phone = { phoneCode: input.phone.dialCode, phone: input.phone.number };
      const [user] = await tx
        .insert(users)
        .values({ businessId, role: 'travelsx-driver', name: input.name, ...phone })
        .onConflictDoUpdate({ target: [users.businessId, users.role, users.phoneCode, users.phone], set: { name: input.name, deletedAt: null } })
        .returning({ id: users.id });
      const [driver] = await tx
        .insert(drivers)
        .values({
          businessId,
          userId: user.id,
          agencyId: input.agencyId ?? null,
          name: input.name,
          lastName: input.lastName ?? null,
          place: input.place ?? null,
          ...phone,
        })
        .returning({ id: drivers.id });
      return driver.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldConflict('phone', 'driverPhoneTaken');
    throw error;
  }
  return findDriver(db, businessId, id);
}

/** Verify, Block or Unblock (see setAccountStatus); a driver holding an open ride cannot be blocked (409 naming the ride). */
export async function setDriverStatus(db: Db, businessId: number, id: number, action: StatusAction): Promise<DriverView> {
  if (action === 'block') await lockedFree(db, businessId, id, (tx) => setAccountStatus(tx, drivers, businessId, id, action, async () => undefined));
  else await setAccountStatus(db, drivers, businessId, id, action, () => findDriver(db, businessId, id));
  return findDriver(db, businessId, id);
}

/**
 * Runs `change` while the driver's row is locked and no open ride holds the
 * driver: an accept of the same driver (which locks the row too) waits, so a
 * driver is never blocked or removed with a ride on them.
 */
async function lockedFree(db: Db, businessId: number, id: number, change: (tx: Tx) => Promise<void>): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: drivers.id, name: drivers.name })
      .from(drivers)
      .where(and(eq(drivers.id, id), live(businessId)))
      .limit(1)
      .for('update');
    if (!row) throw fleetNotFound('driver');
    await assertHoldsNoRide(tx, businessId, { driverId: id, name: row.name });
    await change(tx);
  });
}

/** Online or offline; only a Verified driver goes online (409 naming the driver otherwise). */
export async function setDriverOnline(db: Db, businessId: number, id: number, online: boolean): Promise<DriverView> {
  const driver = await findDriver(db, businessId, id);
  if (online && driver.accountStatus !== 'Verified')
    throw keyedError(
      'conflict',
      'driver_not_verified',
      'driverNotVerified',
      `${driver.name} is not verified yet. Only a verified driver can take a ride.`,
      { name: driver.name },
      'online',
    );
  if (online && !driver.online)
    await db
      .update(drivers)
      .set({ onlineAt: new Date() })
      .where(and(eq(drivers.id, id), live(businessId)));
  const view = await setAccountOnline(db, drivers, businessId, id, online, () => findDriver(db, businessId, id));
  emitFleetChange(businessId);
  return view;
}

/** Gives the driver one of the business's live vehicles, or none (null). */
export async function assignVehicle(db: Db, businessId: number, id: number, vehicleId: number | null): Promise<DriverView> {
  await findDriver(db, businessId, id);
  if (vehicleId !== null) await findVehicle(db, businessId, vehicleId);
  await db
    .update(drivers)
    .set({ vehicleId })
    .where(and(eq(drivers.id, id), live(businessId)));
  return findDriver(db, businessId, id);
}

/** Soft-removes a driver (its phone may be added again later); not while the driver holds an open ride (409 naming it). */
export async function removeDriver(db: Db, businessId: number, id: number): Promise<void> {
  await lockedFree(db, businessId, id, async (tx) => {
    await tx
      .update(drivers)
      .set({ removedAt: new Date(), online: false })
      .where(and(eq(drivers.id, id), live(businessId)));
  });
}
