import 'server-only';
import type { Db } from '@/lib/db/client';
import type { Job } from '@/lib/db/schema';
import { registerJobHandler } from '@/lib/jobs/queue';
import { checkRideFlight, FLIGHT_CHECK_JOB } from './ride-flight';

/** Server start-up: the scheduled looks at airport rides' flights run as durable jobs (lib/jobs/queue). */
export function registerFlightJobs(): void {
  registerJobHandler(FLIGHT_CHECK_JOB, async (db: Db, job: Job) => {
    await checkRideFlight(db, Number(job.payload.rideId));
  });
}
