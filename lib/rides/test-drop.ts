import { eq } from 'drizzle-orm';
import { env } from '@/lib/env';
import { logger } from '@/lib/log';
import { rides } from '@/lib/db/schema';
import type { Db } from '@/lib/db/client';

const holder = globalThis as typeof globalThis & { __travelsxBookingsCreated?: { count: number } };
const created = (holder.__travelsxBookingsCreated ??= { count: 0 });

/**
 * TEST ONLY (TEST_DROP_BOOKING=n, refused with NODE_ENV=production: lib/env.ts):
 * the nth booking this process creates is deleted again before its 201 goes
 * out, an acknowledged booking lost on purpose, so bench/faults.mjs and
 * bench/rolling.mjs can be seen to report a loss (issue 36, item 6). Does
 * nothing while the switch is off.
 */
export async function dropBookingForTest(db: Db, rideId: number): Promise<void> {
  const nth = env().TEST_DROP_BOOKING;
  if (!nth) return;
  created.count += 1;
  if (created.count !== nth) return;
  await db.delete(rides).where(eq(rides.id, rideId));
  logger.warn({ rideId, nth }, 'TEST_DROP_BOOKING: an acknowledged booking deleted on purpose');
}
