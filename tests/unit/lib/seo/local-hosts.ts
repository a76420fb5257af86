import { resetEnvForTests } from '@/lib/env';

const KEYS = ['TRAVEL_HOST', 'MAIN_HOST', 'AGGREGATOR_HOST', 'DEFAULT_TENANT', 'PORT', 'PUBLIC_ORIGIN_SCHEME'] as const;

/** Pins the host settings these tests assume (TRAVEL_HOST localhost, port 3000, default tenant demo), then restores them. */
export function pinLocalHosts(): void {
  const saved: Partial<Record<(typeof KEYS)[number], string>> = {};
  beforeAll(() => {
    for (const key of KEYS) {
      saved[key] = process.env[key];
      delete process.env[key];
    }
    Object.assign(process.env, { TRAVEL_HOST: 'localhost', PORT: '3000', DEFAULT_TENANT: 'demo' });
    resetEnvForTests();
  });
  afterAll(() => {
    for (const key of KEYS) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
    resetEnvForTests();
  });
}
