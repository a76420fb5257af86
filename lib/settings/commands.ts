import 'server-only';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { businesses, drivers, rateCards, rides, serviceAreas, vehicles } from '@/lib/db/schema';
import { COUNTRIES, languagesForCountry, type CountryCode } from '@/lib/i18n/markets';
import { cityById, loadGazetteer } from '@/lib/places/gazetteer';
import { normalisePlaceName } from '@/lib/places/normalise';
import { isNameTaken, isNameViolation, isShortNameTaken, isShortNameViolation, shortNameKey, withNamesLocked } from '@/lib/tenancy/business-names';
import { nameSkeleton } from '@/lib/contact/name-skeleton';
import { listServiceAreas } from '@/lib/tenancy/queries';
import { checkBrandColour } from './colour';
import { offeredLanguages } from './languages';
import { settingsError } from './errors';
import type { CitiesInput, MarketInput, ProfileInput } from './schemas';
import type { StoredLogo } from './logo';

/*
 * Business settings as the console reads and writes them. Every write is
 * scoped to the tenant's own row (the route passes the tenant of the Host,
 * whose session it checked) and stamps settings_updated_at, which the
 * sitemaps' lastmod and the share images' versions follow.
 */

export type SettingsCity = { slug: string; name: string; region: string | null; lat: number; lng: number; main: boolean };

export type BusinessSettingsView = {
  slug: string;
  name: string;
  shortName: string | null;
  phoneCode: string;
  phone: string | null;
  whatsappPhone: string | null;
  email: string | null;
  logoUrl: string | null;
  brandColor: string;
  countryCode: string;
  currency: string;
  timeZone: string;
  /** Whether codes and ride messages go to phone numbers of other countries too. */
  messagesAbroad: boolean;
  /** The languages the site offers, and every language of the market to choose from. */
  languages: string[];
  marketLanguages: string[];
  cities: SettingsCity[];
  updatedAt: string;
};

const cityView = (area: { slug: string; name: string; region: string | null; lat: number; lng: number; isMain: boolean }): SettingsCity => ({
  slug: area.slug,
  name: area.name,
  region: area.region,
  lat: area.lat,
  lng: area.lng,
  main: area.isMain,
});

async function businessRow(db: Db, businessId: number) {
  const [row] = await db.select().from(businesses).where(eq(businesses.id, businessId)).limit(1);
  if (!row) throw settingsError('businessMissing', 'business', 'not_found');
  return row;
}

export async function readSettings(db: Db, businessId: number): Promise<BusinessSettingsView> {
  const [row, areas] = await Promise.all([businessRow(db, businessId), listServiceAreas(businessId, db)]);
  const country = (COUNTRIES[row.countryCode as CountryCode] ? row.countryCode : 'in') as CountryCode;
  return {
    slug: row.slug,
    name: row.name,
    shortName: row.shortName,
    phoneCode: row.phoneCode,
    phone: row.phone,
    whatsappPhone: row.whatsappPhone,
    email: row.email,
    logoUrl: row.logoUrl,
    brandColor: row.brandColor,
    countryCode: country,
    currency: row.currency,
    timeZone: row.timeZone,
    messagesAbroad: row.messagesAbroad,
    languages: offeredLanguages(row),
    marketLanguages: [...languagesForCountry(country)],
    cities: areas.map(cityView),
    updatedAt: row.settingsUpdatedAt.toISOString(),
  };
}

const touched = () => ({ settingsUpdatedAt: new Date() });

/**
 * Saves the profile. A name another operator (or the platform) holds, compared
 * by skeleton as the unique index compares, is refused with field `name`,
 * also when a second rename races this one to it; a short name reading like
 * the platform's name or another operator's name or short name, with field
 * `shortName` (issue 35 §10).
 */
export async function updateProfile(db: Db, businessId: number, input: ProfileInput): Promise<void> {
  const taken = () => settingsError('nameTaken', 'name', 'conflict');
  const shortTaken = () => settingsError('shortNameTaken', 'shortName', 'conflict');
  await withNamesLocked(async () => {
    if (await isNameTaken(db, input.name, businessId)) throw taken();
    if (input.shortName && (await isShortNameTaken(db, input.shortName, businessId))) throw shortTaken();
    try {
      await db
        .update(businesses)
        .set({
          name: input.name,
          nameKey: nameSkeleton(input.name),
          ...(input.shortName !== undefined ? { shortName: input.shortName, shortNameKey: shortNameKey(input.shortName) } : {}),
          ...(input.phone !== undefined ? { phone: input.phone } : {}),
          ...(input.whatsappPhone !== undefined ? { whatsappPhone: input.whatsappPhone } : {}),
          ...(input.email !== undefined ? { email: input.email } : {}),
          ...touched(),
        })
        .where(eq(businesses.id, businessId));
    } catch (error) {
      if (isShortNameViolation(error)) throw shortTaken();
      throw isNameViolation(error) ? taken() : error;
    }
  });
}

/** Saves the brand colour, or refuses it (field `colour`) when white text on it fails WCAG AA, naming the nearest passing shade. */
export async function setBrandColour(db: Db, businessId: number, colour: string): Promise<string> {
  const check = checkBrandColour(colour);
  if (!check.ok) throw settingsError('colourContrast', 'colour', 'invalid', { colour, ratio: check.ratio, suggestion: check.suggestion });
  await db
    .update(businesses)
    .set({ brandColor: colour, ...touched() })
    .where(eq(businesses.id, businessId));
  return colour;
}

export async function setLogo(db: Db, businessId: number, logo: StoredLogo | null): Promise<void> {
  await db
    .update(businesses)
    .set({ logoUrl: logo?.logoUrl ?? null, iconBase: logo?.iconBase ?? null, ...touched() })
    .where(eq(businesses.id, businessId));
}

/**
 * Replaces the operator's service cities with the given list, in its order:
 * existing cities by slug, new ones by gazetteer id (name and position come
 * from the gazetteer, never from the request). The main city is the one
 * flagged, else the first. An unknown slug or id, or a city listed twice,
 * refuses the whole list (field `cities.{i}`) and nothing changes.
 */
export async function saveCities(db: Db, businessId: number, input: CitiesInput): Promise<SettingsCity[]> {
  const existing = await listServiceAreas(businessId, db);
  const bySlug = new Map(existing.map((area) => [area.slug, area]));
  if (input.cities.some((city) => 'gazetteerId' in city)) await loadGazetteer();
  const wanted: { slug: string; name: string; region: string | null; lat: number; lng: number; gazetteerId: number | null; main: boolean }[] = [];
  const seen = new Set<string>();
  input.cities.forEach((city, i) => {
    const field = `cities.${i}`;
    let next: (typeof wanted)[number];
    if ('slug' in city) {
      const area = bySlug.get(city.slug);
      if (!area) throw settingsError('cityUnknown', field);
      next = { slug: area.slug, name: area.name, region: area.region, lat: area.lat, lng: area.lng, gazetteerId: area.gazetteerId, main: city.main ?? false };
    } else {
      const place = cityById(city.gazetteerId);
      const slug = place ? normalisePlaceName(place.name) : '';
      if (!place || !slug) throw settingsError('cityUnknown', field);
      const same = bySlug.get(slug);
      next = same
        ? { slug, name: same.name, region: same.region, lat: same.lat, lng: same.lng, gazetteerId: same.gazetteerId, main: city.main ?? false }
        : { slug, name: place.name, region: null, lat: place.lat, lng: place.lng, gazetteerId: place.id, main: city.main ?? false };
    }
    if (seen.has(next.slug)) throw settingsError('cityTwice', field, 'invalid', { city: next.name });
    seen.add(next.slug);
    wanted.push(next);
  });
  const mainIndex = Math.max(
    0,
    wanted.findIndex((city) => city.main),
  );
  await db.transaction(async (tx) => {
    // the operator's row first: two saves of the same operator take turns
    await tx.execute(sql`select id from businesses where id = ${businessId} for update`);
    await tx.delete(serviceAreas).where(eq(serviceAreas.businessId, businessId));
    if (wanted.length) {
      await tx.insert(serviceAreas).values(
        wanted.map((city, index) => ({
          businessId,
          slug: city.slug,
          name: city.name,
          region: city.region,
          lat: city.lat,
          lng: city.lng,
          gazetteerId: city.gazetteerId,
          sortOrder: index,
          isMain: index === mainIndex,
        })),
      );
    }
    await tx.update(businesses).set(touched()).where(eq(businesses.id, businessId));
  });
  return (await listServiceAreas(businessId, db)).map(cityView);
}

/** Country, currency, zone and offered languages; the languages must be the new country's (field `languages`). */
export async function setMarket(db: Db, businessId: number, input: MarketInput): Promise<void> {
  const country = input.countryCode as CountryCode;
  const listed = languagesForCountry(country);
  const unknown = input.languages.find((lang) => !listed.includes(lang));
  if (unknown) throw settingsError('languageNotInMarket', 'languages', 'invalid', { language: unknown });
  // market table order, each once
  const languages = listed.filter((lang) => input.languages.includes(lang));
  const row = await businessRow(db, businessId);
  const language = languages.includes(row.language) ? row.language : languages[0];
  await db
    .update(businesses)
    .set({
      countryCode: country,
      phoneCode: COUNTRIES[country].phoneCode,
      currency: input.currency,
      timeZone: input.timeZone,
      languages,
      language,
      ...(input.messagesAbroad === undefined ? {} : { messagesAbroad: input.messagesAbroad }),
      ...touched(),
    })
    .where(eq(businesses.id, businessId));
}

export type ChecklistItem = { key: 'logo' | 'cities' | 'rates' | 'vehicle' | 'driver' | 'booking'; done: boolean };

/** The first-run checklist of a new operator: each step done or not, in the order the console shows them. */
export async function firstRunChecklist(db: Db, businessId: number): Promise<ChecklistItem[]> {
  const row = await businessRow(db, businessId);
  const one = async (query: Promise<unknown[]>) => (await query).length > 0;
  const [cities, rates, vehicle, driver, booking] = await Promise.all([
    one(db.select({ id: serviceAreas.id }).from(serviceAreas).where(eq(serviceAreas.businessId, businessId)).limit(1)),
    // seeded with the business in one transaction (same now()): a card saved later is one the operator set;
    // compared in SQL, as a JS Date would drop PostgreSQL's microseconds
    one(
      db
        .select({ id: rateCards.id })
        .from(rateCards)
        .where(
          and(
            eq(rateCards.businessId, businessId),
            eq(rateCards.active, true),
            gt(rateCards.updatedAt, sql`(select created_at from businesses where id = ${businessId})`),
          ),
        )
        .limit(1),
    ),
    one(
      db
        .select({ id: vehicles.id })
        .from(vehicles)
        .where(and(eq(vehicles.businessId, businessId), isNull(vehicles.removedAt)))
        .limit(1),
    ),
    one(
      db
        .select({ id: drivers.id })
        .from(drivers)
        .where(and(eq(drivers.businessId, businessId), isNull(drivers.removedAt)))
        .limit(1),
    ),
    one(db.select({ id: rides.id }).from(rides).where(eq(rides.businessId, businessId)).orderBy(asc(rides.id)).limit(1)),
  ]);
  return [
    { key: 'logo', done: Boolean(row.logoUrl) },
    { key: 'cities', done: cities },
    { key: 'rates', done: rates },
    { key: 'vehicle', done: vehicle },
    { key: 'driver', done: driver },
    { key: 'booking', done: booking },
  ];
}
