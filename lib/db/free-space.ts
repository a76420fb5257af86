import fs from 'node:fs';
import path from 'node:path';
import { keyedError } from '@/lib/errors/domain-error';
import { env } from '@/lib/env';
import { openDatabaseKind } from './client';

/** Free bytes for this process on the disk of `dir` (its nearest existing parent while it does not exist yet). */
export async function freeBytesAt(dir: string): Promise<number> {
  let at = path.resolve(dir);
  for (;;) {
    try {
      const stats = await fs.promises.statfs(at);
      return stats.bavail * stats.bsize;
    } catch (error) {
      const parent = path.dirname(at);
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || parent === at) throw error;
      at = parent;
    }
  }
}

/** How long one free-space reading is reused by the booking check (ms): a statfs per booking is cheap, but not needed. */
const CACHE_MS = 5_000;

let reading: { at: number; free: Promise<number> } | undefined;
let readFree: (dir: string) => Promise<number> = freeBytesAt;

/** Test seam: a free-space reading of the test's own (a nearly full disk); no argument restores statfs. Refused in production. */
export function setFreeSpaceForTests(replaced?: (dir: string) => Promise<number>): void {
  if (env().NODE_ENV === 'production') throw new Error('setFreeSpaceForTests is for tests only');
  readFree = replaced ?? freeBytesAt;
  reading = undefined;
}

/**
 * Refuses a new booking (503, Validation.bookingsPausedDiskLow) while the disk
 * of the embedded database's DATA_DIR has less than BOOKING_MIN_FREE_MB free:
 * PGlite's write-ahead log that cannot grow fails the write and can leave the
 * database spinning (lib/db/watchdog.ts), so bookings stop before the disk is
 * full rather than at it. On PostgreSQL the database's disk is the
 * database server's: nothing to read here.
 */
export async function refuseBookingOnLowDisk(now = Date.now()): Promise<void> {
  const { DATABASE_URL, DATA_DIR, BOOKING_MIN_FREE_MB } = env();
  if (!BOOKING_MIN_FREE_MB) return;
  // the database this process opened decides (a test process opens PGlite whatever DATABASE_URL says)
  if (((await openDatabaseKind()) ?? (DATABASE_URL ? 'postgres' : 'pglite')) !== 'pglite') return;
  if (!reading || now - reading.at > CACHE_MS) reading = { at: now, free: readFree(DATA_DIR) };
  let free: number;
  try {
    free = await reading.free;
  } catch {
    // unknown free space does not stop bookings: the write itself says whether it works
    return;
  }
  if (free < BOOKING_MIN_FREE_MB * 1024 * 1024)
    throw keyedError(
      'unavailable',
      'bookings_paused',
      'bookingsPausedDiskLow',
      'Bookings are paused for now: the server is low on disk space. Try again later.',
    );
}
