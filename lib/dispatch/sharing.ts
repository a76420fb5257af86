import type { Ride } from '@/lib/db/schema';

/** Whether the rider of an accepted or on-trip ride sees its driver live: on trip, the driver set off, or pickup is within the lead. */
export function isShared(ride: Pick<Ride, 'status' | 'setOffAt' | 'pickupTime'>, shareLeadMinutes: number, now = Date.now()): boolean {
  if (ride.status === 'ontrip') return true;
  if (ride.status !== 'accepted') return false;
  return ride.setOffAt !== null || ride.pickupTime.getTime() - shareLeadMinutes * 60_000 <= now;
}
