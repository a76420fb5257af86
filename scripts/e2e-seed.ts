/** Seeds the end-to-end data directory: the demo operator and "acme", an operator in the UAE. */
import path from 'node:path';
import { env } from '../lib/env';
import { closeDatabase, openDatabase } from '../lib/db/client';
import { ensureDemoTenant } from '../lib/tenancy/demo';
import { businessExists, createBusiness } from '../lib/tenancy/commands';
import { findTenantBySlug } from '../lib/tenancy/queries';
import { users } from '../lib/db/schema';

async function main(): Promise<void> {
  const config = env();
  const { db } = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite') });
  if (await ensureDemoTenant(db, config.DEFAULT_TENANT)) {
    // More console logins of the demo operator, so specs that sign partners in back to back
    // are not held by the 30 s resend wait of one address.
    const demo = await findTenantBySlug(config.DEFAULT_TENANT, db);
    await db.insert(users).values([
      { businessId: demo!.id, role: 'travelsx-partner', name: 'Dispatch desk', email: 'dispatch@meridiancabs.example', emailVerifiedAt: new Date() },
      { businessId: demo!.id, role: 'travelsx-partner', name: 'Access desk', email: 'access@meridiancabs.example', emailVerifiedAt: new Date() },
      { businessId: demo!.id, role: 'travelsx-partner', name: 'Night desk', email: 'night@meridiancabs.example', emailVerifiedAt: new Date() },
    ]);
  }
  if (!(await businessExists(db, 'acme'))) {
    const acme = await createBusiness(db, {
      slug: 'acme',
      name: 'Acme Desert Rides',
      email: 'ops@acme-rides.example',
      phone: '501234567',
      countryCode: 'ae',
      language: 'en',
      cities: [
        { name: 'Dubai', lat: 25.2048, lng: 55.2708 },
        { name: 'Abu Dhabi', lat: 24.4539, lng: 54.3773 },
      ],
    });
    await db
      .insert(users)
      .values({ businessId: acme.id, role: 'travelsx-partner', name: 'Acme operations', email: 'ops@acme-rides.example', emailVerifiedAt: new Date() });
  }
  // An operator of its own for automatic dispatch (tests/e2e/auto-dispatch.spec.ts): its offers never reach the demo's drivers.
  if (!(await businessExists(db, 'swift'))) {
    const swift = await createBusiness(db, {
      slug: 'swift',
      name: 'Swift Auto Cabs',
      email: 'ops@swift-cabs.example',
      phone: '9876512345',
      countryCode: 'in',
      language: 'en',
      cities: [{ name: 'Chennai', lat: 13.0878, lng: 80.2785 }],
    });
    await db.insert(users).values({ businessId: swift.id, role: 'travelsx-partner', name: 'Swift dispatch', email: 'ops@swift-cabs.example' });
  }
  await closeDatabase();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
