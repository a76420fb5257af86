import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { rowsOf } from '@/lib/db/rows';
import { env } from '@/lib/env';
import { logger } from '@/lib/log';
import { enqueueJob, registerJobHandler } from './queue';

/**
 * Retention (issue 35 §7: stored quotes were never purged): once a day a job
 * deletes what nobody can use any more, older than RETENTION_DAYS:
 * - quotes no ride was booked from (a quote is bookable for 30 minutes,
 *   lib/fares/quote.ts; a booked one stays with its ride);
 * - anonymous web chat sessions (no signed-in user, no message since), with
 *   their messages. Signed-in riders' conversations and WhatsApp ones stay.
 * The job is durable (lib/jobs/queue.ts): one per UTC day by its key, so it
 * runs once however many instances start; each run queues the next day's.
 */
export const RETENTION_JOB = 'retention-purge';
const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 5_000;

const dayKey = (at: Date) => `${RETENTION_JOB}:${at.toISOString().slice(0, 10)}`;

export type Purged = { quotes: number; chatSessions: number };

async function deleteInBatches(db: Db, statement: () => ReturnType<typeof sql>): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = rowsOf(await db.execute(statement())).length;
    total += deleted;
    if (deleted < BATCH) return total;
  }
}

/** Deletes unbooked quotes and anonymous web chat sessions older than `days` (RETENTION_DAYS by default) before `now`. */
export async function purgeExpired(db: Db, options: { days?: number; now?: Date } = {}): Promise<Purged> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - (options.days ?? env().RETENTION_DAYS) * DAY_MS);
  const quotes = await deleteInBatches(
    db,
    () => sql`delete from quotes where id in (
      select q.id from quotes q
      where q.created_at < ${cutoff} and q.expires_at < ${now}
        and not exists (select 1 from rides r where r.quote_id = q.id)
      limit ${BATCH}) returning id`,
  );
  const chatSessions = await deleteInBatches(
    db,
    () => sql`delete from chat_sessions where id in (
      select s.id from chat_sessions s
      where s.channel = 'web' and s.user_id is null and s.updated_at < ${cutoff}
        and not exists (select 1 from chat_messages m where m.session_id = s.id and m.created_at >= ${cutoff})
      limit ${BATCH}) returning id`,
  );
  return { quotes, chatSessions };
}

/** Queues today's purge (a no-op when queued already) and registers its handler; server.ts calls it at start. */
export async function scheduleRetention(db: Db, now = new Date()): Promise<void> {
  registerJobHandler(RETENTION_JOB, async (jobDb) => {
    const purged = await purgeExpired(jobDb);
    if (purged.quotes || purged.chatSessions) logger.info({ ...purged, days: env().RETENTION_DAYS }, 'retention: purged old quotes and anonymous chats');
    const next = new Date(Date.now() + DAY_MS);
    await enqueueJob(jobDb, { kind: RETENTION_JOB, key: dayKey(next), runAt: next });
  });
  await enqueueJob(db, { kind: RETENTION_JOB, key: dayKey(now), runAt: now });
}
