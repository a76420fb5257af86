import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { env } from '@/lib/env';

/**
 * Operators' integration secrets at rest: AES-256-GCM under SECRETS_KEY (32
 * bytes, hex or base64). Without it a development key is used: it is derived
 * from a fixed, public string, so it hides nothing from anyone who reads this
 * file. `secretsKeyIsDevelopment()` says so, and the console shows it.
 */
const DEV_KEY = createHash('sha256').update('travelsx development secrets key: NOT SECRET, set SECRETS_KEY').digest();

export function secretsKeyIsDevelopment(): boolean {
  return !env().SECRETS_KEY;
}

function key(): Buffer {
  const configured = env().SECRETS_KEY;
  if (!configured) return DEV_KEY;
  return /^[0-9a-fA-F]{64}$/.test(configured) ? Buffer.from(configured, 'hex') : Buffer.from(configured, 'base64');
}

/** `v1:{iv}:{tag}:{ciphertext}` (base64url), a fresh 96-bit IV each time; `context` (e.g. business id and kind) is bound as associated data. */
export function seal(plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(), iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(':');
}

/** The plaintext of `seal`; throws when the key, the context or the bytes differ. */
export function unseal(sealed: string, context: string): string {
  const [version, iv, tag, body] = sealed.split(':');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key(), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** A secret as the console shows it back: its last four characters only ("••••••••k3Zq"). */
export function maskSecret(secret: string): string {
  return secret.length <= 4 ? '••••' : `••••••••${secret.slice(-4)}`;
}
