import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '@/lib/db/client';
import { rowsOf } from '@/lib/db/rows';
import { onOfferChange } from './offer-events';
import { ACCEPTANCE_DAYS } from './score';

/*
 * Each driver's answered offers over the last ACCEPTANCE_DAYS days (the score's acceptance rate), per operator,
 * kept in the process: read for all its drivers in one statement at most once a minute (REFRESH_MS), and
 * counted on as this process's offers end (accepted, declined, run out). A ranking then costs no pass over
 * every driver's month of offers: at 500 drivers that pass was half of each offer round's time in the
 * database (docs/architecture/jobs.md#ranking). Offers answered on another instance count here from the
 * next read, within a minute.
 */

export type OfferCounts = { accepted: number; total: number };

/** How long a read serves rankings, in wall time and in the rankings' own clock. */
export const REFRESH_MS = 60_000;

type Tally = { readAt: number; now: number; byDriver: Map<number, OfferCounts> };

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

async function read(db: Db, businessId: number, now: Date): Promise<Tally> {
  const since = new Date(now.getTime() - ACCEPTANCE_DAYS * 86_400_000);
  // per driver, one pass over their 30 days of offers (the driver's index), not a scan of every operator's offers
  const result = await db.execute(sql`
    select d.id as driver_id, counted.accepted, counted.answered
    from drivers d
    join lateral (
      select (count(*) filter (where a.status = 'accepted'))::int as accepted,
        (count(*) filter (where a.status in ('accepted', 'declined', 'expired')))::int as answered
      from ride_offers a where a.driver_id = d.id and a.offered_at > ${since}
    ) counted on counted.answered > 0
    where d.business_id = ${businessId}`);
  const byDriver = new Map<number, OfferCounts>();
  for (const row of rowsOf(result)) byDriver.set(Number(row.driver_id), { accepted: Number(row.accepted), total: Number(row.answered) });
  return { readAt: Date.now(), now: now.getTime(), byDriver };
}

/** The operator's drivers' answered offers over the ACCEPTANCE_DAYS days before `now` (a driver with none is absent). */
export async function acceptanceCounts(db: Db, businessId: number, now: Date): Promise<Map<number, OfferCounts>> {
  const held = tallies.get(businessId);
  if (held && Date.now() - held.readAt < REFRESH_MS && Math.abs(now.getTime() - held.now) < REFRESH_MS) return held.byDriver;
  let pending = reading.get(businessId);
  if (!pending) {
    pending = read(db, businessId, now).finally(() => reading.delete(businessId));
    reading.set(businessId, pending);
  }
  const tally = await pending;
  tallies.set(businessId, tally);
  return tally.byDriver;
}

/** Forgets every kept tally (tests that write offers directly). */
export function forgetAcceptanceCounts(): void {
  tallies.clear();
}
