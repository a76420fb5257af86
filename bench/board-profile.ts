/** In-process timing of the board (lib/rides/board.ts) on a data directory seeded by bench/board-seed.ts: DATA_DIR=... NODE_OPTIONS=--conditions=react-server npx tsx bench/board-profile.ts */
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { env } from '../lib/env';
import { closeDatabase, openDatabase } from '../lib/db/client';
import { businesses } from '../lib/db/schema';
import { partnerBoard } from '../lib/rides/board';
import { addDays, localDate } from '../lib/partner/dates';

async function main(): Promise<void> {
  const config = env();
  const { db } = await openDatabase({ databaseUrl: '', dataDir: path.join(config.DATA_DIR, 'pglite') });
  const [business] = await db.select().from(businesses).where(eq(businesses.slug, config.DEFAULT_TENANT));
  const today = localDate(new Date(), business.timeZone);
  for (const [label, range] of [['today', {}], ['30 days', { from: addDays(today, -29), to: today }]] as const) {
    const times: number[] = [];
    for (let i = 0; i < 60; i++) {
      const t = performance.now();
      await partnerBoard(db, business, { status: 'all', order: 'asc', limit: 50, ...range });
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    process.stdout.write(`${label}: p50 ${times[30].toFixed(1)} ms, p99 ${times[59].toFixed(1)} ms\n`);
  }
  await closeDatabase();
}
main().catch((e: unknown) => { console.error(e); process.exit(1); });
