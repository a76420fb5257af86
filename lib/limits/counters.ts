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
  const row = (result as unknown as { rows: { count: number; window_start: string | Date }[] }).rows[0];
  const started = new Date(row.window_start).getTime();
  return { count: Number(row.count), retryAfterSeconds: Math.max(1, Math.ceil((started + windowMs - Date.now()) / 1000)) };
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
