import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { businesses, users, type Business, type User } from '@/lib/db/schema';
import { createBusiness } from '@/lib/tenancy/commands';
import type { CountryCode } from '@/lib/i18n/markets';
import type { Phone } from '@/lib/contact/identifiers';
import { PLATFORM_SLUG } from '@/lib/tenancy/host';
import { isNameTaken, isNameViolation, nameTaken, withNamesLocked } from '@/lib/tenancy/business-names';

const RESERVED = new Set(['www', 'api', 'app', 'admin', 'mail', 'static', 'assets', 'demo', 'biz', 'travel', 'main', PLATFORM_SLUG]);

/** A host-safe slug from a business name: ASCII letters, digits and single hyphens, at most 30 characters. */
export function slugFromName(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 30)
    .replace(/-+$/, '');
  return base.length >= 2 ? base : 'operator';
}

async function freeSlug(db: Db, name: string): Promise<string> {
  const base = slugFromName(name);
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? base : `${base.slice(0, 26)}-${n}`;
    if (RESERVED.has(candidate)) continue;
    const [taken] = await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.slug, candidate)).limit(1);
    if (!taken) return candidate;
  }
  return `${base.slice(0, 20)}-${Date.now().toString(36)}`;
}

/**
 * Partner signup: the business (tenant) with its country and language, and its
 * owner account. A name another business (or the platform) holds, compared by
 * skeleton (lib/contact/name-skeleton.ts), is refused with `business_name_taken`,
 * also when two signups race (unique index). Two different names may still
 * share a slug ("Café Cabs" and "Cafe Cabs"):
 * the later one's host gets a number, its name stays as typed.
 */
export async function createBusinessForSignup(
  db: Db,
  input: { name: string; email: string; phone?: Phone; role: 'travelsx-partner' | 'deliverx-partner'; country: CountryCode; lang: string },
): Promise<{ business: Business; owner: User }> {
  const business: Business = await withNamesLocked(async () => {
    if (await isNameTaken(db, input.name)) throw nameTaken();
    const slug = await freeSlug(db, input.name);
    try {
      return await createBusiness(db, {
        slug,
        name: input.name,
        email: input.email,
        phone: input.phone?.number,
        countryCode: input.country,
        language: input.lang,
      });
    } catch (error) {
      if (isNameViolation(error)) throw nameTaken();
      throw error;
    }
  });
  const [owner] = await db
    .insert(users)
    .values({
      businessId: business.id,
      role: input.role,
      name: input.name,
      email: input.email,
      // the signup's code went to this e-mail
      emailVerifiedAt: new Date(),
      phoneCode: input.phone?.dialCode ?? null,
      phone: input.phone?.number ?? null,
    })
    .returning();
  const [updated] = await db.update(businesses).set({ ownerUserId: owner.id }).where(eq(businesses.id, business.id)).returning();
  return { business: updated, owner };
}
