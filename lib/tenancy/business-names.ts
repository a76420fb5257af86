import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { businesses } from '@/lib/db/schema';
import { isUniqueViolation } from '@/lib/db/unique-violation';
import { DomainError } from '@/lib/errors/domain-error';
import { nameSkeleton } from '@/lib/contact/name-skeleton';
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

/** True when another business (not `exceptId`) or the platform holds the name, compared as the unique index compares. */
export async function isNameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  const key = nameSkeleton(name);
  if (key === nameSkeleton(platformName())) return true;
  const rows = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(and(eq(businesses.nameKey, key), exceptId === undefined ? undefined : ne(businesses.id, exceptId)))
    .limit(1);
  return rows.length > 0;
}

/** True for the database's refusal of a second business with the same name (or a same-key race). */
export function isNameViolation(error: unknown): boolean {
  return isUniqueViolation(error, 'businesses_name_key');
}
