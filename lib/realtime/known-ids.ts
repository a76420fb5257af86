import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { getDb } from '@/lib/db/client';
import { drivers, rides } from '@/lib/db/schema';

/*
 * Facts that never change once a row exists, read once and kept: a driver's user (the row is made with it, and a
 * removed driver keeps it) and a ride's number (given at booking). Socket events name rooms by user and rides by
 * number; under a busy dispatch these look-ups were a statement per offer event (docs/architecture/jobs.md#driver-positions).
 */
const userOfDriver = new LRUCache<number, number>({ max: 10_000 });
const numberOfRide = new LRUCache<number, number>({ max: 10_000 });

/** The user behind a driver (their socket room), or undefined when no such driver exists. */
export async function driverUserId(driverId: number): Promise<number | undefined> {
  const kept = userOfDriver.get(driverId);
  if (kept !== undefined) return kept;
  const [row] = await (await getDb()).select({ userId: drivers.userId }).from(drivers).where(eq(drivers.id, driverId)).limit(1);
  if (row) userOfDriver.set(driverId, row.userId);
  return row?.userId;
}

/** A ride's number (what drivers and riders see), or undefined when no such ride exists. */
export async function rideNumber(rideId: number): Promise<number | undefined> {
  const kept = numberOfRide.get(rideId);
  if (kept !== undefined) return kept;
  const [row] = await (await getDb()).select({ number: rides.number }).from(rides).where(eq(rides.id, rideId)).limit(1);
  if (row) numberOfRide.set(rideId, row.number);
  return row?.number;
}
