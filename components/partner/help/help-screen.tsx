import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import { localizedPath, type Market } from '@/lib/i18n/markets';
import { platformName, platformOrigin } from '@/lib/tenancy/platform';
import ui from '@/components/ui/ui.module.css';
import { ConsoleScreen } from '../overview/console-screen';
import { sectionHref, type ConsoleArea, type ConsoleSection } from '../sections';
import styles from './help.module.css';

/** The first steps of a new operator, each a section of the console (the overview's checklist, as links). */
const FIRST_STEPS: [key: 'logo' | 'cities' | 'rates' | 'vehicle' | 'driver' | 'booking', section: ConsoleSection][] = [
  ['logo', 'settings'],
  ['cities', 'settings'],
  ['rates', 'rates'],
  ['vehicle', 'vehicles'],
  ['driver', 'drivers'],
  ['booking', 'book'],
];

/** Help (the sidebar's last entry): the first steps, how bookings arrive, the site's own domain and payments, and whom to ask. */
export async function HelpScreen({ area, market }: { area: ConsoleArea; market: Market }) {
  const [t, tc] = await Promise.all([getTranslations('Help'), getTranslations('Settings')]);
  const topic = (id: string, title: string, body: string, links: [string, ConsoleSection][]) => (
    <section className={`${ui.card} ${styles.topic}`} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p>{body}</p>
      {links.length ? (
        <ul className={styles.links}>
          {links.map(([label, section]) => (
            <li key={section}>
              <Link href={sectionHref(area, section)}>{label}</Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
  return (
    <ConsoleScreen title={t('title')} subtitle={t('intro')}>
      <section className={`${ui.card} ${styles.topic}`} aria-labelledby="help-first-steps">
        <h2 id="help-first-steps">{t('firstSteps')}</h2>
        <ol className={styles.links}>
          {FIRST_STEPS.map(([key, section]) => (
            <li key={key}>
              <Link href={sectionHref(area, section)}>{tc(`checklist.${key}`)}</Link>
            </li>
          ))}
        </ol>
      </section>
      {topic('help-bookings', t('bookingsTitle'), t('bookingsBody'), [
        [t('toRides'), 'rides'],
        [t('toBook'), 'book'],
      ])}
      {topic('help-site', t('siteTitle'), t('siteBody'), [
        [t('toDomain'), 'domain'],
        [t('toIntegrations'), 'integrations'],
      ])}
      <section className={`${ui.card} ${styles.topic}`} aria-labelledby="help-contact">
        <h2 id="help-contact">{t('contactTitle', { platform: platformName() })}</h2>
        <p>{t('contactBody')}</p>
        <p>
          <a href={`${platformOrigin()}${localizedPath(market, '/contact-us')}`}>{t('contactLink', { platform: platformName() })}</a>
        </p>
      </section>
    </ConsoleScreen>
  );
}
