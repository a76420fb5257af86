import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { rides } from '@/lib/db/schema';
import { notFound } from '@/lib/errors/domain-error';
import { pathId } from '@/lib/http/params';

/*
 * A ride is addressed from outside by its number within the operator
 * (`rides.number`: 1, 2, 3, ... per business). The tenant always comes from
 * the Host, so (tenant, number) names one ride; the database id never leaves
 * the server. These turn a number from a path, body or socket message into
 * the row id the domain functions take.
 */

/** The database id of this operator's ride number `number`, or undefined. */
export async function rideIdOf(db: Db, businessId: number, number: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: rides.id })
    .from(rides)
    .where(and(eq(rides.businessId, businessId), eq(rides.number, number)))
    .limit(1);
  return row?.id;
}

/** The database id of the ride a path segment numbers ("42"), or 404 "This ride was not found." */
export async function rideIdFromPath(db: Db, businessId: number, segment: string | undefined): Promise<number> {
  const number = pathId(segment);
  const id = number === undefined ? undefined : await rideIdOf(db, businessId, number);
  if (id === undefined) throw notFound('This ride was not found.');
  return id;
}

/** As rideIdFromPath for a number from a body or message (already validated as a positive integer). */
export async function rideIdOrNotFound(db: Db, businessId: number, number: number): Promise<number> {
  const id = await rideIdOf(db, businessId, number);
  if (id === undefined) throw notFound('This ride was not found.');
  return id;
}
