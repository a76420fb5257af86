import { MAX_ID } from '@/lib/db/ids';
import { badRequest } from '@/lib/errors/domain-error';

/**
 * A positive id from a path segment in its one spelling ("42"; never "042",
 * "42.0", "4.2e1", " 42" or "0x2a"), within the integer column's range;
 * undefined for anything else, which callers answer as not found.
 */
export function pathId(value: string | string[] | undefined): number | undefined {
  if (typeof value !== 'string' || !/^[1-9]\d{0,9}$/.test(value)) return undefined;
  const id = Number(value);
  return id <= MAX_ID ? id : undefined;
}

/** The path (dotted) of the first string or key holding a NUL character, which PostgreSQL text cannot store. */
function nulPath(value: unknown, at: string[] = [], depth = 0): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? at : undefined;
  if (!value || typeof value !== 'object' || depth > 64) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...at, key.replace(/\u0000/g, '')];
    const found = nulPath(item, [...at, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Refuses input with a NUL character (400 naming the field) before it can reach the database. */
export function refuseNul(value: unknown): void {
  const at = nulPath(value);
  if (!at) return;
  const field = at.length ? at.join('.') : undefined;
  const text = 'Text may not contain NUL characters.';
  throw badRequest(field ? `${field}: ${text}` : text, field);
}
