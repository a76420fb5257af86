import fs from 'node:fs';
import path from 'node:path';
import { createECDH } from 'node:crypto';
import { env } from '@/lib/env';

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

const KEY_FILE = 'vapid.json';
const globalForVapid = globalThis as unknown as { __travelsxVapid?: VapidKeys };

/** A new P-256 key pair in the base64url form web-push and browsers use (private key padded to 32 bytes). */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const privateKey = ecdh.getPrivateKey();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: Buffer.concat([Buffer.alloc(32 - privateKey.length), privateKey]).toString('base64url'),
  };
}

function isMatchingPair(publicKey: string, privateKey: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey().toString('base64url') === publicKey;
  } catch {
    return false;
  }
}

function readKeyFile(file: string): { publicKey: string; privateKey: string } {
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
  if (typeof parsed.publicKey !== 'string' || typeof parsed.privateKey !== 'string' || !isMatchingPair(parsed.publicKey, parsed.privateKey)) {
    throw new Error(`${file} does not hold a valid VAPID key pair: delete it to generate a new one (browsers then subscribe again).`);
  }
  return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
}

/** Reads DATA_DIR/vapid.json, or creates it (mode 600) once; concurrent first starts agree on one file. */
function fileKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.resolve(dataDir, KEY_FILE);
  if (fs.existsSync(file)) return readKeyFile(file);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const keys = generateVapidKeys();
  try {
    fs.writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    return keys;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readKeyFile(file);
    throw error;
  }
}

/**
 * The server's VAPID keys: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set
 * (both or neither), else DATA_DIR/vapid.json, generated on first use.
 */
export function vapidKeys(): VapidKeys {
  if (globalForVapid.__travelsxVapid) return globalForVapid.__travelsxVapid;
  const config = env();
  const fromEnv = config.VAPID_PUBLIC_KEY || config.VAPID_PRIVATE_KEY;
  if (fromEnv && !(config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY)) throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together.');
  if (fromEnv && !isMatchingPair(config.VAPID_PUBLIC_KEY!, config.VAPID_PRIVATE_KEY!))
    throw new Error('VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY.');
  const pair = fromEnv ? { publicKey: config.VAPID_PUBLIC_KEY!, privateKey: config.VAPID_PRIVATE_KEY! } : fileKeys(config.DATA_DIR);
  const subject = config.VAPID_SUBJECT ?? `mailto:push@${config.MAIN_HOST ?? config.TRAVEL_HOST}`;
  globalForVapid.__travelsxVapid = { ...pair, subject };
  return globalForVapid.__travelsxVapid;
}

/** Forgets the loaded keys (tests change DATA_DIR or the env between cases). */
export function resetVapidForTests(): void {
  globalForVapid.__travelsxVapid = undefined;
}
