import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { jobs, type Job } from '@/lib/db/schema';
import { fromRow, rowsOf } from '@/lib/db/rows';
import { logger } from '@/lib/log';

/**
 * A durable job queue in the database. A job is unique by `key` (queueing the
 * same key twice keeps the first), waits until `runAt`, and is claimed by one
 * poller at a time with FOR UPDATE SKIP LOCKED: with several instances on one
 * database each job runs once. A job left `running` by a process that died is
 * claimed again after STALE_MS (at least once, never lost).
 */

export type JobHandler = (db: Db, job: Job) => Promise<void>;

export const MAX_ATTEMPTS = 5;
/** A claim older than this belongs to a process that died. */
export const STALE_MS = 5 * 60_000;

const globalForJobs = globalThis as unknown as { __travelsxJobHandlers?: Map<string, JobHandler> };
const handlers = (globalForJobs.__travelsxJobHandlers ??= new Map());

export function registerJobHandler(kind: string, handler: JobHandler): void {
  handlers.set(kind, handler);
}

export type NewJob = { kind: string; key: string; businessId?: number | null; payload?: Record<string, unknown>; runAt?: Date };

/** Queues a job; false when a job with this key exists already (nothing changes). */
export async function enqueueJob(db: Db, job: NewJob): Promise<boolean> {
  const inserted = await db
    .insert(jobs)
    .values({ kind: job.kind, key: job.key, businessId: job.businessId ?? null, payload: job.payload ?? {}, runAt: job.runAt ?? new Date() })
    .onConflictDoNothing({ target: jobs.key })
    .returning({ id: jobs.id });
  return inserted.length > 0;
}

/** Claims up to `limit` due jobs for `worker` in one statement (pending and due, or running but stale). */
export async function claimDueJobs(db: Db, worker: string, limit = 10, now = new Date()): Promise<Job[]> {
  const stale = new Date(now.getTime() - STALE_MS);
  const result = await db.execute(sql`
    update ${jobs} set status = 'running', locked_at = ${now}, locked_by = ${worker}, attempts = attempts + 1
    where id in (
      select id from ${jobs}
      where (status = 'pending' and run_at <= ${now}) or (status = 'running' and locked_at < ${stale})
      order by run_at, id
      limit ${limit}
      for update skip locked
    )
    returning *`);
  return rowsOf(result).map((row) => fromRow(jobs, row) as Job);
}

async function finish(db: Db, job: Job, error?: unknown): Promise<void> {
  if (error === undefined) {
    await db.execute(sql`update ${jobs} set status = 'done', done_at = now(), last_error = null where id = ${job.id} and locked_by = ${job.lockedBy}`);
    return;
  }
  const message = error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500);
  const retry = job.attempts < MAX_ATTEMPTS;
  // back off 30 s, 2 min, 8 min, 32 min
  const delayMs = 30_000 * 4 ** (job.attempts - 1);
  await db.execute(sql`update ${jobs}
    set status = ${retry ? 'pending' : 'failed'}, last_error = ${message}, locked_at = null, locked_by = null,
        run_at = ${retry ? new Date(Date.now() + delayMs) : job.runAt}
    where id = ${job.id} and locked_by = ${job.lockedBy}`);
}

/** Claims and runs the due jobs once; returns how many ran. */
export async function runDueJobs(db: Db, worker: string, now = new Date()): Promise<number> {
  let ran = 0;
  for (;;) {
    const claimed = await claimDueJobs(db, worker, 10, now);
    if (!claimed.length) return ran;
    for (const job of claimed) {
      const handler = handlers.get(job.kind);
      try {
        if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
        await handler(db, job);
        await finish(db, job);
      } catch (error) {
        logger.error({ err: error, jobId: job.id, kind: job.kind }, 'job failed');
        await finish(db, job, error);
      }
      ran++;
    }
  }
}

export type JobPoller = { worker: string; stop: () => Promise<void>; kick: () => void };

/**
 * Polls for due jobs every `intervalMs` (and at once on `kick`). One round
 * at a time per poller; `stop` waits for the running round.
 */
export function startJobPoller(db: Db, options: { intervalMs?: number; worker?: string } = {}): JobPoller {
  const worker = options.worker ?? `${process.pid}-${randomUUID().slice(0, 8)}`;
  const intervalMs = options.intervalMs ?? 5_000;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const round = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = runDueJobs(db, worker)
      .then(() => undefined)
      .catch((error: unknown) => logger.error({ err: error }, 'job poller round failed'))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          round();
        }
      });
  };
  const timer = setInterval(round, intervalMs);
  timer.unref();
  round();
  return {
    worker,
    kick: round,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

const globalPoller = globalThis as unknown as { __travelsxJobPoller?: JobPoller };

/** The process's poller (server.ts starts it); kick() asks it to look now. */
export function setProcessPoller(poller: JobPoller | undefined): void {
  globalPoller.__travelsxJobPoller = poller;
}

export function kickJobs(): void {
  globalPoller.__travelsxJobPoller?.kick();
}

/** Timers that wake the poller when a job queued for later falls due (one per 100 ms step). */
const wakeups = new Map<number, ReturnType<typeof setTimeout>>();

/**
 * Asks the poller to look at `runAt` (at once when it is due): a job queued
 * for a few seconds ahead (an offer's expiry) runs on time rather than at the
 * next poll. Only a hint: the poller finds every due job anyway.
 */
export function kickJobsAt(runAt: Date): void {
  const wait = runAt.getTime() - Date.now();
  if (wait <= 0) return kickJobs();
  if (wait > 10 * 60_000) return;
  const step = Math.ceil(runAt.getTime() / 100);
  if (wakeups.has(step)) return;
  const timer = setTimeout(
    () => {
      wakeups.delete(step);
      kickJobs();
    },
    step * 100 - Date.now(),
  );
  timer.unref();
  wakeups.set(step, timer);
}
