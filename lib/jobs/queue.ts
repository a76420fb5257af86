import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { jobs, type Job } from '@/lib/db/schema';
import { preparedOn } from '@/lib/db/prepared';
import { columnsOf, fromRow, rowsOf } from '@/lib/db/rows';
import { logger } from '@/lib/log';

/**
 * A durable job queue in the database (docs/architecture/jobs.md). A job is
 * unique by `key` (queueing the same key twice keeps the first), waits until
 * `runAt`, and is claimed by one poller at a time with FOR UPDATE SKIP LOCKED:
 * with several instances on one database each job runs once. A job left
 * `running` by a process that died is claimed again after STALE_MS (at least
 * once, never lost). A process runs up to its concurrency of jobs at once; jobs
 * of one lane (by default their kind) take turns.
 */

export type JobHandler = (db: Db, job: Job) => Promise<void>;
/** Jobs of one lane (the same name from any kind) run one at a time in a process; a kind without lanes is one lane. */
type JobLane = (job: Job) => string;

export const MAX_ATTEMPTS = 5;
/** A claim older than this belongs to a process that died. */
export const STALE_MS = 5 * 60_000;

type JobKind = { run: JobHandler; lane?: JobLane };
const globalForJobs = globalThis as unknown as { __travelsxJobKinds?: Map<string, JobKind> };
const kinds = (globalForJobs.__travelsxJobKinds ??= new Map());

export function registerJobHandler(kind: string, run: JobHandler, options: { lane?: JobLane } = {}): void {
  kinds.set(kind, { run, lane: options.lane });
}

/**
 * Due jobs are claimed by priority, then in the order they fell due. Urgent: a job a person is waiting on by
 * the second (a driver's offer and its countdown); under a burst of bookings the messages about them wait
 * behind it, not the other way round (docs/architecture/jobs.md#priority).
 */
export const JOB_PRIORITY = { normal: 0, urgent: 1 } as const;

export type NewJob = {
  kind: string;
  key: string;
  businessId?: number | null;
  payload?: Record<string, unknown>;
  runAt?: Date;
  priority?: (typeof JOB_PRIORITY)[keyof typeof JOB_PRIORITY];
};

/** Every booking and ride change queues jobs: built once per database handle (lib/db/prepared.ts). */
const insertJob = preparedOn('enqueue_job', (db, name) =>
  db
    .insert(jobs)
    .values({
      kind: sql.placeholder('kind'),
      key: sql.placeholder('key'),
      businessId: sql.placeholder('businessId'),
      payload: sql.placeholder('payload'),
      runAt: sql.placeholder('runAt'),
      priority: sql.placeholder('priority'),
    })
    .onConflictDoNothing({ target: jobs.key })
    .returning({ id: jobs.id })
    .prepare(name),
);

/** Queues a job; false when a job with this key exists already (nothing changes). */
export async function enqueueJob(db: Db, job: NewJob): Promise<boolean> {
  const inserted = await insertJob(db).execute({
    kind: job.kind,
    key: job.key,
    businessId: job.businessId ?? null,
    // an insert's placeholders keep their columns' encoding (a where clause's do not)
    payload: job.payload ?? {},
    runAt: job.runAt ?? new Date(),
    priority: job.priority ?? JOB_PRIORITY.normal,
  });
  return inserted.length > 0;
}

/**
 * Marks a job not yet claimed as done: its work was done another way (an offer answered before its expiry),
 * so it never takes a slot. A job already running is left to finish (its handler finds nothing to do).
 */
export async function settlePendingJob(db: Db, key: string): Promise<void> {
  await db.execute(sql`update ${jobs} set status = 'done', done_at = now() where key = ${key} and status = 'pending'`);
}

/**
 * Claims up to `limit` due jobs for `worker` in one statement (pending and
 * due, or running but stale), urgent ones first, none of the kinds in
 * `skipKinds` (kinds this worker runs one at a time and is running now); and
 * with `normal`, up to that many more of normal priority beyond the limit
 * (the slot kept for them, docs/architecture/jobs.md#priority).
 */
/** Named rather than `*`, so the claim can stay a prepared statement across migrations (lib/db/rows.ts, columnsOf). */
const JOB_COLUMNS = columnsOf(jobs);

export async function claimDueJobs(db: Db, worker: string, limit = 10, now = new Date(), skipKinds: string[] = [], normal = 0): Promise<Job[]> {
  const stale = new Date(now.getTime() - STALE_MS);
  const skip = skipKinds.length
    ? sql`kind not in (${sql.join(
        skipKinds.map((kind) => sql`${kind}`),
        sql`, `,
      )}) and`
    : sql``;
  const due = sql`${skip} ((status = 'pending' and run_at <= ${now}) or (status = 'running' and locked_at < ${stale}))`;
  // the normal-priority claim sees the rows the first one locked as its own (not skipped), hence the anti-join
  const kept =
    normal > 0
      ? sql`, kept as (
          select id from ${jobs}
          where ${due} and priority = ${JOB_PRIORITY.normal} and id not in (select id from claimed)
          order by run_at, id
          limit ${normal}
          for update skip locked)`
      : sql``;
  const result = await db.execute(sql`
    with claimed as (
      select id from ${jobs}
      where ${due}
      order by priority desc nulls last, run_at, id
      limit ${limit}
      for update skip locked
    )${kept}
    update ${jobs} set status = 'running', locked_at = ${now}, locked_by = ${worker}, attempts = attempts + 1
    where id in (select id from claimed${normal > 0 ? sql` union all select id from kept` : sql``})
    returning ${JOB_COLUMNS}`);
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

/** Runs one claimed job and records how it ended (a failure is logged and retried later). */
async function runJob(db: Db, job: Job): Promise<void> {
  const kind = kinds.get(job.kind);
  try {
    if (!kind) throw new Error(`no handler for job kind ${job.kind}`);
    await kind.run(db, job);
    await finish(db, job);
  } catch (error) {
    logger.error({ err: error, jobId: job.id, kind: job.kind }, 'job failed');
    // never thrown: the next job of its lane waits on this one (a claim left running is taken again when stale)
    await finish(db, job, error).catch((finishError: unknown) => logger.error({ err: finishError, jobId: job.id }, 'recording a failed job failed'));
  }
}

/** A job's lane: its kind's lane for it (shared across kinds: a ride's offer rounds and expiries), else its kind. */
function laneOf(job: Job): { name: string; serial: boolean } {
  const lane = kinds.get(job.kind)?.lane;
  return lane ? { name: `lane:${lane(job)}`, serial: false } : { name: `kind:${job.kind}`, serial: true };
}

/**
 * Up to `concurrency` claimed jobs of one worker in flight, plus `normalSlots`
 * kept for normal-priority jobs: under a burst of urgent ones (offer rounds) a
 * booking's confirmation still goes out, one at a time, rather than after the
 * burst (docs/architecture/jobs.md#priority). It claims only as many jobs as
 * it has free slots, so no job waits long in a claim another instance could
 * have taken, and no job of a one-at-a-time kind it is running; a job whose
 * lane is busy waits in its slot.
 */
function jobSlots(db: Db, worker: string, concurrency: number, normalSlots: number, onDone: () => void) {
  const inFlight = new Set<Promise<void>>();
  const lanes = new Map<string, Promise<void>>();
  /** Kinds run one at a time, with how many of their jobs this worker holds. */
  const serialKinds = new Map<string, number>();
  let kept = 0;
  let ran = 0;
  /** A job may be due that the last claim did not see: queued since (a kick), or left over by a full claim. */
  let unseen = true;
  /** One-at-a-time kinds a claim skipped, or a kick left for later, while this worker ran one of their jobs. */
  const skipped = new Set<string>();
  let claims = 0;
  const start = (job: Job): void => {
    const lane = laneOf(job);
    const inKept = job.priority === JOB_PRIORITY.normal && kept < normalSlots;
    if (inKept) kept++;
    if (lane.serial) serialKinds.set(job.kind, (serialKinds.get(job.kind) ?? 0) + 1);
    const run: Promise<void> = (lanes.get(lane.name) ?? Promise.resolve()).then(() => runJob(db, job));
    lanes.set(lane.name, run);
    const slot: Promise<void> = run.finally(() => {
      if (lanes.get(lane.name) === run) lanes.delete(lane.name);
      if (lane.serial) {
        const held = serialKinds.get(job.kind)! - 1;
        if (held) serialKinds.set(job.kind, held);
        else {
          serialKinds.delete(job.kind);
          // a claim skipped this kind while its jobs ran: its next job may be waiting
          if (skipped.delete(job.kind)) unseen = true;
        }
      }
      if (inKept) kept--;
      inFlight.delete(slot);
      ran++;
      onDone();
    });
    inFlight.add(slot);
  };
  return {
    /** Claims due jobs for the free slots and starts them; how many were claimed. */
    fill: async (now: Date): Promise<number> => {
      const free = concurrency - (inFlight.size - kept);
      const freeKept = normalSlots - kept;
      if (free <= 0 && freeKept <= 0) return 0;
      const limit = Math.max(0, free);
      unseen = false;
      claims++;
      for (const kind of serialKinds.keys()) skipped.add(kind);
      let claimed: Job[];
      try {
        claimed = await claimDueJobs(db, worker, limit, now, [...serialKinds.keys()], freeKept);
      } catch (error) {
        unseen = true; // a failed claim saw nothing: the next job's end tries again
        throw error;
      }
      // fewer than asked: every due job this worker may run now was claimed (a claim with only the kept slot free sees normal jobs only)
      if (limit === 0 || claimed.length >= limit) unseen = true;
      for (const job of claimed) start(job);
      return claimed.length;
    },
    /**
     * Jobs of `kinds` were queued (any kind when absent). Whether a claim could find them now: not when each is of a
     * kind this worker runs one at a time and is running (its end claims again).
     */
    queued: (kinds?: readonly string[]): boolean => {
      if (kinds && kinds.every((kind) => serialKinds.has(kind))) {
        for (const kind of kinds) skipped.add(kind);
        return false;
      }
      unseen = true;
      return true;
    },
    /** Whether a claim could find a job: something was queued, a full claim left some, or a skipped one-at-a-time kind is free again. */
    unseen: () => unseen,
    claims: () => claims,
    busy: () => inFlight.size > 0,
    /** Resolves when a job in flight ends. */
    next: () => Promise.race(inFlight),
    drain: () => Promise.allSettled([...inFlight]),
    ran: () => ran,
  };
}

type SlotOptions = {
  concurrency?: number;
  /** Slots only normal-priority jobs take, beyond `concurrency` (the poller keeps one). */
  normalSlots?: number;
};

/** Claims and runs the due jobs (and those they make due) until none is left, `concurrency` at a time; returns how many ran. */
export async function runDueJobs(db: Db, worker: string, now = new Date(), options: SlotOptions = {}): Promise<number> {
  const slots = jobSlots(db, worker, Math.max(1, options.concurrency ?? 1), options.normalSlots ?? 0, () => undefined);
  for (;;) {
    // slots that emptied while a claim was on its way were not asked for: done only when a claim with every slot free finds nothing
    const idle = !slots.busy();
    try {
      await slots.fill(now);
    } catch (error) {
      await slots.drain();
      throw error;
    }
    if (!slots.busy()) {
      if (idle) return slots.ran();
      continue;
    }
    await slots.next();
  }
}

export type JobPoller = {
  worker: string;
  stop: () => Promise<void>;
  kick: (kinds?: readonly string[]) => void;
  /** How many claim statements it has run (tests, benches). */
  claims: () => number;
};

/**
 * Polls for due jobs every `intervalMs`, at once on `kick`, and when one of
 * its jobs ends while a claim could find more (a kick came since the last
 * claim, that claim took all it asked for or failed, or a claim skipped the
 * one-at-a-time kind whose job just ended: a claim that found fewer than
 * asked saw every due job), running up to
 * `concurrency` at a time (JOBS_CONCURRENCY) and one more of normal priority.
 * A kick for kinds this worker runs one at a time and is running claims
 * nothing now: the running job's end claims. `stop` claims no more and waits
 * for the jobs in flight (docs/architecture/jobs.md#claims).
 */
export function startJobPoller(db: Db, options: { intervalMs?: number; worker?: string } & SlotOptions = {}): JobPoller {
  const worker = options.worker ?? `${process.pid}-${randomUUID().slice(0, 8)}`;
  const intervalMs = options.intervalMs ?? 5_000;
  let filling: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const fill = (): void => {
    if (stopped) return;
    if (filling) {
      again = true;
      return;
    }
    filling = (async () => {
      do {
        again = false;
        await slots.fill(new Date());
      } while (again && !stopped);
    })()
      .catch((error: unknown) => logger.error({ err: error }, 'job poller round failed'))
      .finally(() => {
        filling = undefined;
      });
  };
  const slots = jobSlots(db, worker, Math.max(1, options.concurrency ?? 1), options.normalSlots ?? 1, () => {
    if (slots.unseen()) fill();
  });
  const timer = setInterval(fill, intervalMs);
  timer.unref();
  fill();
  return {
    worker,
    kick: (kinds) => {
      if (slots.queued(kinds)) fill();
    },
    claims: slots.claims,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await filling;
      await slots.drain();
    },
  };
}

const globalPoller = globalThis as unknown as { __travelsxJobPoller?: JobPoller };

/** The process's poller (server.ts starts it); kickJobs() asks it to look now. */
export function setProcessPoller(poller: JobPoller | undefined): void {
  globalPoller.__travelsxJobPoller = poller;
}

/** Jobs were queued (of `kinds`, when the caller knows them): the poller claims them now, or when a slot frees. */
export function kickJobs(kinds?: readonly string[]): void {
  globalPoller.__travelsxJobPoller?.kick(kinds);
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
