import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { businesses } from '@/lib/db/schema';
import { logger } from '@/lib/log';
import { PLATFORM_SLUG } from './host';
import { createBusiness } from './commands';
import { platformName } from './platform';
import { nameSkeleton } from '@/lib/contact/name-skeleton';

/**
 * The platform's own row: the tenant its host resolves to, so signup codes,
 * sign-in tickets and events hang on a business like any other, under the
 * platform's name (kept equal to PLATFORM_NAME on every start). Its slug is
 * never an operator's subdomain and no signup can take its name.
 */
export async function ensurePlatformTenant(db: Db): Promise<void> {
  const name = platformName();
  const [row] = await db.select({ id: businesses.id, name: businesses.name }).from(businesses).where(eq(businesses.slug, PLATFORM_SLUG)).limit(1);
  if (!row) {
    await createBusiness(db, { slug: PLATFORM_SLUG, name, countryCode: 'in', language: 'en' });
  } else if (row.name !== name) {
    try {
      await db
        .update(businesses)
        .set({ name, nameKey: nameSkeleton(name) })
        .where(eq(businesses.id, row.id));
    } catch (error) {
      // an operator already holds that name (unique by skeleton): keep the former one and say so
      logger.warn({ err: error, name }, 'PLATFORM_NAME is taken by an operator; the platform keeps its former name');
    }
  }
}
