import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/db/client';
import { rateCards, rideFlights, type Ride } from '@/lib/db/schema';
import { waitingRulesOf } from './settings';
import { waitingCharge, waitingStartsAt, type WaitingCharge } from './waiting';

/**
 * The waiting charge of a ride whose trip starts now or started at
 * `startedAt`: counted from the flight's landing (or the pickup time), once
 * the driver said they are at the meeting point, to the trip's start; or the
 * minutes waited the driver or operator recorded. Free minutes per the
 * operator's rules for the trip kind, each started block after them at the
 * vehicle's rate card charge. Without either, nothing is charged.
 */
export async function rideWaiting(db: Db | Tx, ride: Ride, startedAt: Date, recordedMinutes?: number): Promise<WaitingCharge> {
  const [rules, [card], [flight]] = await Promise.all([
    waitingRulesOf(db, ride.businessId),
    db
      .select({ waitingCharge: rateCards.waitingCharge })
      .from(rateCards)
      .where(and(eq(rateCards.businessId, ride.businessId), eq(rateCards.vehicleType, ride.vehicleType)))
      .limit(1),
    db.select({ landedAt: rideFlights.landedAt }).from(rideFlights).where(eq(rideFlights.rideId, ride.id)).limit(1),
  ]);
  const due = flight?.landedAt ?? ride.pickupTime;
  const counted = waitingStartsAt({ pickupTime: ride.pickupTime, landedAt: flight?.landedAt, driverArrivedAt: ride.driverArrivedAt });
  const [from, until] =
    recordedMinutes !== undefined ? [due, new Date(due.getTime() + recordedMinutes * 60_000)] : counted ? [counted, startedAt] : [startedAt, startedAt];
  return waitingCharge({
    from,
    startedAt: until,
    freeMinutes: rules.freeMinutes[ride.tripKind],
    blockMinutes: rules.blockMinutes,
    perBlock: card?.waitingCharge ?? 0,
  });
}
