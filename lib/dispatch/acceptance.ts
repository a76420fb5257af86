import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '@/lib/db/client';
import { rowsOf } from '@/lib/db/rows';
import { onOfferChange } from './offer-events';
import { ACCEPTANCE_DAYS } from './score';

/*
 * Each driver's answered offers over the last ACCEPTANCE_DAYS days (the score's acceptance rate) and the end of
 * their latest completed trip (the score's idle time), per operator, kept in the process: read for all its
 * drivers in one statement at most once a minute (REFRESH_MS), and counted on as this process's offers end
 * (accepted, declined, run out) and its rides complete. A ranking then costs no pass over
 * every driver's month of offers: at 500 drivers that pass was half of each offer round's time in the
 * database, and the latest trip's look-up most of the rest (docs/architecture/jobs.md#ranking). Offers
 * answered and trips completed on another instance count here from the next read, within a minute.
 */

export type OfferCounts = { accepted: number; total: number };

/** How long a read serves rankings, in wall time and in the rankings' own clock. */
export const REFRESH_MS = 60_000;

type Tally = { readAt: number; now: number; byDriver: Map<number, OfferCounts>; lastTrips: Map<number, number> };

const tallies = new LRUCache<number, Tally>({ max: 1_000 });
const reading = new Map<number, Promise<Tally>>();

const COUNTED = new Set(['accepted', 'declined', 'expired']);

onOfferChange(({ offer }) => {
  if (!COUNTED.has(offer.status)) return;
  const tally = tallies.get(offer.businessId);
  if (!tally) return;
  const counts = tally.byDriver.get(offer.driverId) ?? { accepted: 0, total: 0 };
  tally.byDriver.set(offer.driverId, { accepted: counts.accepted + Number(offer.status === 'accepted'), total: counts.total + 1 });
});

/** A trip of this process ended (lib/rides/offer-jobs.ts calls it on every completed ride): its driver idles from now on. */
export function noteTripEnded(businessId: number, driverId: number, endedAt: Date): void {
  const tally = tallies.get(businessId);
  if (!tally) return;
  tally.lastTrips.set(driverId, Math.max(tally.lastTrips.get(driverId) ?? -Infinity, endedAt.getTime()));
}

async function read(db: Db, businessId: number, now: Date): Promise<Tally> {
  const since = new Date(now.getTime() - ACCEPTANCE_DAYS * 86_400_000);
  // per driver, one pass over their 30 days of offers (the driver's index) and one probe of the completed-trips
  // index, not a scan of every operator's offers and trips
  const result = await db.execute(sql`
    select d.id as driver_id, counted.accepted, counted.answered, (extract(epoch from last_trip.ended_at) * 1000)::float8 as last_trip_ms
    from drivers d
    left join lateral (
      select (count(*) filter (where a.status = 'accepted'))::int as accepted,
        (count(*) filter (where a.status in ('accepted', 'declined', 'expired')))::int as answered
      from ride_offers a where a.driver_id = d.id and a.offered_at > ${since}
    ) counted on true
    left join lateral (
      select t.completed_at as ended_at from rides t
      where t.driver_id = d.id and t.status = 'completed' and t.completed_at is not null
      order by t.completed_at desc limit 1
    ) last_trip on true
    where d.business_id = ${businessId}`);
  const byDriver = new Map<number, OfferCounts>();
  const lastTrips = new Map<number, number>();
  for (const row of rowsOf(result)) {
    const driverId = Number(row.driver_id);
    if (Number(row.answered) > 0) byDriver.set(driverId, { accepted: Number(row.accepted), total: Number(row.answered) });
    if (row.last_trip_ms !== null && row.last_trip_ms !== undefined) lastTrips.set(driverId, Number(row.last_trip_ms));
  }
  return { readAt: Date.now(), now: now.getTime(), byDriver, lastTrips };
}

async function tallyOf(db: Db, businessId: number, now: Date): Promise<Tally> {
  const held = tallies.get(businessId);
  if (held && Date.now() - held.readAt < REFRESH_MS && Math.abs(now.getTime() - held.now) < REFRESH_MS) return held;
  let pending = reading.get(businessId);
  if (!pending) {
    pending = read(db, businessId, now).finally(() => reading.delete(businessId));
    reading.set(businessId, pending);
  }
  const tally = await pending;
  tallies.set(businessId, tally);
  return tally;
}

/** The operator's drivers' answered offers and when each one's latest completed trip ended (ms; absent: none). */
export async function driverTally(db: Db, businessId: number, now: Date): Promise<{ counts: Map<number, OfferCounts>; lastTrips: Map<number, number> }> {
  const tally = await tallyOf(db, businessId, now);
  return { counts: tally.byDriver, lastTrips: tally.lastTrips };
}
