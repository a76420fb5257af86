import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { env } from '@/lib/env';

export type RateDecision = { allowed: boolean; count: number; retryAfterSeconds: number };

/**
 * Counts one hit on `key` in a fixed window and says whether it is within
 * `limit`. One statement, so concurrent instances count correctly. With
 * RATE_LIMITS=off (load tests) nothing is counted and everything is allowed.
 */
export async function hitRateLimit(db: Db, key: string, limit: number, windowMs: number): Promise<RateDecision> {
  if (env().RATE_LIMITS === 'off') return { allowed: true, count: 0, retryAfterSeconds: 0 };
  const windowSeconds = windowMs / 1000;
  const result = await db.execute<{ count: number; window_start: string | Date }>(sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}) then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}) then now() else rate_limits.window_start end
    returning count, window_start`);
  const row = (result as unknown as { rows: { count: number; window_start: string | Date }[] }).rows[0];
  const count = Number(row.count);
  const started = new Date(row.window_start).getTime();
  const retryAfterSeconds = Math.max(1, Math.ceil((started + windowMs - Date.now()) / 1000));
  return { allowed: count <= limit, count, retryAfterSeconds };
}
