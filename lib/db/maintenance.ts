import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { rowsOf } from './rows';
import { logger } from '@/lib/log';

/*
 * PGlite is PostgreSQL in one process with no background workers, so its
 * autovacuum never runs: without this, an embedded database is never vacuumed
 * or analyzed. Dead row versions pile up after every update, the visibility map
 * stays empty (so no query can be answered from an index alone: the board's
 * counts over a 30-day range read the whole rides table, 5.7 ms, instead of
 * the index, 1.1 ms), and tables created after the last ANALYZE are planned
 * from guesses. This does autovacuum's job with autovacuum's default
 * thresholds, on the server's one connection, between requests.
 *
 * PostgreSQL through DATABASE_URL has its own autovacuum; server.ts starts this
 * for PGlite only.
 */

/** PostgreSQL's defaults: autovacuum_vacuum_threshold/scale_factor, the insert pair, autovacuum_analyze_threshold/scale_factor. */
const VACUUM_BASE = 50;
const VACUUM_SCALE = 0.2;
const INSERT_BASE = 1000;
const INSERT_SCALE = 0.2;
const ANALYZE_BASE = 50;
const ANALYZE_SCALE = 0.1;
/** At start-up (the activity counters do not survive a restart), a table is vacuumed when under this share of its pages is known all-visible. */
const ALL_VISIBLE_SHARE = 0.8;
/** ... and when that leaves at least this many pages to vacuum (a table of a page or two is cheap to read whole). */
const MIN_PAGES = 8;

export type TableState = {
  table: string;
  /** pg_class.reltuples: the row estimate of the last VACUUM or ANALYZE, -1 when neither has run. */
  reltuples: number;
  /** pg_class.relallvisible: pages the last VACUUM found all-visible. */
  allVisible: number;
  /** The table's pages now. */
  pages: number;
  /** Activity since the last VACUUM/ANALYZE in this process (pg_stat_user_tables). */
  dead: number;
  insertedSinceVacuum: number;
  modifiedSinceAnalyze: number;
};

export type Care = { table: string; vacuum: boolean; analyze: boolean; reason: string };

/**
 * What a table needs, by autovacuum's rules: VACUUM when dead rows exceed
 * 50 + 20 % of the table or inserts since the last one exceed 1,000 + 20 %;
 * ANALYZE when changed rows exceed 50 + 10 %. A table never vacuumed nor
 * analyzed gets both. On the first round after a start (`startup`), when the
 * counters are empty, a table most of whose pages are not known all-visible
 * is vacuumed too.
 */
export function careFor(state: TableState, startup: boolean): Care | undefined {
  const rows = Math.max(state.reltuples, 0);
  if (state.pages === 0) return undefined;
  if (state.reltuples < 0) return { table: state.table, vacuum: true, analyze: true, reason: 'never vacuumed or analyzed' };
  const reasons: string[] = [];
  let vacuum = false;
  if (state.dead > VACUUM_BASE + VACUUM_SCALE * rows) {
    vacuum = true;
    reasons.push(`${state.dead} dead rows`);
  }
  if (state.insertedSinceVacuum > INSERT_BASE + INSERT_SCALE * rows) {
    vacuum = true;
    reasons.push(`${state.insertedSinceVacuum} rows inserted`);
  }
  if (startup && state.pages - state.allVisible >= MIN_PAGES && state.allVisible < ALL_VISIBLE_SHARE * state.pages) {
    vacuum = true;
    reasons.push(`${state.allVisible} of ${state.pages} pages all-visible`);
  }
  const analyze = state.modifiedSinceAnalyze > ANALYZE_BASE + ANALYZE_SCALE * rows;
  if (analyze) reasons.push(`${state.modifiedSinceAnalyze} rows changed`);
  return vacuum || analyze ? { table: state.table, vacuum, analyze, reason: reasons.join(', ') } : undefined;
}

/** Every table of the public schema with its counters (flushed first: a backend publishes them only now and then). */
export async function tableStates(db: Db): Promise<TableState[]> {
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const rows = rowsOf(
    await db.execute(sql`
      select c.relname as "table", c.reltuples::float8 as reltuples, c.relallvisible as "allVisible",
        (pg_relation_size(c.oid) / current_setting('block_size')::int)::int as pages,
        coalesce(s.n_dead_tup, 0)::int as dead, coalesce(s.n_ins_since_vacuum, 0)::int as "insertedSinceVacuum",
        coalesce(s.n_mod_since_analyze, 0)::int as "modifiedSinceAnalyze"
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      left join pg_stat_user_tables s on s.relid = c.oid
      where c.relkind = 'r' and n.nspname = 'public'
      order by c.relname`),
  ) as TableState[];
  return rows.map((row) => ({ ...row, reltuples: Number(row.reltuples), allVisible: Number(row.allVisible), pages: Number(row.pages) }));
}

export type Maintained = Care & { ms: number };

/**
 * ANALYZE's sample on PGlite: statistics target 10 reads 3,000 rows where the default (100) reads 30,000;
 * on the seeded board's 20,000 rides 22 ms against 120-260 ms, during which the one connection answers
 * nothing else. The plans these queries need (an operator's rows by time, by status) do not need more.
 */
const STATISTICS_TARGET = 10;

export type MaintainOptions = {
  startup?: boolean;
  /** Asked before each table: true stops the round there (a request is waiting); the rest stay due. */
  shouldYield?: () => boolean;
};

/** One round: VACUUM and/or ANALYZE each table that needs it, one at a time; `yielded` when it stopped early. */
export async function maintainDatabase(db: Db, options: MaintainOptions = {}): Promise<Maintained[] & { yielded?: boolean }> {
  const done: Maintained[] & { yielded?: boolean } = [];
  for (const state of await tableStates(db)) {
    const care = careFor(state, options.startup ?? false);
    if (!care) continue;
    if (options.shouldYield?.()) {
      done.yielded = true;
      break;
    }
    const started = performance.now();
    const table = sql.identifier(care.table);
    if (care.vacuum) await db.execute(sql`vacuum ${table}`);
    if (care.analyze) {
      await db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local default_statistics_target = ${STATISTICS_TARGET}`));
        await tx.execute(sql`analyze ${table}`);
      });
    }
    done.push({ ...care, ms: Math.round((performance.now() - started) * 10) / 10 });
  }
  return done;
}

export type Maintenance = { stop: () => Promise<void> };

export type MaintenanceOptions = {
  /** The first round, after the start (ms). */
  firstMs?: number;
  /** Between rounds (autovacuum's naptime, a minute). */
  intervalMs?: number;
  /** How long no request has been in flight (lib/http/lifecycle idleMs); without it, rounds run when due. */
  idleMs?: () => number;
  /** A due round waits for this much quiet (ms)... */
  quietMs?: number;
  /** ...but not longer than this (ms) after it fell due; then it runs without yielding. */
  maxDeferMs?: number;
};

/**
 * Runs `maintainDatabase` when due: `firstMs` after the start (the start-up
 * round), then `intervalMs` after each finished round. PGlite has one
 * connection, so a round waits until no request has been in flight for
 * `quietMs` and stops after the table in hand when a request arrives; a round
 * kept waiting `maxDeferMs` by constant traffic runs through. Each action is
 * logged with its duration.
 */
export function startDbMaintenance(db: Db, options: MaintenanceOptions = {}): Maintenance {
  const intervalMs = options.intervalMs ?? 60_000;
  const quietMs = options.quietMs ?? 1_000;
  const maxDeferMs = options.maxDeferMs ?? 5 * 60_000;
  const idle = options.idleMs ?? (() => Number.POSITIVE_INFINITY);
  let dueAt = performance.now() + (options.firstMs ?? 10_000);
  let running: Promise<void> | undefined;
  let stopped = false;
  let startup = true;
  const tick = () => {
    const now = performance.now();
    if (stopped || running || now < dueAt) return;
    const overdue = now - dueAt >= maxDeferMs;
    if (!overdue && idle() < quietMs) return;
    running = maintainDatabase(db, { startup, shouldYield: overdue ? undefined : () => idle() < quietMs })
      .then((done) => {
        for (const action of done) logger.info(action, 'database maintenance');
        if (done.yielded) return;
        startup = false;
        dueAt = performance.now() + intervalMs;
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'database maintenance failed');
        dueAt = performance.now() + intervalMs;
      })
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, Math.min(1_000, quietMs));
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
