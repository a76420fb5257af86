import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { env } from '@/lib/env';

export type RateDecision = { allowed: boolean; count: number; retryAfterSeconds: number };

type Bumped = { count: number; retryAfterSeconds: number };

/**
 * Adds one to the fixed-window counter `key` (a new window starts when the
 * last one is over) and answers the count in the current window. One
 * statement, so concurrent instances count correctly; inside a transaction
 * the row stays locked until it ends.
 */
export async function bumpCounter(db: Db, key: string, windowMs: number): Promise<Bumped> {
  const windowSeconds = windowMs / 1000;
  const result = await db.execute<{ count: number; window_start: string | Date }>(sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}) then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}) then now() else rate_limits.window_start end
    returning count, window_start`);
  return bumped((result as unknown as { rows: { count: number; window_start: string | Date }[] }).rows[0], windowMs, Date.now());
}

/** A counter's row as its count and the seconds until its window ends (at least 1). */
function bumped(row: { count: number; window_start: string | Date }, windowMs: number, now: number): Bumped {
  const started = new Date(row.window_start).getTime();
  return { count: Number(row.count), retryAfterSeconds: Math.max(1, Math.ceil((started + windowMs - now) / 1000)) };
}

/**
 * bumpCounter for several counters, each with its own window, in one
 * statement (one round trip instead of one each); the counts by key. The rows
 * are locked in the order given, so callers that give their keys in one order
 * never deadlock; inside a transaction they stay locked until it ends. The keys
 * must differ.
 */
export async function bumpCounters(db: Db, counters: readonly { key: string; windowMs: number }[]): Promise<Map<string, Bumped>> {
  const keys = sql.join(
    counters.map((c) => sql`${c.key}`),
    sql`, `,
  );
  const seconds = sql.join(
    counters.map((c) => sql`${c.windowMs / 1000}`),
    sql`, `,
  );
  const result = await db.execute<{ key: string; count: number; window_start: string | Date }>(sql`
    with input as (
      select * from unnest(array[${keys}]::text[], array[${seconds}]::float8[]) with ordinality as i(key, secs, n)
    )
    insert into rate_limits as r (key, window_start, count)
    select key, now(), 1 from input order by n
    on conflict (key) do update set
      count = case when r.window_start <= now() - make_interval(secs => (select secs from input where input.key = excluded.key)) then 1 else r.count + 1 end,
      window_start = case when r.window_start <= now() - make_interval(secs => (select secs from input where input.key = excluded.key)) then now() else r.window_start end
    returning r.key, r.count, r.window_start`);
  const rows = (result as unknown as { rows: { key: string; count: number; window_start: string | Date }[] }).rows;
  const windows = new Map(counters.map((c) => [c.key, c.windowMs]));
  const now = Date.now();
  return new Map(rows.map((row) => [row.key, bumped(row, windows.get(row.key)!, now)]));
}

/** When the current window of `key` ends, if it already counts `max` or more; undefined when another hit fits. Reads only. */
export async function counterFullUntil(db: Db, key: string, max: number, windowMs: number): Promise<Date | undefined> {
  const result = await db.execute<{ count: number; window_start: string | Date }>(sql`
    select count, window_start from rate_limits
    where key = ${key} and window_start > now() - make_interval(secs => ${windowMs / 1000})`);
  const row = (result as unknown as { rows: { count: number; window_start: string | Date }[] }).rows[0];
  if (!row || Number(row.count) < max) return undefined;
  return new Date(new Date(row.window_start).getTime() + windowMs);
}

/**
 * Counts one hit on `key` in a fixed window and says whether it is within
 * `limit`. With RATE_LIMITS=off (load tests) nothing is counted and
 * everything is allowed.
 */
export async function hitRateLimit(db: Db, key: string, limit: number, windowMs: number): Promise<RateDecision> {
  if (env().RATE_LIMITS === 'off') return { allowed: true, count: 0, retryAfterSeconds: 0 };
  const { count, retryAfterSeconds } = await bumpCounter(db, key, windowMs);
  return { allowed: count <= limit, count, retryAfterSeconds };
}
