import { sql } from 'drizzle-orm';
import { careFor, maintainDatabase, startDbMaintenance, tableStates, type TableState } from '@/lib/db/maintenance';
import { rowsOf } from '@/lib/db/rows';
import { createBusiness } from '@/lib/tenancy/commands';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../../db';

/*
 * PGlite runs no autovacuum; lib/db/maintenance.ts does its job with its
 * thresholds. The rules on their own, then a table that needs care on a real
 * database: after one round its visibility map lets a count read only the
 * index, and a second round leaves it alone.
 */

const state = (over: Partial<TableState>): TableState => ({
  table: 't',
  reltuples: 10_000,
  allVisible: 100,
  pages: 100,
  dead: 0,
  insertedSinceVacuum: 0,
  modifiedSinceAnalyze: 0,
  ...over,
});

describe("careFor: autovacuum's default thresholds", () => {
  it.each([
    ['an empty table', { pages: 0, reltuples: -1, allVisible: 0 }, undefined],
    ['a table never vacuumed nor analyzed', { reltuples: -1, allVisible: 0 }, { vacuum: true, analyze: true }],
    ['a quiet table', {}, undefined],
    ['dead rows at the threshold (50 + 20 %)', { dead: 2050, modifiedSinceAnalyze: 0 }, undefined],
    ['dead rows over it', { dead: 2051 }, { vacuum: true, analyze: false }],
    ['inserts at the threshold (1,000 + 20 %)', { insertedSinceVacuum: 3000 }, undefined],
    ['inserts over it', { insertedSinceVacuum: 3001 }, { vacuum: true, analyze: false }],
    ['changes over the analyze threshold (50 + 10 %)', { modifiedSinceAnalyze: 1051 }, { vacuum: false, analyze: true }],
    ['updates over both', { dead: 2051, modifiedSinceAnalyze: 2051 }, { vacuum: true, analyze: true }],
    ['pages not all-visible, outside start-up', { allVisible: 0 }, undefined],
  ])('%s', (_label, over, expected) => {
    const care = careFor(state(over), false);
    expect(care === undefined ? undefined : { vacuum: care.vacuum, analyze: care.analyze }).toEqual(expected);
  });

  it('at start-up (counters lost with the restart) vacuums a table whose pages are mostly not all-visible', () => {
    expect(careFor(state({ allVisible: 0 }), true)).toMatchObject({ vacuum: true, analyze: false, reason: '0 of 100 pages all-visible' });
    expect(careFor(state({ allVisible: 80 }), true)).toBeUndefined();
    // a table of a few pages is read whole as cheaply as through its index
    expect(careFor(state({ allVisible: 0, pages: 7, reltuples: 300 }), true)).toBeUndefined();
  });
});

describe('maintainDatabase on a real database', () => {
  let db: Db;
  let businessId: number;

  beforeAll(async () => {
    db = await openTestDb();
    businessId = (await createBusiness(db, { slug: 'demo', name: 'Demo Cabs', countryCode: 'in' })).id;
    // on PostgreSQL its own autovacuum could get to the table between two steps of a test
    await db.execute(sql`alter table quotes set (autovacuum_enabled = false)`);
  });
  afterAll(async () => {
    await db.execute(sql`alter table quotes reset (autovacuum_enabled)`);
    await closeTestDb();
  });

  const addQuotes = (n: number) =>
    db.execute(sql`insert into quotes (id, business_id, ride_type, trip_kind, pickup, pickup_time, distance_m, duration_s, route_source, currency, items, expires_at, created_at)
      select gen_random_uuid(), ${businessId}, 'oneway', 'local', '{"lat":13.08,"lng":80.27,"name":"Chennai"}'::jsonb, now(), 1000, 120, 'estimate', 'INR', '[]'::jsonb,
        now() + interval '1 hour', now() - (n || ' minutes')::interval
      from generate_series(1, ${n}) as n`);
  const quotesState = async () => (await tableStates(db)).find((t) => t.table === 'quotes')!;
  const countPlan = async () =>
    rowsOf(
      await db.execute(
        sql`explain (analyze, costs off) select count(*) from quotes where business_id = ${businessId} and created_at >= now() - interval '2 days'`,
      ),
    )
      .map((row) => (row as Record<string, string>)['QUERY PLAN'])
      .join('\n');

  it('vacuums and analyzes a table after many inserts, so a count reads the index alone', async () => {
    await addQuotes(5000);
    await maintainDatabase(db);
    const after = await quotesState();
    expect(after.reltuples).toBeGreaterThan(4000);
    expect(after.allVisible).toBe(after.pages);
    const plan = await countPlan();
    expect(plan).toContain('Index Only Scan');
    expect(plan).toContain('Heap Fetches: 0');
  });

  it('leaves a quiet table alone, and vacuums and analyzes again after many updates', async () => {
    const quiet = await maintainDatabase(db);
    expect(quiet.map((done) => done.table)).not.toContain('quotes');
    await db.execute(sql`update quotes set distance_m = distance_m + 1 where business_id = ${businessId} and random() < 0.5`);
    const done = await maintainDatabase(db);
    expect(done.find((d) => d.table === 'quotes')).toMatchObject({ vacuum: true, analyze: true });
    expect((await quotesState()).dead).toBe(0);
  });
  it('stops before a table when a request is waiting, and leaves it due', async () => {
    await addQuotes(5000);
    const yielded = await maintainDatabase(db, { shouldYield: () => true });
    expect(yielded).toHaveLength(0);
    expect(yielded.yielded).toBe(true);
    expect((await quotesState()).insertedSinceVacuum).toBeGreaterThanOrEqual(5000);
  });

  it('runs a due round only in a quiet moment, or once it has waited too long', async () => {
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    let idle = 0;
    const maintenance = startDbMaintenance(db, { firstMs: 0, intervalMs: 60_000, quietMs: 50, idleMs: () => idle });
    await wait(400);
    // requests kept coming: the 5,000 quotes of the last test are still waiting for their vacuum
    expect((await quotesState()).insertedSinceVacuum).toBeGreaterThanOrEqual(5000);
    idle = 10_000;
    await wait(600);
    await maintenance.stop();
    expect((await quotesState()).insertedSinceVacuum).toBe(0);

    await addQuotes(8000);
    const busy = startDbMaintenance(db, { firstMs: 0, quietMs: 50, maxDeferMs: 300, idleMs: () => 0 });
    await wait(1000);
    await busy.stop();
    expect((await quotesState()).insertedSinceVacuum).toBe(0);
  });
});
