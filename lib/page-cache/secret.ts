import { randomBytes, timingSafeEqual } from 'node:crypto';

/** One random secret per process, shared by the server bundle and Next's route bundle (two module copies, one globalThis). */
const holder = globalThis as typeof globalThis & { __travelsxRevalidateSecret?: string };

export function revalidateSecret(): string {
  holder.__travelsxRevalidateSecret ??= randomBytes(32).toString('hex');
  return holder.__travelsxRevalidateSecret;
}

export function isRevalidateSecret(value: string | null): boolean {
  const secret = Buffer.from(revalidateSecret());
  const given = Buffer.from(value ?? '');
  return given.length === secret.length && timingSafeEqual(given, secret);
}
