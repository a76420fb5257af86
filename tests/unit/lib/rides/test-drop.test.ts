/**
 * TEST_DROP_BOOKING (lib/env.ts, lib/rides/test-drop.ts): refused with
 * NODE_ENV=production; when on, the nth booking is answered 201 and is not
 * stored, the lost booking the benches must report (issue 36, item 6).
 */
import { NextRequest } from 'next/server';
import { and, eq } from 'drizzle-orm';
import { callApi } from '../../api';
import { rides, users } from '@/lib/db/schema';
import { createBusiness } from '@/lib/tenancy/commands';
import { clearTenantCache } from '@/lib/tenancy/resolve';
import { createSession } from '@/lib/auth/session';
import { createQuote } from '@/lib/fares/quote';
import { parseEnv, resetEnvForTests } from '@/lib/env';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../../db';

let db: Db;
let demo: { id: number; currency: string; timeZone: string };
let cookie: string;

beforeAll(async () => {
  db = await openTestDb();
  clearTenantCache();
  demo = await createBusiness(db, { slug: 'demo', name: 'Demo Cabs', countryCode: 'in', phone: '9000000000' });
  const [rider] = await db.insert(users).values({ businessId: demo.id, role: 'travelsx-user', name: 'Asha', phoneCode: '91', phone: '9845012345' }).returning();
  cookie = `__Host-session=${await createSession(db, { id: rider.id, businessId: demo.id })}`;
});
afterAll(async () => {
  delete process.env.TEST_DROP_BOOKING;
  resetEnvForTests();
  await closeTestDb();
});

describe('TEST_DROP_BOOKING', () => {
  it('is off by default and refused with NODE_ENV=production', () => {
    expect(parseEnv({} as NodeJS.ProcessEnv).TEST_DROP_BOOKING).toBeUndefined();
    expect(parseEnv({ TEST_DROP_BOOKING: '2', NODE_ENV: 'test' } as unknown as NodeJS.ProcessEnv).TEST_DROP_BOOKING).toBe(2);
    expect(() => parseEnv({ TEST_DROP_BOOKING: '2', NODE_ENV: 'production' } as unknown as NodeJS.ProcessEnv)).toThrow(
      /TEST_DROP_BOOKING: .*refused with NODE_ENV=production/,
    );
  });

  it('answers the nth booking 201 and stores it not; the others are stored', async () => {
    process.env.TEST_DROP_BOOKING = '2';
    resetEnvForTests();
    const quote = await createQuote(db, demo, {
      rideType: 'oneway',
      tripKind: 'outstation',
      pickupLocation: { lat: 13.0878, lng: 80.2785, name: 'Chennai' },
      dropoffLocation: { lat: 12.9719, lng: 77.5937, name: 'Bengaluru' },
      pickupTime: new Date(Date.now() + 36 * 3600_000).toISOString(),
    });
    const answers: { key: string; status: number; number: number }[] = [];
    for (const key of ['drop-test-1', 'drop-test-2', 'drop-test-3']) {
      const response = await callApi(
        new NextRequest('http://localhost:3000/api/rides', {
          method: 'POST',
          body: JSON.stringify({ rideSearchId: quote.id, rideVehicle: 'sedan', idempotencyKey: key }),
          headers: { host: 'localhost:3000', origin: 'http://localhost:3000', 'content-type': 'application/json', cookie },
        }),
      );
      const json = (await response.json()) as { data?: { id: number }[] };
      answers.push({ key, status: response.status, number: json.data?.[0]?.id ?? -1 });
    }
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    const stored = async (a: { key: string; number: number }) =>
      (
        await db
          .select({ id: rides.id })
          .from(rides)
          .where(and(eq(rides.businessId, demo.id), eq(rides.number, a.number), eq(rides.idempotencyKey, a.key)))
      ).length;
    expect(await Promise.all(answers.map(stored))).toEqual([1, 0, 1]);
  });
});
