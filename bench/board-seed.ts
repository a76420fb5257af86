/**
 * Seeds bench/board.mjs's data directory: the demo operator with 500 riders and
 * RIDES rides (default 20,000) picked up over 90 days in its zone (60 days back
 * to 30 ahead, hours spread over the day), numbered 1..RIDES with the counter
 * row as bookings leave it, a mix of statuses (past rides completed or
 * cancelled, near ones accepted, the rest booked; some with the demo driver),
 * and a partner session. Prints the session token and today's local date.
 * On PGlite in DATA_DIR, or on DATABASE_URL when it is set (bench/memory.mjs's postgres runs).
 * Usage: DATA_DIR=... [DATABASE_URL=...] npx tsx bench/board-seed.ts [rides]
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { env } from '../lib/env';
import { closeDatabase, openDatabase } from '../lib/db/client';
import { rowsOf } from '../lib/db/rows';
import { businesses, drivers, quotes, users, vehicles } from '../lib/db/schema';
import { createSession } from '../lib/auth/session';
import { ensureDemoTenant } from '../lib/tenancy/demo';
import { startOfLocalDay, addDays } from '../lib/partner/dates';
import { localDate } from '../lib/time/zoned';

const RIDES = Number(process.argv[2] ?? 20_000);
const RIDERS = 500;
const DAYS_BACK = 60;
const DAYS = 90;

async function main(): Promise<void> {
  const config = env();
  const { db } = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite') });
  await ensureDemoTenant(db, config.DEFAULT_TENANT);
  const [business] = await db.select().from(businesses).where(eq(businesses.slug, config.DEFAULT_TENANT));
  const [partner] = await db
    .select()
    .from(users)
    .where(and(eq(users.businessId, business.id), eq(users.role, 'travelsx-partner')))
    .limit(1);
  const [driver] = await db.select().from(drivers).where(eq(drivers.businessId, business.id)).limit(1);
  const [vehicle] = await db.select().from(vehicles).where(eq(vehicles.businessId, business.id)).limit(1);

  await db.execute(sql`insert into users (business_id, role, name, phone_code, phone)
    select ${business.id}, 'travelsx-user', 'Bench rider ' || n, '91', (9700000000 + n)::text from generate_series(1, ${RIDERS}) as n`);
  const [{ first }] = rowsOf(
    await db.execute(sql`select min(id)::integer as first from users where business_id = ${business.id} and role = 'travelsx-user'`),
  ) as { first: number }[];

  const today = localDate(new Date(), business.timeZone);
  const start = startOfLocalDay(addDays(today, -DAYS_BACK), business.timeZone);
  const quoteId = randomUUID();
  const place = (name: string, lat: number, lng: number) => ({ name, lat, lng });
  await db.insert(quotes).values({
    id: quoteId,
    businessId: business.id,
    rideType: 'oneway',
    tripKind: 'outstation',
    pickup: place('Chennai', 13.0878, 80.2785),
    dropoff: place('Bengaluru', 12.9719, 77.5937),
    pickupTime: start,
    distanceM: 346_000,
    durationS: 21_600,
    routeSource: 'estimate',
    currency: business.currency,
    items: [],
    expiresAt: start,
  });
  const spanS = DAYS * 86_400;
  const now = new Date();
  // Pickups spread evenly over the 90 days with a deterministic jitter; status by time: past → completed (1 in 10
  // cancelled), the next 6 hours → accepted with the demo driver, later → booked.
  await db.execute(sql`insert into rides (business_id, number, rider_id, quote_id, idempotency_key, status, vehicle_type, ride_type, trip_kind,
      pickup, dropoff, pickup_time, distance_m, duration_s, currency, ride_amount, driver_bata, tolls, total_amount, cashback_amount,
      payment_method, start_code, driver_id, vehicle_id, source, created_at)
    select ${business.id}, n, ${first} + (n % ${RIDERS}), ${quoteId}::uuid, 'bench-' || n,
      case when t < ${now} then (case when n % 10 = 0 then 'cancelled' else 'completed' end)
           when t < ${now}::timestamptz + interval '6 hours' then 'accepted' else 'booked' end,
      (array['hatchback','sedan','suv','electric','luxury'])[1 + n % 5], 'oneway', 'outstation',
      ${JSON.stringify(place('Chennai', 13.0878, 80.2785))}::jsonb, ${JSON.stringify(place('Bengaluru', 12.9719, 77.5937))}::jsonb,
      t, 346000, 21600, ${business.currency}, 520000 + (n % 97) * 100, 30000, 45000, 595000 + (n % 97) * 100, 26000,
      case when n % 3 = 0 then 'upi' else 'cash' end, lpad((n % 10000)::text, 4, '0'),
      case when t < ${now}::timestamptz + interval '6 hours' and n % 10 <> 0 then ${driver?.id ?? null}::integer end,
      case when t < ${now}::timestamptz + interval '6 hours' and n % 10 <> 0 then ${vehicle?.id ?? null}::integer end,
      'form', t - interval '2 days'
    from (select n, ${start}::timestamptz + make_interval(secs => ((n - 1)::double precision * ${spanS} / ${RIDES}) + (n * 7919 % 600)) as t
          from generate_series(1, ${RIDES}) as n) as s`);
  await db.execute(sql`insert into ride_counters (business_id, last_number) values (${business.id}, ${RIDES})
    on conflict (business_id) do update set last_number = excluded.last_number`);
  await db.execute(sql`analyze rides`);
  const token = await createSession(db, { id: partner.id, businessId: business.id });
  await closeDatabase();
  process.stdout.write(`${JSON.stringify({ token, today, timeZone: business.timeZone, rides: RIDES })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
