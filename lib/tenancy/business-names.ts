import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { businesses } from '@/lib/db/schema';
import { isUniqueViolation } from '@/lib/db/unique-violation';
import { DomainError } from '@/lib/errors/domain-error';

/**
 * Business names are unique per platform, compared without case and white
 * space: the database holds the guarantee (unique index businesses_name_key on
 * lower(regexp_replace(name, '\s+', '', 'g'))); this reads it ahead for a clear answer.
 */
export function nameKey(name: string): string {
  return name.replace(/\s+/g, '').toLowerCase();
}

export const nameTaken = () =>
  new DomainError('conflict', 'business_name_taken', 'businessName: Another operator already uses this business name. Choose another one.', 'businessName');

/** True when another business (not `exceptId`) holds the name, compared as the unique index compares. */
export async function isNameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(
      sql`lower(regexp_replace(${businesses.name}, '\\s+', '', 'g')) = ${nameKey(name)}${exceptId === undefined ? sql`` : sql` and ${businesses.id} <> ${exceptId}`}`,
    )
    .limit(1);
  return rows.length > 0;
}

/** True for the database's refusal of a second business with the same name (or a same-key race). */
export function isNameViolation(error: unknown): boolean {
  return isUniqueViolation(error, 'businesses_name_key');
}
