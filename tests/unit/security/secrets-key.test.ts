import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { resetEnvForTests } from '@/lib/env';
import { loadSecretsKey, resetSecretsKeyForTests, seal, secretsKeyIsDevelopment, unseal } from '@/lib/crypto/secrets';
import { operatorPayu, resealIntegrationSecrets, savePayu } from '@/lib/hosting/integrations';
import { createBusiness } from '@/lib/tenancy/commands';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../db';

/*
 * Secrets with a published key (issue 35 §8): without SECRETS_KEY production
 * sealed operators' PayU salts and WhatsApp tokens with the development key in
 * the source. Production now refuses to start without a key, the demo start
 * generates one (mode 600) and reuses it, and a rotated-out key still opens
 * secrets until they are resealed under the new one.
 */

const KEYS = ['NODE_ENV', 'DATA_DIR', 'SECRETS_KEY', 'SECRETS_KEY_PREVIOUS', 'SECRETS_KEY_AUTO'] as const;
const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));

function setEnv(values: Partial<Record<(typeof KEYS)[number], string>>): void {
  for (const k of KEYS) {
    if (k === 'NODE_ENV') continue;
    delete process.env[k];
  }
  Object.assign(process.env, { NODE_ENV: saved.NODE_ENV, DATA_DIR: saved.DATA_DIR }, values);
  if (values.DATA_DIR === undefined) delete process.env.DATA_DIR;
  resetEnvForTests();
  resetSecretsKeyForTests();
}

const hexKey = () => randomBytes(32).toString('hex');
let dir: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secrets-key-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
afterAll(() => {
  const target = process.env as Record<string, string | undefined>;
  for (const k of KEYS) {
    if (saved[k] === undefined) delete target[k];
    else target[k] = saved[k];
  }
  resetEnvForTests();
  resetSecretsKeyForTests();
});

describe('production without SECRETS_KEY', () => {
  it('refuses to start, naming SECRETS_KEY and how to make one', () => {
    setEnv({ NODE_ENV: 'production', DATA_DIR: dir });
    expect(() => loadSecretsKey()).toThrow(/SECRETS_KEY is not set[\s\S]*openssl rand -hex 32/);
    // nor does anything get sealed under the public development key
    expect(() => seal('salt', 'ctx')).toThrow(/SECRETS_KEY is not set/);
    expect(fs.existsSync(path.join(dir, 'secrets.key'))).toBe(false);
  });

  it('starts with a key, which is not the development one', () => {
    setEnv({ NODE_ENV: 'production', DATA_DIR: dir, SECRETS_KEY: hexKey() });
    expect(loadSecretsKey().source).toBe('env');
    expect(secretsKeyIsDevelopment()).toBe(false);
  });
});

describe('the demo start (SECRETS_KEY_AUTO=1)', () => {
  it('generates a key into the data directory with mode 600, says so, and reuses it on the next start', () => {
    setEnv({ NODE_ENV: 'production', DATA_DIR: dir, SECRETS_KEY_AUTO: '1' });
    const first = loadSecretsKey();
    const file = path.join(dir, 'secrets.key');
    expect(first).toEqual({ source: 'file', file, generated: true });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
    expect(secretsKeyIsDevelopment()).toBe(false);
    const sealed = seal('MoonriseSalt42xyz', 'ctx');
    const contents = fs.readFileSync(file, 'utf8');

    // a restart: the same file, the same key
    setEnv({ NODE_ENV: 'production', DATA_DIR: dir, SECRETS_KEY_AUTO: '1' });
    expect(loadSecretsKey()).toEqual({ source: 'file', file, generated: false });
    expect(fs.readFileSync(file, 'utf8')).toBe(contents);
    expect(unseal(sealed, 'ctx')).toBe('MoonriseSalt42xyz');

    // and it is not the development key
    setEnv({});
    expect(() => unseal(sealed, 'ctx')).toThrow();
  });

  it('a set SECRETS_KEY wins over the file', () => {
    setEnv({ NODE_ENV: 'production', DATA_DIR: dir, SECRETS_KEY_AUTO: '1', SECRETS_KEY: hexKey() });
    expect(loadSecretsKey().source).toBe('env');
    expect(fs.existsSync(path.join(dir, 'secrets.key'))).toBe(false);
  });
});

describe('key rotation', () => {
  let db: Db;
  let tenant: { id: number };
  const oldKey = hexKey();
  const newKey = hexKey();

  beforeAll(async () => {
    db = await openTestDb();
    tenant = await createBusiness(db, { slug: 'rotating', name: 'Rotating Cabs', countryCode: 'in' });
  }, 120_000);
  afterAll(async () => {
    await closeTestDb();
  });

  it('reads under the previous key, reseals under the new one, then needs only the new one', async () => {
    setEnv({ SECRETS_KEY: oldKey });
    await savePayu(db, tenant, { merchantKey: 'RotKey01', salt: 'RotatingSalt42xyz' });

    // the new key alone cannot open it
    setEnv({ SECRETS_KEY: newKey });
    await expect(operatorPayu(db, tenant.id)).rejects.toThrow();

    // new key plus the previous: read, then moved by the start's reseal
    setEnv({ SECRETS_KEY: newKey, SECRETS_KEY_PREVIOUS: oldKey });
    expect(await operatorPayu(db, tenant.id)).toEqual({ key: 'RotKey01', salt: 'RotatingSalt42xyz' });
    expect(await resealIntegrationSecrets(db)).toEqual({ resealed: 1, unreadable: [] });
    expect(await resealIntegrationSecrets(db)).toEqual({ resealed: 0, unreadable: [] });

    // the old key can go
    setEnv({ SECRETS_KEY: newKey });
    expect(await operatorPayu(db, tenant.id)).toEqual({ key: 'RotKey01', salt: 'RotatingSalt42xyz' });
    setEnv({ SECRETS_KEY: oldKey });
    await expect(operatorPayu(db, tenant.id)).rejects.toThrow();
  });

  it('moves secrets sealed under the public development key to a real key, and names the ones no key opens', async () => {
    setEnv({});
    expect(secretsKeyIsDevelopment()).toBe(true);
    await savePayu(db, tenant, { merchantKey: 'RotKey01', salt: 'DevSealedSalt42xyz' });

    setEnv({ SECRETS_KEY: newKey });
    expect(await resealIntegrationSecrets(db)).toEqual({ resealed: 1, unreadable: [] });
    expect(await operatorPayu(db, tenant.id)).toEqual({ key: 'RotKey01', salt: 'DevSealedSalt42xyz' });

    setEnv({ SECRETS_KEY: hexKey() });
    expect(await resealIntegrationSecrets(db)).toEqual({ resealed: 0, unreadable: [{ businessId: tenant.id, kind: 'payu' }] });
  });
});
