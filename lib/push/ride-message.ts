import { eq } from 'drizzle-orm';
import { createTranslator } from 'next-intl';
import type { Db } from '@/lib/db/client';
import { businesses, type Ride, type RideStatus } from '@/lib/db/schema';
import { DEFAULT_COUNTRY, isCountryCode, localizedPath, resolveLanguage, toLocaleTag, type Market } from '@/lib/i18n/markets';
import { loadMessages, type Messages } from '@/lib/i18n/messages';
import type { PushPayload } from './schemas';

/** Where a ride notification opens: the rider's rides. */
export const RIDES_PATH = '/user/rides';

/** The operator's market: riders' language is not stored, so pushes speak the business language (else the country's first). */
function businessMarket(business: { countryCode: string; language: string }): Market {
  const country = isCountryCode(business.countryCode) ? business.countryCode : DEFAULT_COUNTRY;
  return { country, lang: resolveLanguage(country, business.language) };
}

/** The message files of languages not yet translated lack the Notifications keys: those fall back to English. */
async function notificationMessages(locale: string): Promise<{ locale: string; messages: Messages }> {
  const messages = await loadMessages(locale);
  const present = (messages as Partial<Messages>).Notifications?.rideStatus;
  return present ? { locale, messages } : { locale: 'en', messages: await loadMessages('en') };
}

/** The push for a ride that has just become `to`: the business name as title, the status text as body. */
export async function ridePushPayload(db: Db, ride: Pick<Ride, 'number' | 'businessId'>, to: RideStatus): Promise<PushPayload | undefined> {
  const [business] = await db
    .select({ name: businesses.name, countryCode: businesses.countryCode, language: businesses.language })
    .from(businesses)
    .where(eq(businesses.id, ride.businessId))
    .limit(1);
  if (!business) return undefined;
  const market = businessMarket(business);
  const { locale, messages } = await notificationMessages(toLocaleTag(market));
  const t = createTranslator({ locale, messages, namespace: 'Notifications.rideStatus' });
  return {
    title: business.name,
    body: t(to, { id: ride.number }),
    data: { rideId: ride.number, status: to, url: localizedPath(market, RIDES_PATH) },
  };
}
