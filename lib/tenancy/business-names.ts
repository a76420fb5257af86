import { and, eq, ne, or } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { businesses } from '@/lib/db/schema';
import { isUniqueViolation } from '@/lib/db/unique-violation';
import { DomainError } from '@/lib/errors/domain-error';
import { nameSkeleton } from '@/lib/contact/name-skeleton';
import { serialised } from '@/lib/cluster/lock';
import { platformName } from './platform';

/**
 * Business names are unique per platform, compared by their skeleton (case,
 * spaces, punctuation, invisible characters, full-width forms and look-alike
 * letters of other scripts do not make a name new; issue 35 §10): the database
 * holds the guarantee (unique index businesses_name_key on name_key, the
 * skeleton each write stores); this reads it ahead for a clear answer. The
 * platform's own name is reserved the same way, also before its row exists.
 */
export const nameTaken = () =>
  new DomainError('conflict', 'business_name_taken', 'businessName: Another operator already uses this business name. Choose another one.', 'businessName');

/** True when another business (not `exceptId`) or the platform holds the name, or another business a short name reading the same, compared as the unique indexes compare. */
export async function isNameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  return isKeyTaken(db, nameSkeleton(name), exceptId);
}

async function isKeyTaken(db: Db, key: string, exceptId?: number): Promise<boolean> {
  if (key === nameSkeleton(platformName())) return true;
  const rows = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(and(or(eq(businesses.nameKey, key), eq(businesses.shortNameKey, key)), exceptId === undefined ? undefined : ne(businesses.id, exceptId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * The key a short name is stored under (short_name_key): its skeleton, or
 * null for none or one with nothing readable (an emoji alone imitates no name).
 */
export const shortNameKey = (shortName: string | null): string | null => (shortName === null ? null : nameSkeleton(shortName) || null);

/**
 * True when the short name reads like the platform's name, or like another
 * operator's (not `exceptId`) name or short name. The short name may read
 * like the operator's own name ("Sunrise" for "Sunrise Cabs" or for "Sunrise").
 * Unique index businesses_short_name_key holds short name against short name;
 * against names this read is the guard.
 */
export async function isShortNameTaken(db: Db, shortName: string, exceptId: number): Promise<boolean> {
  const key = shortNameKey(shortName);
  return key !== null && isKeyTaken(db, key, exceptId);
}

/**
 * Runs a read of `isNameTaken` / `isShortNameTaken` and the write it allows
 * one at a time, on every instance (an advisory lock on PostgreSQL, in order
 * within the process on PGlite). The unique indexes hold a name against
 * names and a short name against short names; a name against another
 * operator's short name spans two columns, so without this a signup as
 * "Sunrise Cabs" and another operator's new short name "Sunrise Cabs" could
 * both pass their read and both be stored (issue 35 §10).
 */
export function withNamesLocked<T>(work: () => Promise<T>): Promise<T> {
  return serialised('business-names', work);
}

/** True for the database's refusal of a second business with the same short name (or a same-key race). */
export function isShortNameViolation(error: unknown): boolean {
  return isUniqueViolation(error, 'businesses_short_name_key');
}

/** True for the database's refusal of a second business with the same name (or a same-key race). */
export function isNameViolation(error: unknown): boolean {
  return isUniqueViolation(error, 'businesses_name_key');
}
