/**
 * Seeds bench/dispatch.mjs's data directory: the demo operator in automatic
 * dispatch (offers as soon as a ride is booked for the next day, 30 s to
 * answer), DRIVERS verified online drivers with a sedan each, placed around
 * Chennai, RIDERS riders, and QUOTES local trips (Chennai Central to T Nagar)
 * picked up every 30 minutes over the next day. Writes the sessions and quote
 * ids as JSON to the file named by the second argument.
 * Usage: DATA_DIR=... [DATABASE_URL=postgres://...] npx tsx bench/dispatch-seed.ts [drivers] [out.json]
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { env } from '../lib/env';
import { closeDatabase, openDatabase } from '../lib/db/client';
import { businesses, drivers, users, vehicles } from '../lib/db/schema';
import { createSession } from '../lib/auth/session';
import { createQuote } from '../lib/fares/quote';
import { saveDispatchSettings } from '../lib/dispatch/settings';
import { ensureDemoTenant } from '../lib/tenancy/demo';

const DRIVERS = Number(process.argv[2] ?? 500);
const OUT = process.argv[3] ?? 'dispatch-seed.json';
const RIDERS = 40;
const QUOTES = 46;
/** Chennai Central; drivers within about 15 km of it. */
const CENTRE = { lat: 13.0878, lng: 80.2785 };

async function main(): Promise<void> {
  const config = env();
  const { db } = await openDatabase({ databaseUrl: config.DATABASE_URL ?? '', dataDir: path.join(config.DATA_DIR, 'pglite') });
  await ensureDemoTenant(db, config.DEFAULT_TENANT);
  const [business] = await db.select().from(businesses).where(eq(businesses.slug, config.DEFAULT_TENANT));
  await saveDispatchSettings(db, business.id, {
    mode: 'automatic',
    offerSeconds: 30,
    maxOffers: 5,
    allowUpgrades: false,
    offerLeadMinutes: 1440,
    bufferMinutes: 30,
    shareLeadMinutes: 30,
  });
  // the demo's own drivers stay out of the run: only the bench's fleet answers offers
  await db.update(drivers).set({ online: false }).where(eq(drivers.businessId, business.id));
  const now = new Date();
  const driverTokens: { token: string; lat: number; lng: number }[] = [];
  for (let i = 0; i < DRIVERS; i++) {
    const phone = String(9600000000 + i);
    const [user] = await db
      .insert(users)
      .values({ businessId: business.id, role: 'travelsx-driver', name: `Bench driver ${i}`, phoneCode: '91', phone })
      .returning();
    const [vehicle] = await db
      .insert(vehicles)
      .values({ businessId: business.id, vehicleType: 'sedan', model: 'Maruti Dzire', number: `TN22 B${String(i).padStart(4, '0')}` })
      .returning();
    const lat = CENTRE.lat + (Math.random() - 0.5) * 0.27;
    const lng = CENTRE.lng + (Math.random() - 0.5) * 0.27;
    await db.insert(drivers).values({
      businessId: business.id,
      userId: user.id,
      vehicleId: vehicle.id,
      name: `Bench driver ${i}`,
      phoneCode: '91',
      phone,
      accountStatus: 'Verified',
      online: true,
      onlineAt: now,
      lat,
      lng,
      locatedAt: now,
    });
    driverTokens.push({ token: await createSession(db, { id: user.id, businessId: business.id }), lat, lng });
  }
  const riderTokens: string[] = [];
  for (let i = 0; i < RIDERS; i++) {
    const [rider] = await db
      .insert(users)
      .values({ businessId: business.id, role: 'travelsx-user', name: `Bench rider ${i}`, phoneCode: '91', phone: String(9500000000 + i) })
      .returning();
    riderTokens.push(await createSession(db, { id: rider.id, businessId: business.id }));
  }
  const quoteIds: string[] = [];
  for (let i = 0; i < QUOTES; i++) {
    const quote = await createQuote(db, business, {
      rideType: 'oneway',
      tripKind: 'local',
      pickupLocation: { ...CENTRE, name: 'Chennai Central' },
      dropoffLocation: { lat: 13.0418, lng: 80.2341, name: 'T Nagar' },
      pickupTime: new Date(now.getTime() + (i + 1) * 30 * 60_000).toISOString(),
    });
    quoteIds.push(quote.id);
  }
  const [partner] = await db
    .select()
    .from(users)
    .where(and(eq(users.businessId, business.id), eq(users.role, 'travelsx-partner')))
    .limit(1);
  // the console's session, for the fleet map watched in Chromium during the load
  const partnerToken = await createSession(db, { id: partner.id, businessId: business.id });
  fs.writeFileSync(OUT, JSON.stringify({ drivers: driverTokens, riders: riderTokens, quotes: quoteIds, partnerId: partner.id, partnerToken }));
  await closeDatabase();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
