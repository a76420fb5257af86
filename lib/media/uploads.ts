import 'server-only';
import path from 'node:path';
import { env } from '@/lib/env';

/** Uploaded images live under DATA_DIR/uploads/{tenant}/{blog|brand|fleet}/ (served by /media/). */
export function uploadsRoot(): string {
  return path.resolve(env().DATA_DIR, 'uploads');
}

/** The image format of the first bytes: png, jpeg or webp; undefined for anything else. */
export function sniffImage(bytes: Uint8Array): 'png' | 'jpeg' | 'webp' | undefined {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return undefined;
}
