import 'server-only';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import {
  agencies,
  businesses,
  drivers,
  rides,
  vehicles,
  type DispatchMode,
  type Driver,
  type OfferReason,
  type Ride,
  type Vehicle,
  type VehicleType,
} from '@/lib/db/schema';
import { rankCandidates } from '@/lib/dispatch/candidates';
import { compareReasons } from '@/lib/dispatch/score';
import { vehicleFit, type VehicleFit } from '@/lib/booking/vehicle-classes';
import { DomainError } from '@/lib/errors/domain-error';
import { dispatchSettingsOf } from '@/lib/dispatch/settings';
import { conflictingRides, rideWindow, type Window } from '@/lib/dispatch/windows';
import { driverDocuments, expired, vehicleDocuments, type ExpiredDocument } from '@/lib/fleet/documents';
import { zonedDate } from '@/lib/fares/time';

/*
 * Who can take a ride: a driver is available when verified (and their travel
 * company is not blocked), with no expired licence, online, and holding no
 * ride whose window overlaps this ride's (lib/dispatch/windows); a vehicle
 * when live, online, with its papers valid and on no overlapping ride. With
 * no ride named, "now" is the window.
 */

export type DriverAvailability = 'available' | 'busy' | 'offline' | 'blocked' | 'unverified' | 'expired';
export type VehicleAvailability = 'available' | 'busy' | 'offline' | 'expired';

export type DispatchDriver = {
  id: number;
  name: string;
  vehicleId: number | null;
  availability: DriverAvailability;
  openRideId: number | null;
  expired: ExpiredDocument | null;
  /** Assisted and automatic modes: the driver's score and its parts (lib/dispatch/score), best first; null for manual mode or no fitting vehicle of their own. */
  suggestion: OfferReason | null;
};
export type DispatchVehicle = {
  id: number;
  model: string;
  number: string;
  vehicleType: VehicleType;
  availability: VehicleAvailability;
  openRideId: number | null;
  expired: ExpiredDocument | null;
  fit: VehicleFit | null;
};

const ORDER: Record<DriverAvailability, number> = { available: 0, busy: 1, offline: 2, expired: 3, blocked: 4, unverified: 5 };
const FIT_ORDER: Record<VehicleFit, number> = { match: 0, upgrade: 1, smaller: 2 };

export type DriverRow = Driver & { agencyBlocked: boolean };

/** Today's date ("2026-05-03") in the operator's time zone: papers expire by it. */
export const operatorToday = (timeZone: string, now = new Date()) => zonedDate(timeZone, 0, now);

/** The context every availability answer needs: the operator's date, buffer and the window checked. */
export type AvailabilityContext = { today: string; bufferMinutes: number; window: Window; exceptRideId?: number };

export async function availabilityContext(db: Db, businessId: number, rideId?: number): Promise<AvailabilityContext> {
  const [business] = await db.select({ timeZone: businesses.timeZone }).from(businesses).where(eq(businesses.id, businessId)).limit(1);
  const { bufferMinutes } = await dispatchSettingsOf(db, businessId);
  const window = rideId ? await rideWindow(db, rideId, bufferMinutes) : 'now';
  return { today: operatorToday(business?.timeZone ?? 'UTC'), bufferMinutes, window, exceptRideId: rideId };
}

export function driverAvailability(
  row: DriverRow,
  conflict: number | undefined,
  today: string,
): { availability: DriverAvailability; expired: ExpiredDocument | null } {
  if (row.accountStatus === 'Blocked' || row.agencyBlocked) return { availability: 'blocked', expired: null };
  if (row.accountStatus !== 'Verified') return { availability: 'unverified', expired: null };
  const [papers] = expired(driverDocuments(row), today);
  if (papers) return { availability: 'expired', expired: papers };
  if (conflict !== undefined) return { availability: 'busy', expired: null };
  return { availability: row.online ? 'available' : 'offline', expired: null };
}

export function vehicleAvailability(
  row: Vehicle,
  conflict: number | undefined,
  today: string,
): { availability: VehicleAvailability; expired: ExpiredDocument | null } {
  const [papers] = expired(vehicleDocuments(row), today);
  if (papers) return { availability: 'expired', expired: papers };
  if (conflict !== undefined) return { availability: 'busy', expired: null };
  return { availability: row.online ? 'available' : 'offline', expired: null };
}

export async function driverRows(db: Db, businessId: number, ids?: number[]): Promise<DriverRow[]> {
  const rows = await db
    .select({ driver: drivers, agencyStatus: agencies.accountStatus, agencyRemoved: agencies.removedAt })
    .from(drivers)
    .leftJoin(agencies, and(eq(agencies.id, drivers.agencyId), eq(agencies.businessId, businessId)))
    .where(and(eq(drivers.businessId, businessId), isNull(drivers.removedAt), ids ? inArray(drivers.id, ids) : undefined))
    .orderBy(asc(drivers.createdAt), asc(drivers.id));
  return rows.map((r) => ({ ...r.driver, agencyBlocked: r.driver.agencyId !== null && (r.agencyStatus === 'Blocked' || r.agencyRemoved !== null) }));
}

/** Every live driver's availability for the context's window. */
export async function driverAvailabilities(db: Db, businessId: number, context: AvailabilityContext, ids?: number[]): Promise<DispatchDriver[]> {
  const rows = await driverRows(db, businessId, ids);
  const busy = await conflictingRides(
    db,
    businessId,
    'driverId',
    rows.map((r) => r.id),
    context.window,
    context.bufferMinutes,
    context.exceptRideId,
  );
  return rows.map((row) => ({
    id: row.id,
    name: [row.name, row.lastName].filter(Boolean).join(' '),
    vehicleId: row.vehicleId,
    ...driverAvailability(row, busy.get(row.id), context.today),
    openRideId: busy.get(row.id) ?? null,
    suggestion: null,
  }));
}

export async function vehicleAvailabilities(db: Db, businessId: number, context: AvailabilityContext, bookedType?: VehicleType): Promise<DispatchVehicle[]> {
  const rows = await db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.businessId, businessId), isNull(vehicles.removedAt)))
    .orderBy(asc(vehicles.createdAt), asc(vehicles.id));
  const busy = await conflictingRides(
    db,
    businessId,
    'vehicleId',
    rows.map((v) => v.id),
    context.window,
    context.bufferMinutes,
    context.exceptRideId,
  );
  return rows.map((v) => ({
    id: v.id,
    model: v.model,
    number: v.number,
    vehicleType: v.vehicleType,
    ...vehicleAvailability(v, busy.get(v.id), context.today),
    openRideId: busy.get(v.id) ?? null,
    fit: bookedType ? vehicleFit(bookedType, v.vehicleType) : null,
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
): Promise<{ ride: { id: number; vehicleType: VehicleType } | null; mode: DispatchMode; drivers: DispatchDriver[]; vehicles: DispatchVehicle[] }> {
  const [ride] = rideId
    ? await db
        .select()
        .from(rides)
        .where(and(eq(rides.id, rideId), eq(rides.businessId, businessId)))
        .limit(1)
    : [];
  if (rideId && !ride) throw new DomainError('not_found', 'ride_unknown', 'This ride was not found.');
  const context = await availabilityContext(db, businessId, ride?.id);
  const settings = await dispatchSettingsOf(db, businessId);
  const suggestions = ride && settings.mode !== 'manual' && context.window !== 'now' ? await suggest(db, ride, context, settings.allowUpgrades) : new Map();
  const driverList = (await driverAvailabilities(db, businessId, context)).map((d) => ({
    ...d,
    suggestion: d.availability === 'available' ? (suggestions.get(d.id) ?? null) : null,
  }));
  const vehicleList = await vehicleAvailabilities(db, businessId, context, ride?.vehicleType);
  driverList.sort((a, b) => ORDER[a.availability] - ORDER[b.availability] || bySuggestion(a, b));
  vehicleList.sort((a, b) => (a.fit && b.fit ? FIT_ORDER[a.fit] - FIT_ORDER[b.fit] : 0) || ORDER[a.availability] - ORDER[b.availability]);
  return { ride: ride ? { id: ride.number, vehicleType: ride.vehicleType } : null, mode: settings.mode, drivers: driverList, vehicles: vehicleList };
}

/** Suggested drivers first, by score (lib/dispatch/score); the others keep their order. */
function bySuggestion(a: DispatchDriver, b: DispatchDriver): number {
  if (a.suggestion && b.suggestion) return compareReasons(a.suggestion, b.suggestion);
  return Number(b.suggestion !== null) - Number(a.suggestion !== null);
}

/** The score of every driver who could take the ride with their own vehicle now (assisted mode's "why"). */
async function suggest(db: Db, ride: Ride, context: AvailabilityContext, allowUpgrades: boolean): Promise<Map<number, OfferReason>> {
  if (context.window === 'now') return new Map();
  const ranked = await rankCandidates(db, {
    ride,
    window: context.window,
    bufferMinutes: context.bufferMinutes,
    allowUpgrades,
    today: context.today,
    now: new Date(),
    forOffer: false,
  });
  return new Map(ranked.map((c) => [c.driverId, c.reason]));
}
