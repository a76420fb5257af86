import fs from 'node:fs';
import path from 'node:path';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { env, type Env } from '@/lib/env';

/**
 * Operators' integration secrets at rest: AES-256-GCM under SECRETS_KEY (32
 * bytes, hex or base64). Which key (docs/requirements/deployer.md, "Secrets key"):
 * - SECRETS_KEY when set;
 * - in production without it, the server refuses to start, except the demo start
 *   (`npm start`, SECRETS_KEY_AUTO=1), which generates a key into
 *   DATA_DIR/secrets.key (mode 600) once and reuses it;
 * - in development and tests a development key derived from a fixed, public
 *   string: it hides nothing from anyone who reads this file.
 *   `secretsKeyIsDevelopment()` says so, and the console shows it.
 * SECRETS_KEY_PREVIOUS (a rotated-out key) still opens secrets; new ones are
 * always sealed under the current key, and `resealSecrets` moves stored ones.
 */
const DEV_KEY = createHash('sha256').update('travelsx development secrets key: NOT SECRET, set SECRETS_KEY').digest();

const SECRETS_KEY_FILE = 'secrets.key';

type Keys = { current: Buffer; previous?: Buffer; source: 'env' | 'file' | 'development'; file?: string; generated?: boolean };

const globalForSecrets = globalThis as unknown as { __travelsxSecretsKeys?: Keys };

function parseKey(text: string): Buffer {
  return /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
}

/** The message a production start without SECRETS_KEY stops with. */
const MISSING_SECRETS_KEY =
  "SECRETS_KEY is not set. In production it seals operators' integration secrets (PayU salts, WhatsApp tokens) and the built-in development key is public. " +
  "Make one with `openssl rand -hex 32` (or `node -e \"console.log(require('crypto').randomBytes(32).toString('hex'))\"`), set it as SECRETS_KEY and keep a copy: secrets sealed under a lost key cannot be read.";

/** Reads DATA_DIR/secrets.key, or creates it (mode 600) once; concurrent first starts agree on one file. */
function fileKey(dataDir: string): { key: Buffer; file: string; generated: boolean } {
  const file = path.resolve(dataDir, SECRETS_KEY_FILE);
  const read = () => {
    const text = fs.readFileSync(file, 'utf8').trim();
    if (!/^[0-9a-fA-F]{64}$/.test(text))
      throw new Error(`${file} does not hold a 64-hex-character secrets key; restore it from a backup (secrets sealed under it cannot be read without it).`);
    return parseKey(text);
  };
  if (fs.existsSync(file)) return { key: read(), file, generated: false };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const key = randomBytes(32);
  try {
    fs.writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    return { key, file, generated: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return { key: read(), file, generated: false };
    throw error;
  }
}

function resolveKeys(config: Env): Keys {
  const previous = config.SECRETS_KEY_PREVIOUS ? parseKey(config.SECRETS_KEY_PREVIOUS) : undefined;
  if (config.SECRETS_KEY) return { current: parseKey(config.SECRETS_KEY), previous, source: 'env' };
  if (config.NODE_ENV === 'production') {
    if (config.SECRETS_KEY_AUTO !== '1') throw new Error(MISSING_SECRETS_KEY);
    const { key, file, generated } = fileKey(config.DATA_DIR);
    return { current: key, previous, source: 'file', file, generated };
  }
  return { current: DEV_KEY, previous, source: 'development' };
}

function keys(): Keys {
  return (globalForSecrets.__travelsxSecretsKeys ??= resolveKeys(env()));
}

/**
 * Settles the key at start (server.ts): throws MISSING_SECRETS_KEY in production
 * without SECRETS_KEY unless SECRETS_KEY_AUTO=1. Says where the key came from.
 */
export function loadSecretsKey(): { source: Keys['source']; file?: string; generated?: boolean } {
  const { source, file, generated } = keys();
  return { source, file, generated };
}

export function secretsKeyIsDevelopment(): boolean {
  return keys().source === 'development';
}

/** `v1:{iv}:{tag}:{ciphertext}` (base64url), a fresh 96-bit IV each time; `context` (e.g. business id and kind) is bound as associated data. */
export function seal(plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys().current, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(':');
}

function unsealWith(key: Buffer, sealed: string, context: string): string {
  const [version, iv, tag, body] = sealed.split(':');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** The plaintext of `seal`, under the current key or SECRETS_KEY_PREVIOUS; throws when neither key, the context or the bytes fit. */
export function unseal(sealed: string, context: string): string {
  const { current, previous } = keys();
  try {
    return unsealWith(current, sealed, context);
  } catch (error) {
    if (!previous) throw error;
    return unsealWith(previous, sealed, context);
  }
}

/**
 * A stored secret under the current key: undefined when it already is, else it
 * resealed. Opens with SECRETS_KEY_PREVIOUS, or the public development key (a
 * deployment that ran without SECRETS_KEY moves off it on its first start with
 * one); throws when no key opens it.
 */
export function reseal(sealed: string, context: string): string | undefined {
  const { current, previous } = keys();
  try {
    unsealWith(current, sealed, context);
    return undefined;
  } catch {
    // not under the current key: try the older ones
  }
  for (const key of [previous, DEV_KEY]) {
    if (!key || key.equals(current)) continue;
    try {
      return seal(unsealWith(key, sealed, context), context);
    } catch {
      // the next one
    }
  }
  throw new Error('no key opens this secret (neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS)');
}

/** A secret as the console shows it back: its last four characters only ("••••••••k3Zq"). */
export function maskSecret(secret: string): string {
  return secret.length <= 4 ? '••••' : `••••••••${secret.slice(-4)}`;
}

/** Forgets the loaded keys (tests change the env or DATA_DIR between cases). */
export function resetSecretsKeyForTests(): void {
  globalForSecrets.__travelsxSecretsKeys = undefined;
}
