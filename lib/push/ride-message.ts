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

async function businessOf(db: Db, businessId: number) {
  const [business] = await db
    .select({ name: businesses.name, countryCode: businesses.countryCode, language: businesses.language })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .limit(1);
  return business;
}

/** The push for a ride that has just become `to`: the business name as title, the status text as body. */
export async function ridePushPayload(db: Db, ride: Pick<Ride, 'number' | 'businessId'>, to: RideStatus): Promise<PushPayload | undefined> {
  const business = await businessOf(db, ride.businessId);
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

/**
 * The push to a console user for a ride event (docs/requirements/partner.md#ride-events): "Ride #71" and the event's
 * label as the ride event page shows it, in the business language; it opens the console's board searched for the ride.
 */
export async function partnerRidePushPayload(
  db: Db,
  ride: Pick<Ride, 'number' | 'businessId'>,
  to: RideStatus,
  area: 'travel' | 'delivery',
): Promise<PushPayload | undefined> {
  const business = await businessOf(db, ride.businessId);
  if (!business) return undefined;
  const market = businessMarket(business);
  const locale = toLocaleTag(market);
  const t = createTranslator({ locale, messages: await loadMessages(locale), namespace: 'RideEvents' });
  return {
    title: t('bellRide', { id: ride.number }),
    body: t(`labels.${to}`),
    data: { rideId: ride.number, status: to, url: `${localizedPath(market, `/${area}/rides`)}?q=${ride.number}` },
  };
}
