/** Seeds the end-to-end data directory: the demo operator and "acme", an operator in the UAE. */
import path from 'node:path';
import { env } from '../lib/env';
import { closeDatabase, openDatabase } from '../lib/db/client';
import { ensureDemoTenant } from '../lib/tenancy/demo';
import { businessExists, createBusiness } from '../lib/tenancy/commands';

async function main(): Promise<void> {
  const config = env();
  const { db } = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite') });
  await ensureDemoTenant(db, config.DEFAULT_TENANT);
  if (!(await businessExists(db, 'acme'))) {
    await createBusiness(db, {
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
  }
  await closeDatabase();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
