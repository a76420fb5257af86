import { sql } from 'drizzle-orm';
import { rowsOf } from '@/lib/db/rows';
import type { Db } from '@/lib/db/client';
import { drivers, rides, type Driver, type RideStatus } from '@/lib/db/schema';
import { DomainError } from '@/lib/errors/domain-error';
import { judgeFix, type FixVerdict } from '@/lib/dispatch/positions';
import { dispatchSettingsOf } from '@/lib/dispatch/settings';
import { isShared } from '@/lib/dispatch/sharing';
import { logger } from '@/lib/log';
import { admitted } from './identity';
import type { DriverLocation } from './schemas';

/** A live (accepted or on-trip, LIVE_STATUSES) ride as json_build_object gives it: timestamps as ISO text. */
type LiveRow = { id: number; number: number; status: RideStatus; setOffAt: string | null; pickupTime: string };

export type LocationResult =
  | { stored: true; driverId: number; at: Date; rides: { id: number; number: number }[] }
  | { stored: false; driverId: number; verdict: Exclude<FixVerdict, 'ok'> };

/** One driver's position to store: the business and user from the driver's session, the fix from the app. */
export type LocationEntry = { businessId: number; userId: number; point: DriverLocation };

/** A JSON column as either driver gives it (node-postgres parses json, PGlite may give the text). */
const json = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

type DriverState = {
  id: number;
  accountStatus: Driver['accountStatus'];
  online: boolean;
  previous: { lat: number; lng: number; at: Date } | null;
  live: { id: number; number: number; status: RideStatus; setOffAt: Date | null; pickupTime: Date }[];
};

/*
 * Positions arrive from every driver on shift (500 drivers every 5 s is 100 a second): the positions waiting
 * are stored together, the drivers and their live rides read in one statement and the new positions written
 * in another, the same two statement texts whatever the number (arrays, not a list of values), so they stay
 * prepared (docs/architecture/jobs.md#driver-positions).
 */
async function driverStates(db: Db, keys: { businessId: number; userId: number }[]): Promise<Map<string, DriverState>> {
  const result = await db.execute(sql`
    select d.business_id, d.user_id, d.id, d.account_status, d.online, d.lat, d.lng,
      (extract(epoch from d.located_at) * 1000)::float8 as located_ms,
      coalesce((
        select json_agg(json_build_object('id', r.id, 'number', r.number, 'status', r.status, 'setOffAt', r.set_off_at, 'pickupTime', r.pickup_time))
        from ${rides} r
        where r.business_id = d.business_id and r.driver_id = d.id and r.status in ('accepted', 'ontrip')
      ), '[]'::json) as live
    from ${drivers} d
    join unnest(${sql.param(keys.map((k) => k.businessId))}::int[], ${sql.param(keys.map((k) => k.userId))}::int[]) as w(business_id, user_id)
      on d.business_id = w.business_id and d.user_id = w.user_id
    where d.removed_at is null`);
  const states = new Map<string, DriverState>();
  for (const row of rowsOf(result)) {
    const lat = row.lat === null ? null : Number(row.lat);
    const lng = row.lng === null ? null : Number(row.lng);
    const locatedMs = row.located_ms === null ? null : Number(row.located_ms);
    states.set(`${Number(row.business_id)}:${Number(row.user_id)}`, {
      id: Number(row.id),
      accountStatus: String(row.account_status) as Driver['accountStatus'],
      online: row.online === true || row.online === 't',
      previous: lat !== null && lng !== null && locatedMs !== null ? { lat, lng, at: new Date(locatedMs) } : null,
      live: json<LiveRow[]>(row.live).map((ride) => ({
        id: ride.id,
        number: ride.number,
        status: ride.status,
        setOffAt: ride.setOffAt === null ? null : new Date(ride.setOffAt),
        pickupTime: new Date(ride.pickupTime),
      })),
    });
  }
  return states;
}

/**
 * Stores each signed-in driver's position (their own row only: the driver is
 * found from the session, never from the input) while they are online or on
 * an accepted or on-trip ride; answers, per entry and in order, the rides
 * whose rider sees it live, or the refusal (a DomainError: not a driver here,
 * blocked, not sharing). A fix that cannot be true (lib/dispatch/positions) is
 * logged and ignored. Two fixes of one driver are judged one after the other.
 * No 'server-only' here: the socket server calls it.
 */
export async function recordDriverLocations(db: Db, entries: LocationEntry[], now = new Date()): Promise<(LocationResult | DomainError)[]> {
  if (!entries.length) return [];
  const states = await driverStates(db, entries);
  const newest = new Map<number, { businessId: number; lat: number; lng: number; at: Date }>();
  const settings = new Map<number, number>();
  const results: (LocationResult | DomainError)[] = [];
  for (const { businessId, userId, point } of entries) {
    const state = states.get(`${businessId}:${userId}`);
    try {
      const driver = admitted(state);
      if (!driver.online && !driver.live.length) throw new DomainError('conflict', 'not_sharing', 'Go online to share your location with your operator.');
      const at = point.at === undefined ? now : new Date(point.at);
      const verdict = judgeFix(driver.previous, { lat: point.lat, lng: point.lng, at }, now);
      if (verdict !== 'ok') {
        logger.warn({ businessId, driverId: driver.id, verdict, lat: point.lat, lng: point.lng, at: at.toISOString() }, 'driver position ignored');
        results.push({ stored: false, driverId: driver.id, verdict });
        continue;
      }
      driver.previous = { lat: point.lat, lng: point.lng, at };
      newest.set(driver.id, { businessId, lat: point.lat, lng: point.lng, at });
      if (!settings.has(businessId)) settings.set(businessId, (await dispatchSettingsOf(db, businessId)).shareLeadMinutes);
      const shared = driver.live.filter((ride) => isShared(ride, settings.get(businessId)!, now.getTime()));
      results.push({ stored: true, driverId: driver.id, at, rides: shared.map(({ id, number }) => ({ id, number })) });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      results.push(error);
    }
  }
  if (newest.size) {
    const rows = [...newest];
    await db.execute(sql`
      update ${drivers} d set lat = w.lat, lng = w.lng, located_at = w.at
      from unnest(${sql.param(rows.map(([id]) => id))}::int[], ${sql.param(rows.map(([, p]) => p.businessId))}::int[], ${sql.param(rows.map(([, p]) => p.lat))}::float8[],
        ${sql.param(rows.map(([, p]) => p.lng))}::float8[], ${sql.param(rows.map(([, p]) => p.at.toISOString()))}::timestamptz[]) as w(id, business_id, lat, lng, at)
      where d.id = w.id and d.business_id = w.business_id`);
  }
  return results;
}

/** One driver's position (recordDriverLocations for one entry): the result, or the refusal thrown. */
export async function recordDriverLocation(db: Db, businessId: number, userId: number, point: DriverLocation, now = new Date()): Promise<LocationResult> {
  const [result] = await recordDriverLocations(db, [{ businessId, userId, point }], now);
  if (result instanceof DomainError) throw result;
  return result;
}
