import { sql, type SQL } from 'drizzle-orm';
import { openDatabaseKind, type Db } from '@/lib/db/client';
import { type OfferReason, type Ride, type VehicleType } from '@/lib/db/schema';
import { rowsOf } from '@/lib/db/rows';
import { VEHICLE_CLASS_RANK } from '@/lib/booking/vehicle-classes';
import { VEHICLE_TYPES } from '@/lib/booking/vocabulary';
import { scoreDriver } from './score';
import { acceptanceCounts } from './acceptance';
import { HOLDING, overlapping } from './windows';

/*
 * The drivers a ride may be offered to, best first: verified, online, their
 * travel company not blocked, licence valid, with their own vehicle live,
 * online, papers valid and of the booked class (or larger when the operator
 * allows upgrades), neither holding a ride whose window overlaps this one,
 * not offered this ride before and holding no other pending offer.
 */

export type Candidate = { driverId: number; vehicleId: number; vehicleType: VehicleType; name: string; reason: OfferReason };

/** Classes a ride booked as `booked` may be offered in. */
export function offerableTypes(booked: VehicleType, allowUpgrades: boolean): VehicleType[] {
  return VEHICLE_TYPES.filter((t) => t === booked || (allowUpgrades && VEHICLE_CLASS_RANK[t] > VEHICLE_CLASS_RANK[booked]));
}

export type CandidateQuery = {
  ride: Ride;
  window: { start: Date; end: Date };
  bufferMinutes: number;
  allowUpgrades: boolean;
  today: string;
  now: Date;
  /** Offers (the default) leave out drivers offered this ride before or holding another offer; the console's suggestions do not. */
  forOffer?: boolean;
  /** The transaction's planner settings were turned already (`rankingPlannerColumn`, an offer round). */
  plannerSet?: boolean;
};

/**
 * Runs the ranking with nested-loop joins off (hash joins instead), but for the per-driver look-ups, which
 * must loop. The planner's choice rests on table statistics: on a fleet or rides table that grew since it
 * last analyzed (a new operator's first busy hour; autovacuum looks once a minute) it believed them nearly
 * empty and joined every driver to every vehicle and every held ride, 216 ms a round in the dispatch bench
 * instead of 9 ms, which put the offers 40 s behind (PostgreSQL only).
 */
async function withoutNestedLoops(db: Db, query: SQL, plannerSet = false): Promise<unknown> {
  // PGlite: one connection runs one round at a time and lib/db/maintenance.ts keeps its statistics; the two
  // settings' statements would only add their own time. An offer round turned them in its first statement.
  if (plannerSet || (await openDatabaseKind()) !== 'postgres') return db.execute(query);
  // and no JIT: the planner's penalty on the loops it must keep makes the plan look costly enough to compile (0.7 s).
  // Local to the round's transaction (outside one, as for the console's suggestions, they change nothing), and
  // put back as they were.
  const [before] = rowsOf(
    await db.execute(
      sql`select current_setting('enable_nestloop') as nestloop, current_setting('jit') as jit, set_config('enable_nestloop', 'off', true), set_config('jit', 'off', true)`,
    ),
  );
  try {
    return await db.execute(query);
  } finally {
    await db.execute(sql`select set_config('enable_nestloop', ${String(before.nestloop)}, true), set_config('jit', ${String(before.jit)}, true)`);
  }
}

/**
 * The ranking's planner settings as a column of a statement the caller runs earlier in the same transaction
 * (an offer round's first statement, sparing the two of withoutNestedLoops): nested loops and JIT off until
 * the transaction ends; nothing on PGlite. The caller then ranks with `plannerSet` and runs no join after it.
 */
export async function rankingPlannerColumn(): Promise<SQL> {
  return (await openDatabaseKind()) === 'postgres' ? sql`set_config('enable_nestloop', 'off', true) || set_config('jit', 'off', true)` : sql`''`;
}

/** A number from a raw row (drivers give numbers or numeric strings), or null. */
const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/*
 * One statement, written as SQL text with only values put in: built from drizzle's column objects it cost
 * the server about 8 ms of CPU per round at 500 drivers (drizzle checks each column and fragment while
 * building, ~60 % of a round's time in Node), which at 20 bookings a second on one core was the offer
 * queue's wall (docs/architecture/jobs.md#dispatch-jobs). tests/unit/lib/dispatch/ranking-500.test.ts holds
 * it to the documented order, recomputed from the raw rows.
 */
export async function rankCandidates(db: Db, q: CandidateQuery): Promise<Candidate[]> {
  const { ride } = q;
  const types = sql.join(
    offerableTypes(ride.vehicleType, q.allowUpgrades).map((t) => sql`${t}`),
    sql`, `,
  );
  const holding = sql.join(
    HOLDING.map((s) => sql`${s}`),
    sql`, `,
  );
  const overlap = overlapping(q.window, q.bufferMinutes);
  const held = (column: SQL) =>
    sql`not exists (select 1 from rides where rides.business_id = ${ride.businessId} and ${column}
      and rides.status in (${holding}) and rides.id <> ${ride.id} and ${overlap})`;
  const offerFilter =
    q.forOffer === false
      ? sql``
      : sql`and not exists (select 1 from ride_offers o where o.driver_id = d.id and (o.ride_id = ${ride.id} or o.status = 'pending'))`;
  const result = await withoutNestedLoops(
    db,
    sql`
    select d.id as driver_id, d.name, v.id as vehicle_id, v.vehicle_type, d.lat, d.lng,
      (extract(epoch from d.located_at) * 1000)::float8 as located_ms,
      (extract(epoch from d.online_at) * 1000)::float8 as online_ms,
      (extract(epoch from last_trip.ended_at) * 1000)::float8 as last_trip_ms
    from drivers d
    join vehicles v on v.id = d.vehicle_id and v.business_id = ${ride.businessId}
    left join agencies ag on ag.id = d.agency_id and ag.business_id = ${ride.businessId}
    -- per driver, one probe of the completed-trips index for the latest end (the offers answered: acceptanceCounts)
    left join lateral (
      select t.completed_at as ended_at from rides t
      where t.driver_id = d.id and t.status = 'completed' and t.completed_at is not null
      order by t.completed_at desc limit 1
    ) last_trip on true
    where d.business_id = ${ride.businessId} and d.removed_at is null and d.account_status = 'Verified' and d.online = true
      and (d.agency_id is null or (ag.removed_at is null and ag.account_status <> 'Blocked'))
      and (d.licence_expires_on is null or d.licence_expires_on >= ${q.today})
      and v.removed_at is null and v.online = true
      and (v.permit_expires_on is null or v.permit_expires_on >= ${q.today})
      and (v.insurance_expires_on is null or v.insurance_expires_on >= ${q.today})
      and (v.fitness_expires_on is null or v.fitness_expires_on >= ${q.today})
      and v.vehicle_type in (${types})
      ${offerFilter}
      and ${held(sql`rides.driver_id = d.id`)}
      and ${held(sql`rides.vehicle_id = d.vehicle_id`)}`,
    q.plannerSet,
  );
  const answered = await acceptanceCounts(db, ride.businessId, q.now);
  const candidates = rowsOf(result).map((row) => {
    const lastTripMs = num(row.last_trip_ms);
    const onlineMs = num(row.online_ms);
    const idleMs = Math.max(onlineMs ?? -Infinity, lastTripMs ?? -Infinity);
    const lat = num(row.lat);
    const lng = num(row.lng);
    const locatedMs = num(row.located_ms);
    const position = lat !== null && lng !== null && locatedMs !== null ? { lat, lng, at: new Date(locatedMs) } : null;
    return {
      driverId: Number(row.driver_id),
      vehicleId: Number(row.vehicle_id),
      vehicleType: row.vehicle_type as VehicleType,
      name: String(row.name),
      reason: scoreDriver(
        { position, idleSince: Number.isFinite(idleMs) ? new Date(idleMs) : null, offers: answered.get(Number(row.driver_id)) ?? { accepted: 0, total: 0 } },
        ride.pickup,
        q.now,
      ),
    };
  });
  // compareReasons' order as one number per driver (every fresh position first), sorted without calling it per pair
  const keyed = candidates.map((c) => ({ c, key: (c.reason.roadKm === null ? UNPLACED : 0) + c.reason.score }));
  keyed.sort((a, b) => a.key - b.key || a.c.driverId - b.c.driverId);
  return keyed.map((k) => k.c);
}

/** Added to the score of a driver with no fresh position: after every driver with one (scores are kilometres). */
const UNPLACED = 1e9;
