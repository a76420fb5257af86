import { getTranslations } from 'next-intl/server';
import { Bot, ClipboardList, MessageCircle } from 'lucide';
import { Icon } from '@/components/ui/icon';
import { getDb } from '@/lib/db/client';
import { activeRateCards } from '@/lib/fares/rate-cards';
import { tripContext } from '@/lib/fares/trip-rules';
import { mainAirport, waitingRulesOf } from '@/lib/airports/settings';
import { COUNTRIES, type Market } from '@/lib/i18n/markets';
import { Link } from '@/lib/i18n/navigation';
import type { Tenant } from '@/lib/tenancy/queries';
import { ClientMessages } from '@/components/ui/client-messages';
import { RideForm } from './ride-form';
import { PromoFromLink } from './promo-from-link';
import styles from './booking.module.css';

const TABS = [
  { key: 'tabChat', href: '/user/ai/taxi/booking', icon: Bot },
  { key: 'tabWhatsapp', href: '/user/whatsapp/taxi/booking', icon: MessageCircle },
  { key: 'tabForm', href: '/user/form/taxi/booking', icon: ClipboardList },
] as const;

/** The booking options tabs (docs/requirements/rider.md#the-rider-home-and-its-popups) and, on the form tab, the booking form. */
export async function BookingPanel({ tenant, market, locale, titleLevel }: { tenant: Tenant; market: Market; locale: string; titleLevel?: 1 | 2 }) {
  const t = await getTranslations('Booking');
  const db = await getDb();
  const [cards, limits, airport, waiting] = await Promise.all([
    activeRateCards(db, tenant),
    tripContext(db, tenant.id),
    mainAirport(db, tenant.id),
    waitingRulesOf(db, tenant.id),
  ]);
  const packages = (cards[0]?.rentalPackages ?? []).map(({ code, hours, km }) => ({ code, hours, km }));
  return (
    <section className={styles.bookingCard} aria-label={t('tabsLabel')}>
      <nav aria-label={t('tabsLabel')}>
        <ul className={styles.tabs}>
          {TABS.map((tab) => (
            <li key={tab.key}>
              <Link href={tab.href} locale={locale} className={styles.tab} aria-current={tab.key === 'tabForm' ? 'page' : undefined}>
                <Icon icon={tab.icon} />
                <span>{t(tab.key)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ClientMessages namespaces={['Booking', 'TripKinds', 'Validation', 'Auth', 'AuthErrors', 'RideFlow']}>
        <RideForm
          timeZone={tenant.timeZone}
          defaultCountry={COUNTRIES[market.country].region}
          packages={packages}
          limits={{ rules: limits.rules, cities: limits.cities.map(({ name, lat, lng }) => ({ name, lat, lng })) }}
          airport={airport}
          freeAirportMinutes={waiting.freeMinutes.airport}
          titleLevel={titleLevel}
        />
        <PromoFromLink />
      </ClientMessages>
    </section>
  );
}
