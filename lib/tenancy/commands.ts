import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { businesses, serviceAreas, type Business } from '@/lib/db/schema';
import { COUNTRIES, DEFAULT_LANGUAGE, resolveLanguage, type CountryCode } from '@/lib/i18n/markets';
import { normalisePlaceName } from '@/lib/places/normalise';
import { seedRateCards } from '@/lib/fares/rate-cards';
import { nameSkeleton } from '@/lib/contact/name-skeleton';

export type ServiceCity = { name: string; region?: string; lat: number; lng: number };

export type CreateBusinessInput = {
  slug: string;
  name: string;
  email?: string;
  phone?: string;
  countryCode: CountryCode;
  language?: string;
  domain?: string | null;
  logoUrl?: string | null;
  bannerUrl?: string | null;
  cities?: ServiceCity[];
};

/** Creates a tenant with its country's phone code, currency and time zone, and its service cities. */
export async function createBusiness(db: Db, input: CreateBusinessInput): Promise<Business> {
  const country = COUNTRIES[input.countryCode];
  return db.transaction(async (tx) => {
    const [business] = await tx
      .insert(businesses)
      .values({
        slug: input.slug,
        name: input.name,
        nameKey: nameSkeleton(input.name),
        email: input.email,
        phone: input.phone,
        phoneCode: country.phoneCode,
        countryCode: input.countryCode,
        language: resolveLanguage(input.countryCode, input.language ?? DEFAULT_LANGUAGE),
        domain: input.domain ?? null,
        logoUrl: input.logoUrl ?? null,
        bannerUrl: input.bannerUrl ?? null,
        currency: country.currency,
        timeZone: country.timeZone,
      })
      .returning();
    await seedRateCards(tx, business.id, country.currency);
    if (input.cities?.length) {
      await tx.insert(serviceAreas).values(
        input.cities.map((city, index) => ({
          businessId: business.id,
          slug: normalisePlaceName(city.name),
          name: city.name,
          region: city.region ?? null,
          lat: city.lat,
          lng: city.lng,
          sortOrder: index,
          isMain: index === 0,
        })),
      );
    }
    return business;
  });
}

export async function businessExists(db: Db, slug: string): Promise<boolean> {
  const rows = await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.slug, slug)).limit(1);
  return rows.length > 0;
}
