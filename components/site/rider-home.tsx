import { getLocale, getTranslations } from 'next-intl/server';
import type { ServiceArea } from '@/lib/db/schema';
import type { Tenant } from '@/lib/tenancy/queries';
import { formatPhone, whatsappLink } from '@/lib/tenancy/contact';
import { MessageCircle, Phone } from 'lucide';
import { Icon } from '@/components/ui/icon';
import { ltrText } from '@/lib/i18n/bidi';
import { Link } from '@/lib/i18n/navigation';
import { SEO_PATHS } from '@/lib/seo/paths';
import ui from '@/components/ui/ui.module.css';
import styles from './rider-home.module.css';

const TRIP_KINDS = ['local', 'airport', 'outstation', 'rental'] as const;

/**
 * The rider home's hero in the operator's colour and imagery (its banner, else its colour with
 * a car on the road), with direct booking channels. Beside the booking card on desktop.
 */
export async function RiderHero({ tenant }: { tenant: Tenant }) {
  const [t, locale] = await Promise.all([getTranslations('Home'), getLocale()]);
  const phone = formatPhone(tenant);
  const whatsapp = whatsappLink(tenant, t('whatsappText', { businessName: tenant.name }));
  return (
    <section className={styles.hero} style={tenant.bannerUrl ? { backgroundImage: `url(${tenant.bannerUrl})` } : undefined}>
      {/* eslint-disable-next-line @next/next/no-img-element -- decorative static SVG (the console's sedan illustration) */}
      <img className={styles.heroCar} src="/vehicles/sedan.svg" alt="" width={240} height={120} />
      <div className={styles.heroText}>
        <h1>{t('title', { businessName: tenant.name })}</h1>
        <p>{t('subtitle')}</p>
        <div className={styles.actions}>
          {phone ? (
            <a href={`tel:${phone.e164}`} className={`${ui.button} ${styles.heroCall}`}>
              <Icon icon={Phone} size={18} />
              {t('call', { phone: ltrText(phone.display, locale) })}
            </a>
          ) : null}
          {whatsapp ? (
            <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={`${ui.button} ${styles.heroWhatsapp}`}>
              <Icon icon={MessageCircle} size={18} />
              {t('whatsapp')}
            </a>
          ) : null}
        </div>
      </div>
    </section>
  );
}

/** The ride options (local, airport, outstation, rental), shown when no place details show them. */
export async function TripKinds() {
  const t = await getTranslations('Home');
  return (
    <section className={ui.section} aria-labelledby="trip-kinds">
      <h2 id="trip-kinds">{t('tripKindsTitle')}</h2>
      <ul className={ui.grid}>
        {TRIP_KINDS.map((kind) => (
          <li key={kind} className={ui.card}>
            <h3>{t(kind)}</h3>
            <p className={ui.muted}>{t(`${kind}Body`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The operator's cities, each linking to its place page, and the index of every place. */
export async function ServedCities({ cities }: { cities: ServiceArea[] }) {
  const t = await getTranslations('Home');
  const tb = await getTranslations('Breadcrumbs');
  return (
    <section className={ui.section} aria-labelledby="cities">
      <h2 id="cities">{t('citiesTitle')}</h2>
      {cities.length ? (
        <>
          <ul className={styles.cities}>
            {cities.map((city) => (
              <li key={city.id}>
                <Link href={SEO_PATHS.place(city.slug)}>{city.name}</Link>
              </li>
            ))}
          </ul>
          <p>
            <Link href={SEO_PATHS.places()}>{tb('places')}</Link>
          </p>
        </>
      ) : (
        <p className={ui.muted}>{t('noCities')}</p>
      )}
    </section>
  );
}
