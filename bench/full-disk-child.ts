/**
 * The server's database on a nearly full disk, for bench/full-disk.mjs: opens
 * PGlite in DATA_DIR/pglite through lib/db/client.ts (every call timed by the
 * watchdog), starts the watchdog (DB_WATCHDOG_MS, 0: off), installs a SIGTERM
 * handler as server.ts does, fills the disk until `leaveMb` MiB are free, then
 * writes and switches the write-ahead log until a write fails, and asks again.
 * Every line on stdout is `<ms since start> <event>`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '@/lib/db/client';
import { startDatabaseWatchdog } from '@/lib/db/watchdog';
import { refuseBookingOnLowDisk } from '@/lib/db/free-space';
import { env } from '@/lib/env';

const started = Date.now();
const say = (event: string) => process.stdout.write(`${Date.now() - started} ${event}\n`);
const leaveMb = Number(process.argv[2] ?? 12);
const { DATA_DIR, DB_WATCHDOG_MS } = env();

async function main(): Promise<void> {
  const { db } = await openDatabase({ dataDir: path.join(DATA_DIR, 'pglite') });
  await db.execute(sql`create table if not exists bench_fill (id serial primary key, body text)`);
  startDatabaseWatchdog(DB_WATCHDOG_MS);
  process.on('SIGTERM', () => {
    say('SIGTERM handled');
    process.exit(0);
  });
  // what the event loop does while it runs: the parent sees these stop
  setInterval(() => say('alive'), 500);

  const free = () => {
    const stats = fs.statfsSync(DATA_DIR);
    return stats.bavail * stats.bsize;
  };
  const fill = free() - leaveMb * 1024 * 1024;
  if (fill > 0) fs.writeFileSync(path.join(DATA_DIR, 'filler'), Buffer.alloc(fill));
  say(`free ${Math.round(free() / 1024 / 1024)} MiB`);
  try {
    await refuseBookingOnLowDisk();
    say('booking floor: bookings still accepted');
  } catch (error) {
    say(`booking floor: bookings refused (${(error as Error).message})`);
  }

  for (let i = 0; i < 100; i++) {
    try {
      await db.execute(sql`insert into bench_fill (body) values ('x')`);
      await db.execute(sql`select pg_switch_wal()`);
      say(`wal switch ${i}`);
    } catch (error) {
      // drizzle names the query; PGlite's own error is its cause
      say(`write failed: ${((error as { cause?: Error }).cause ?? (error as Error)).message}`);
      try {
        await db.execute(sql`select 1`);
        say('select 1 answered');
      } catch (again) {
        say(`select 1 failed: ${(again as Error).message}`);
      }
      break;
    }
  }
  say('done');
  process.exit(0);
}

void main();
