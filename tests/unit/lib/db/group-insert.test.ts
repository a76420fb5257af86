import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { quotes } from '@/lib/db/schema';
import { groupInsert } from '@/lib/db/group-insert';
import { createBusiness } from '@/lib/tenancy/commands';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../../db';

let db: Db;
let businessId: number;

beforeAll(async () => {
  db = await openTestDb();
  businessId = (await createBusiness(db, { slug: 'demo', name: 'Demo Cabs', countryCode: 'in' })).id;
});
afterAll(closeTestDb);

const insertQuote = groupInsert<typeof quotes.$inferInsert & { id: string }, typeof quotes.$inferSelect>(quotes);

const quoteRow = (business: number) => ({
  id: randomUUID(),
  businessId: business,
  rideType: 'oneway' as const,
  tripKind: 'local' as const,
  pickup: { lat: 13.08, lng: 80.27, name: 'Chennai' },
  dropoff: null,
  pickupTime: new Date(),
  distanceM: 1000,
  durationS: 120,
  routeSource: 'estimate' as const,
  currency: 'INR',
  items: [],
  expiresAt: new Date(Date.now() + 60_000),
});

const count = async () => Number((await db.select({ n: sql<number>`count(*)` }).from(quotes))[0].n);

describe('group insert', () => {
  it('stores concurrent rows together and gives each caller its own row', async () => {
    const rows = Array.from({ length: 40 }, () => quoteRow(businessId));
    const stored = await Promise.all(rows.map((row) => insertQuote(db, row)));
    expect(stored.map((s) => s.id)).toEqual(rows.map((r) => r.id));
    expect(await count()).toBe(40);
  });

  it('fails only the caller whose row is refused', async () => {
    const good = Array.from({ length: 5 }, () => quoteRow(businessId));
    const bad = quoteRow(2_000_000_000);
    const results = await Promise.allSettled([...good, bad].map((row) => insertQuote(db, row)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
    expect(await count()).toBe(45);
  });
});
