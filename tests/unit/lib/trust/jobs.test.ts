import { and, eq, sql } from 'drizzle-orm';
import { jobs, outbox, rides, type Job } from '@/lib/db/schema';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import { claimDueJobs, enqueueJob, JOB_PRIORITY, registerJobHandler, runDueJobs, startJobPoller, STALE_MS } from '@/lib/jobs/queue';
import { queueTripMessages, registerTripJobs, REMINDER_LEAD_MS } from '@/lib/rides/trip-messages';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb, secondConnection } from '../../db';
import { accept, book, makeWorld, type World } from './fixtures';

let db: Db;
/** A second connection pool on the same database: a second instance (PostgreSQL); on PGlite the one connection. */
let second: Db;
let closeSecond: () => Promise<void> = async () => undefined;
let world: World;

beforeAll(async () => {
  db = await openTestDb();
  clearTenantCache();
  world = await makeWorld(db, 'demo');
  registerTripJobs();
  ({ second, close: closeSecond } = await secondConnection(db));
});
afterAll(async () => {
  await closeSecond();
  await closeTestDb();
});

async function reminderTexts(rideId: number): Promise<string[]> {
  const rows = await db
    .select({ body: outbox.body })
    .from(outbox)
    .where(and(eq(outbox.businessId, world.id), eq(outbox.channel, 'sms')));
  return rows.map((r) => r.body).filter((body) => body.includes('reminder') && body.includes(`ride ${rideId} `));
}

describe('pickup reminder, a durable job', () => {
  it('is queued on accept for an outstation ride and fires once, 60 minutes before pickup, after a restart', async () => {
    const ride = await book(db, world, {}, 3);
    const accepted = await accept(db, world, ride.id);
    await queueTripMessages(db, { ride: accepted, to: 'accepted' });
    const [job] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `pickup-reminder:${ride.id}:${ride.pickupTime.getTime()}`));
    expect(job.runAt.getTime()).toBe(ride.pickupTime.getTime() - REMINDER_LEAD_MS);

    // the first instance runs what is due now (driver details), then stops
    const first = startJobPoller(db, { intervalMs: 60_000, worker: 'first' });
    await first.stop();
    expect(await reminderTexts(ride.id)).toEqual([]);

    // a restarted process at reminder time: fires once; later rounds find nothing
    const reminderTime = new Date(job.runAt.getTime() + 1000);
    expect(await runDueJobs(db, 'restarted', reminderTime)).toBeGreaterThanOrEqual(1);
    expect(await runDueJobs(db, 'restarted', reminderTime)).toBe(0);
    const texts = await reminderTexts(ride.id);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain(ride.startCode);
    expect(texts[0]).toContain('TN 01AB1234');
    const [done] = await db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(done).toMatchObject({ status: 'done', attempts: 1, lockedBy: 'restarted' });
  });

  it('is taken again from a process that died while running it, and still fires once', async () => {
    const ride = await book(db, world, {}, 3);
    await queueTripMessages(db, { ride: await accept(db, world, ride.id), to: 'accepted' });
    const at = new Date(ride.pickupTime.getTime() - REMINDER_LEAD_MS + 1000);
    await runDueJobs(db, 'details', new Date());
    const claimed = await claimDueJobs(db, 'died', 10, at);
    expect(claimed.map((j) => j.kind)).toContain('pickup-reminder');
    // nobody finishes it; before the claim is stale nothing runs it, after that one process does
    expect(await runDueJobs(db, 'other', new Date(at.getTime() + 1000))).toBe(0);
    expect(await runDueJobs(db, 'other', new Date(at.getTime() + STALE_MS + 2000))).toBe(1);
    expect(await reminderTexts(ride.id)).toHaveLength(1);
  });

  it('sends nothing for a ride cancelled before the reminder', async () => {
    const ride = await book(db, world, {}, 3);
    await queueTripMessages(db, { ride: await accept(db, world, ride.id), to: 'accepted' });
    await db.update(rides).set({ status: 'cancelled' }).where(eq(rides.id, ride.id));
    await runDueJobs(db, 'late', new Date(ride.pickupTime.getTime()));
    expect(await reminderTexts(ride.id)).toEqual([]);
  });

  it('is queued once however often the change is seen, and not for local rides or pickups within the hour', async () => {
    const ride = await book(db, world, {}, 5);
    const accepted = await accept(db, world, ride.id);
    await queueTripMessages(db, { ride: accepted, to: 'accepted' });
    await queueTripMessages(db, { ride: accepted, to: 'accepted' });
    const count = await db
      .select({ n: sql<string>`count(*)` })
      .from(jobs)
      .where(sql`${jobs.payload}->>'rideId' = ${String(ride.id)} and ${jobs.kind} = 'pickup-reminder'`);
    expect(Number(count[0].n)).toBe(1);
    const soon = await book(db, world, {}, 0.5);
    await queueTripMessages(db, { ride: await accept(db, world, soon.id), to: 'accepted' });
    expect(
      await db
        .select()
        .from(jobs)
        .where(sql`${jobs.payload}->>'rideId' = ${String(soon.id)} and ${jobs.kind} = 'pickup-reminder'`),
    ).toEqual([]);
  });
});

describe('two pollers on one database', () => {
  it('run each due job exactly once', async () => {
    const runs = new Map<number, string[]>();
    registerJobHandler('test-count', async (_db: Db, job: Job) => {
      runs.set(job.id, [...(runs.get(job.id) ?? []), job.lockedBy ?? '']);
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
    await runDueJobs(db, 'flush'); // what earlier tests left due
    for (let i = 0; i < 30; i++) await enqueueJob(db, { kind: 'test-count', key: `test-count:${i}`, runAt: new Date(Date.now() - 1000) });
    const [a, b] = await Promise.all([runDueJobs(db, 'instance-a'), runDueJobs(second, 'instance-b')]);
    expect(a + b).toBe(30);
    expect(runs.size).toBe(30);
    for (const workers of runs.values()) expect(workers).toHaveLength(1);
    // the pollers share the work when they really run side by side (PostgreSQL); on PGlite one may take all
    if (process.env.TEST_DATABASE_URL) expect(Math.min(a, b)).toBeGreaterThan(0);
    const left = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'test-count'), sql`${jobs.status} <> 'done'`));
    expect(left).toEqual([]);
  });
});

describe('several jobs at once (docs/architecture/jobs.md)', () => {
  /** A kind whose jobs take 20 ms and record how many of them, and of their lane, ran at once. */
  function slowKind(kind: string, lanes: boolean) {
    const seen = { now: 0, peak: 0, lanePeak: 0, ran: [] as number[] };
    const byLane = new Map<string, number>();
    registerJobHandler(
      kind,
      async (_db: Db, job: Job) => {
        const lane = String(job.payload.lane);
        byLane.set(lane, (byLane.get(lane) ?? 0) + 1);
        seen.peak = Math.max(seen.peak, ++seen.now);
        seen.lanePeak = Math.max(seen.lanePeak, byLane.get(lane)!);
        await new Promise((resolve) => setTimeout(resolve, 20));
        byLane.set(lane, byLane.get(lane)! - 1);
        seen.now--;
        seen.ran.push(job.id);
      },
      lanes ? { lane: (job) => `test:${String(job.payload.lane)}` } : {},
    );
    return seen;
  }

  const queue = async (kind: string, count: number) => {
    for (let i = 0; i < count; i++) await enqueueJob(db, { kind, key: `${kind}:${i}`, payload: { lane: i % 3 }, runAt: new Date(Date.now() - 1000) });
  };

  it('runs up to the concurrency at once, one job of a lane at a time, each once', async () => {
    const seen = slowKind('test-laned', true);
    await runDueJobs(db, 'flush');
    await queue('test-laned', 9);
    expect(await runDueJobs(db, 'wide', new Date(), { concurrency: 4 })).toBe(9);
    // three lanes: three at once, never two of one lane
    expect(seen.peak).toBe(3);
    expect(seen.lanePeak).toBe(1);
    expect(new Set(seen.ran).size).toBe(9);
  });

  it('keeps a kind without lanes one at a time, and a poller runs several kinds side by side', async () => {
    const plain = slowKind('test-plain', false);
    const laned = slowKind('test-laned-2', true);
    await runDueJobs(db, 'flush');
    await queue('test-laned-2', 3);
    await queue('test-plain', 4);
    const poller = startJobPoller(db, { intervalMs: 60_000, worker: 'poller', concurrency: 4 });
    for (let i = 0; i < 200 && plain.ran.length + laned.ran.length < 7; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    await poller.stop();
    expect(plain.ran).toHaveLength(4);
    expect(laned.ran).toHaveLength(3);
    expect(plain.peak).toBe(1);
    expect(laned.peak).toBe(3);
  });

  it('claims only when a claim could find a job: a kick for the kind it is running waits for that job to end, a claim that found fewer than asked is not repeated', async () => {
    await runDueJobs(db, 'flush');
    const ran: string[] = [];
    let release: () => void = () => undefined;
    // a confirmation-like kind, one at a time; the first job waits until the test lets it end
    let started = false;
    registerJobHandler('test-serial-kick', async (_db: Db, job: Job) => {
      if (job.key.endsWith(':a')) {
        started = true;
        await new Promise<void>((resolve) => (release = resolve));
      }
      ran.push(job.key);
    });
    registerJobHandler('test-laned-kick', async (_db: Db, job: Job) => void ran.push(job.key), { lane: (job) => job.key });
    const until = async (done: () => boolean) => {
      for (let i = 0; i < 250 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(done()).toBe(true);
    };
    const due = new Date(Date.now() - 1000);
    await enqueueJob(db, { kind: 'test-serial-kick', key: 'test-serial-kick:a', runAt: due });
    // the interval is a minute: everything below happens through kicks and jobs' ends
    const poller = startJobPoller(db, { intervalMs: 60_000, worker: 'kicked', concurrency: 4 });
    try {
      // a is running (its claim has come back: a kick during a claim on its way claims once more)
      await until(() => started);
      expect(poller.claims()).toBe(1);
      await enqueueJob(db, { kind: 'test-serial-kick', key: 'test-serial-kick:b', runAt: due });
      poller.kick(['test-serial-kick']);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(poller.claims()).toBe(1); // its kind is running: a claim would skip it
      release();
      // a's end claims b at once
      await until(() => ran.includes('test-serial-kick:b'));
      expect(ran).toEqual(['test-serial-kick:a', 'test-serial-kick:b']);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(poller.claims()).toBe(2); // nothing was skipped while b ran: its end claims nothing
      await enqueueJob(db, { kind: 'test-laned-kick', key: 'test-laned-kick:c', runAt: due });
      poller.kick(['test-laned-kick']);
      await until(() => ran.includes('test-laned-kick:c'));
      await new Promise((resolve) => setTimeout(resolve, 100));
      // c was the only due job of a claim that asked for four: its end claims nothing
      expect(poller.claims()).toBe(3);
    } finally {
      release();
      await poller.stop();
    }
  });

  it('claims again after a claim that failed, when a job ends, without waiting for the interval', async () => {
    await runDueJobs(db, 'flush');
    const ran: string[] = [];
    let started = false;
    let release: () => void = () => undefined;
    registerJobHandler(
      'test-claim-fails',
      async (_db: Db, job: Job) => {
        if (job.key.endsWith(':x')) {
          started = true;
          await new Promise<void>((resolve) => (release = resolve));
        }
        ran.push(job.key);
      },
      { lane: (job) => job.key },
    );
    // the database refuses one claim (a dropped connection, a restart)
    let refuse = false;
    const flaky = new Proxy(db, {
      get(target, property, receiver) {
        if (property !== 'execute') return Reflect.get(target, property, receiver);
        return (query: Parameters<Db['execute']>[0]) => {
          if (refuse) {
            refuse = false;
            return Promise.reject(new Error('connection lost'));
          }
          return target.execute(query);
        };
      },
    });
    const due = new Date(Date.now() - 1000);
    await enqueueJob(db, { kind: 'test-claim-fails', key: 'test-claim-fails:x', runAt: due });
    const poller = startJobPoller(flaky, { intervalMs: 60_000, worker: 'flaky', concurrency: 4 });
    try {
      for (let i = 0; i < 250 && !started; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      await enqueueJob(db, { kind: 'test-claim-fails', key: 'test-claim-fails:y', runAt: due });
      refuse = true;
      poller.kick(['test-claim-fails']);
      for (let i = 0; i < 50 && refuse; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(refuse).toBe(false); // the kick's claim was refused
      release();
      // x's end claims again and finds y
      for (let i = 0; i < 250 && !ran.includes('test-claim-fails:y'); i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(ran).toEqual(['test-claim-fails:x', 'test-claim-fails:y']);
    } finally {
      release();
      await poller.stop();
    }
  });
});

describe('urgent jobs (docs/architecture/jobs.md#priority)', () => {
  it('are claimed before a backlog of normal ones that fell due earlier, in the order they fell due', async () => {
    const order: string[] = [];
    registerJobHandler('test-message', async (_db: Db, job: Job) => void order.push(job.key));
    registerJobHandler('test-offer', async (_db: Db, job: Job) => void order.push(job.key));
    await runDueJobs(db, 'flush');
    const base = Date.now() - 60_000;
    // a burst of bookings: their messages fell due first, an offer round second, a later one last
    for (let i = 0; i < 6; i++) await enqueueJob(db, { kind: 'test-message', key: `message:${i}`, runAt: new Date(base + i) });
    await enqueueJob(db, { kind: 'test-offer', key: 'offer:late', runAt: new Date(base + 200), priority: JOB_PRIORITY.urgent });
    await enqueueJob(db, { kind: 'test-offer', key: 'offer:early', runAt: new Date(base + 100), priority: JOB_PRIORITY.urgent });
    // not yet due: no priority brings a job forward in time
    await enqueueJob(db, { kind: 'test-offer', key: 'offer:future', runAt: new Date(Date.now() + 60_000), priority: JOB_PRIORITY.urgent });
    // one free slot at a time: the urgent jobs first, the earlier due first
    const first = await claimDueJobs(db, 'one-slot', 1);
    const second = await claimDueJobs(db, 'one-slot', 1);
    expect([...first, ...second].map((job) => job.key)).toEqual(['offer:early', 'offer:late']);
    await runDueJobs(db, 'rest');
    expect(order).toEqual(['message:0', 'message:1', 'message:2', 'message:3', 'message:4', 'message:5']);
    const [future] = await db.select().from(jobs).where(eq(jobs.key, 'offer:future'));
    expect(future.status).toBe('pending');
  });

  it('leave a slot to normal jobs: under a burst of urgent ones the messages go out during it, and the urgent ones keep their slots', async () => {
    await runDueJobs(db, 'flush');
    const log: string[] = [];
    let urgentNow = 0;
    let urgentMost = 0;
    const pause = () => new Promise((resolve) => setTimeout(resolve, 15));
    // a lane per job: urgent rounds of different rides run side by side, as offer rounds do
    registerJobHandler(
      'test-round',
      async (_db: Db, job: Job) => {
        urgentMost = Math.max(urgentMost, ++urgentNow);
        await pause();
        urgentNow--;
        log.push(job.key);
      },
      { lane: (job) => job.key },
    );
    registerJobHandler('test-confirmation', async (_db: Db, job: Job) => {
      await pause();
      log.push(job.key);
    });
    const base = Date.now() - 60_000;
    for (let i = 0; i < 3; i++) await enqueueJob(db, { kind: 'test-confirmation', key: `confirm:${i}`, runAt: new Date(base + i) });
    for (let i = 0; i < 24; i++)
      await enqueueJob(db, { kind: 'test-round', key: `round:${i}`, runAt: new Date(base + 100 + i), priority: JOB_PRIORITY.urgent });
    await runDueJobs(db, 'burst', new Date(), { concurrency: 2, normalSlots: 1 });
    const confirmations = log.filter((key) => key.startsWith('confirm:'));
    expect(confirmations).toEqual(['confirm:0', 'confirm:1', 'confirm:2']);
    // every confirmation is sent while at least a third of the burst is still to run
    expect(log.indexOf('confirm:2')).toBeLessThan(log.length - 8);
    // the kept slot never takes an urgent job, and urgent jobs still fill every other slot
    expect(urgentMost).toBe(2);
    expect(log).toHaveLength(27);
  });
});
