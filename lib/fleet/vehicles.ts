import 'server-only';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { drivers, vehicles, type Vehicle } from '@/lib/db/schema';
import { vehicleImage } from './images';
import { vehicleDocuments } from './documents';
import { isUniqueViolation } from '@/lib/db/unique-violation';
import { fieldConflict, fleetNotFound } from './errors';
import type { AddVehicleInput, UpdateVehicleInput } from './schemas';
import type { FleetCounters } from './counters';
import { assertHoldsNoRide } from './open-rides';

export type { FleetCounters } from './counters';

/** A vehicle as the console shows it, with its picture resolved. */
export function vehicleView(vehicle: Vehicle) {
  return {
    id: vehicle.id,
    vehicleType: vehicle.vehicleType,
    model: vehicle.model,
    number: vehicle.number,
    online: vehicle.online,
    image: vehicleImage(vehicle),
    /** Its own uploaded photo (the picture above otherwise comes by model or type). */
    photo: vehicle.imageUrl,
    documents: vehicleDocuments(vehicle),
    createdAt: vehicle.createdAt.toISOString(),
  };
}

export type VehicleView = ReturnType<typeof vehicleView>;

const live = (businessId: number) => and(eq(vehicles.businessId, businessId), isNull(vehicles.removedAt));

export async function vehicleCounters(db: Db, businessId: number): Promise<FleetCounters> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int`, online: sql<number>`(count(*) filter (where ${vehicles.online}))::int` })
    .from(vehicles)
    .where(live(businessId));
  return { total: row.total, online: row.online, offline: row.total - row.online };
}

/** The business's vehicles (not removed), oldest first, with Total/Online/Offline counters. */
export async function listVehicles(db: Db, businessId: number): Promise<{ counters: FleetCounters; vehicles: VehicleView[] }> {
  const rows = await db.select().from(vehicles).where(live(businessId)).orderBy(asc(vehicles.createdAt), asc(vehicles.id));
  return { counters: await vehicleCounters(db, businessId), vehicles: rows.map(vehicleView) };
}

/** Vehicles a ride can be accepted with (every vehicle not removed). */
export async function assignableVehicles(db: Db, businessId: number): Promise<VehicleView[]> {
  return (await listVehicles(db, businessId)).vehicles;
}

/** A live vehicle of this business, or 404. */
export async function findVehicle(db: Db, businessId: number, id: number): Promise<Vehicle> {
  const [row] = await db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.id, id), live(businessId)))
    .limit(1);
  if (!row) throw fleetNotFound('vehicle');
  return row;
}

/** 409 when a live vehicle of the business has this number, spaces aside ("TN01AB1234" is "TN01 AB1234"). */
async function assertNumberFree(db: Db, businessId: number, number: string, exceptId?: number): Promise<void> {
  const compact = number.replaceAll(' ', '');
  const [taken] = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(live(businessId), sql`replace(${vehicles.number}, ' ', '') = ${compact}`, exceptId === undefined ? undefined : ne(vehicles.id, exceptId)))
    .limit(1);
  if (taken) throw fieldConflict('number', 'vehicleNumberTaken');
}

/** Adds an online vehicle; the same number twice in one business is a 409 (the unique index settles races). */
export async function addVehicle(db: Db, businessId: number, input: AddVehicleInput): Promise<VehicleView> {
  await assertNumberFree(db, businessId, input.number);
  try {
    const [row] = await db.insert(vehicles).values({ businessId, vehicleType: input.vehicleType, model: input.model, number: input.number }).returning();
    return vehicleView(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldConflict('number', 'vehicleNumberTaken');
    throw error;
  }
}

/** Edits type, model, number or the online flag of one of the business's vehicles (not class or offline while on an open ride). */
export async function updateVehicle(db: Db, businessId: number, id: number, change: UpdateVehicleInput): Promise<VehicleView> {
  const current = await findVehicle(db, businessId, id);
  // A vehicle on an open ride keeps its class and stays online until the ride is reassigned or ends.
  if (change.online === false || (change.vehicleType && change.vehicleType !== current.vehicleType))
    await assertHoldsNoRide(db, businessId, { vehicleId: id, name: current.number });
  if (change.number) await assertNumberFree(db, businessId, change.number, id);
  try {
    const [row] = await db
      .update(vehicles)
      .set(change)
      .where(and(eq(vehicles.id, id), live(businessId)))
      .returning();
    if (!row) throw fleetNotFound('vehicle');
    return vehicleView(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldConflict('number', 'vehicleNumberTaken');
    throw error;
  }
}

/** Soft-removes a vehicle and takes it off its drivers, in one transaction; not while it is on an open ride (409 naming it). */
export async function removeVehicle(db: Db, businessId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [held] = await tx
      .select({ number: vehicles.number })
      .from(vehicles)
      .where(and(eq(vehicles.id, id), live(businessId)))
      .limit(1)
      .for('update');
    if (!held) throw fleetNotFound('vehicle');
    await assertHoldsNoRide(tx, businessId, { vehicleId: id, name: held.number });
    const [row] = await tx
      .update(vehicles)
      .set({ removedAt: new Date(), online: false })
      .where(and(eq(vehicles.id, id), live(businessId)))
      .returning({ id: vehicles.id });
    if (!row) throw fleetNotFound('vehicle');
    await tx
      .update(drivers)
      .set({ vehicleId: null })
      .where(and(eq(drivers.businessId, businessId), eq(drivers.vehicleId, id)));
  });
}
