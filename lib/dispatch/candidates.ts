import { sql, type SQL } from 'drizzle-orm';
import { openDatabaseKind, type Db } from '@/lib/db/client';
import { type OfferReason, type Ride, type VehicleType } from '@/lib/db/schema';
import { rowsOf } from '@/lib/db/rows';
import { VEHICLE_CLASS_RANK } from '@/lib/booking/vehicle-classes';
import { VEHICLE_TYPES } from '@/lib/booking/vocabulary';
import { ACCEPTANCE_WEIGHT_KM, IDLE_CAP_MINUTES, IDLE_MINUTES_PER_KM, POSITION_FRESH_MINUTES, scoreDriver } from './score';
import { EARTH_RADIUS_M, ROAD_FACTOR } from '@/lib/road-distance/estimate';
import { driverTally } from './acceptance';
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
 * Runs the ranking with nested-loop joins off (hash joins instead). The planner's choice rests on table
 * statistics: on a fleet or rides table that grew since it last analyzed (a new operator's first busy hour;
 * autovacuum looks once a minute) it believed them nearly empty and joined every driver to every vehicle and
 * every held ride, 216 ms a round in the dispatch bench
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
      sql`select current_setting('enable_nestloop') as nestloop, current_setting('jit') as jit, current_setting('plan_cache_mode') as plans,
        set_config('enable_nestloop', 'off', true), set_config('jit', 'off', true), set_config('plan_cache_mode', 'force_generic_plan', true)`,
    ),
  );
  try {
    return await db.execute(query);
  } finally {
    await db.execute(
      sql`select set_config('enable_nestloop', ${String(before.nestloop)}, true), set_config('jit', ${String(before.jit)}, true),
        set_config('plan_cache_mode', ${String(before.plans)}, true)`,
    );
  }
}

/**
 * The ranking's planner settings as a column of a statement the caller runs earlier in the same transaction
 * (an offer round's first statement, sparing the two of withoutNestedLoops): nested loops and JIT off until
 * the transaction ends (PostgreSQL), and the kept (generic) plan of a prepared statement used however its
 * estimate compares with a fresh one's (both databases). The caller then ranks with `plannerSet` and runs no
 * join after it.
 *
 * The generic plan: the ranking's statement is prepared (lib/db/pg-statements.ts), and PostgreSQL plans a
 * prepared statement afresh on every call while its kept plan's estimate is the higher one, which the
 * nested-loop penalty and the counts' arrays made it always: 7.7 ms of planning a call in bench/dispatch.mjs
 * for a ranking that runs in 5 (docs/architecture/jobs.md#ranking).
 */
export async function rankingPlannerColumn(): Promise<SQL> {
  const generic = sql`set_config('plan_cache_mode', 'force_generic_plan', true)`;
  return (await openDatabaseKind()) === 'postgres' ? sql`set_config('enable_nestloop', 'off', true) || set_config('jit', 'off', true) || ${generic}` : generic;
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
  return rank(db, q);
}

/** Rows fetched beyond the `n` asked of rankTop: the database's order and the score's rounding may differ by a hair at the cut. */
const TOP_MARGIN = 8;

/**
 * The best `n` candidates (and a few more), in the same order as rankCandidates: the database orders the
 * drivers by the same score and sends only those, instead of every eligible driver for the server to score
 * (at 500 drivers, 465 rows a round). `complete` says the list holds every candidate there is.
 */
export async function rankTop(db: Db, q: CandidateQuery, n: number): Promise<{ candidates: Candidate[]; complete: boolean }> {
  const candidates = await rank(db, q, n + TOP_MARGIN);
  return { candidates, complete: candidates.length < n + TOP_MARGIN };
}

/** The score of lib/dispatch/score.ts in SQL (float8), the order key of rankTop: fresh positions first (compareReasons). */
function scoreSql(q: CandidateQuery): SQL {
  const { lat, lng } = q.ride.pickup;
  const freshSince = new Date(q.now.getTime() - POSITION_FRESH_MINUTES * 60_000);
  const km = sql`(2 * ${EARTH_RADIUS_M}::float8 * asin(least(1, sqrt(power(sin(radians(${lat}::float8 - d.lat) / 2), 2)
      + cos(radians(d.lat)) * cos(radians(${lat}::float8)) * power(sin(radians(${lng}::float8 - d.lng) / 2), 2)))) * ${ROAD_FACTOR}::float8 / 1000)`;
  const idleMinutes = sql`coalesce(greatest(0, floor((${q.now.getTime()}::float8
      - greatest(extract(epoch from d.online_at) * 1000, c.last_trip_ms)) / 60000)), 0)`;
  return sql`(case when d.lat is not null and d.lng is not null and d.located_at >= ${freshSince}::timestamptz then ${km} else ${UNPLACED}::float8 end)
      + ${ACCEPTANCE_WEIGHT_KM}::float8 * (1 - (coalesce(c.accepted, 0) + 1)::float8 / (coalesce(c.total, 0) + 2))
      - least(${idleMinutes}, ${IDLE_CAP_MINUTES}) / ${IDLE_MINUTES_PER_KM}::float8`;
}

async function rank(db: Db, q: CandidateQuery, limit?: number): Promise<Candidate[]> {
  const { ride } = q;
  // the offers answered and the latest trip's end per driver (lib/dispatch/acceptance.ts): no look-up per driver here
  const { counts: answered, lastTrips } = await driverTally(db, ride.businessId, q.now);
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
  // rankTop: the score's counts and trip ends go in as arrays (only drivers with either), the order key comes out
  const known = [...new Set([...answered.keys(), ...lastTrips.keys()])];
  const ordered = limit !== undefined;
  const tally = ordered
    ? sql`left join unnest(${sql.param(known)}::int[], ${sql.param(known.map((id) => answered.get(id)?.accepted ?? 0))}::int[],
        ${sql.param(known.map((id) => answered.get(id)?.total ?? 0))}::int[], ${sql.param(known.map((id) => lastTrips.get(id) ?? null))}::float8[])
        as c(driver_id, accepted, total, last_trip_ms) on c.driver_id = d.id`
    : sql``;
  const select = sql`
    select d.id as driver_id, d.name, v.id as vehicle_id, v.vehicle_type, d.lat, d.lng,
      (extract(epoch from d.located_at) * 1000)::float8 as located_ms,
      (extract(epoch from d.online_at) * 1000)::float8 as online_ms
      ${ordered ? sql`, ${scoreSql(q)} as rank_key` : sql``}
    from drivers d
    join vehicles v on v.id = d.vehicle_id and v.business_id = ${ride.businessId}
    left join agencies ag on ag.id = d.agency_id and ag.business_id = ${ride.businessId}
    ${tally}
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
      and ${held(sql`rides.vehicle_id = d.vehicle_id`)}`;
  const result = await withoutNestedLoops(
    db,
    // columns named, not `*`: a statement that takes its columns from elsewhere is never prepared (lib/db/pg-statements.ts)
    ordered
      ? sql`select driver_id, name, vehicle_id, vehicle_type, lat, lng, located_ms, online_ms
          from (${select}) ranked order by rank_key, driver_id limit ${limit}`
      : select,
    q.plannerSet,
  );
  const candidates = rowsOf(result).map((row) => {
    const lastTripMs = lastTrips.get(Number(row.driver_id)) ?? null;
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
