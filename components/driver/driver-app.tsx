'use client';

import { useTranslations } from 'next-intl';
import { Link, usePathname } from '@/lib/i18n/navigation';
import { PhoneLogin } from '@/components/auth/phone-login';
import { useSession, useSessionStore } from '@/components/auth/session-store';
import ui from '@/components/ui/ui.module.css';
import { DriverRides, type DriverView } from './driver-rides';
import { AvailabilitySwitch } from './availability-switch';
import styles from './driver.module.css';

const PAGES: { view: DriverView; href: string }[] = [
  { view: 'home', href: '/driver/home' },
  { view: 'rides', href: '/driver/rides' },
];

function DriverNav() {
  const t = useTranslations('DriverApp');
  const pathname = usePathname();
  return (
    <nav className={styles.nav} aria-label={t('navLabel')}>
      <ul>
        {PAGES.map((page) => (
          <li key={page.view}>
            <Link href={page.href} aria-current={pathname === page.href ? 'page' : undefined}>
              {t(`nav.${page.view}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The driver web app (role travelsx-driver): phone-code sign-in for drivers a
 * partner has added, then the assigned rides with Start and Complete, sharing
 * the live location while a ride is accepted or on trip.
 */
export function DriverApp({ view, timeZone, defaultCountry }: { view: DriverView; timeZone: string; defaultCountry: string }) {
  const t = useTranslations('DriverApp');
  const { status, me } = useSession();

  if (status === 'loading') {
    return (
      <p role="status" aria-busy="true" className={styles.muted}>
        {t('loadingAccount')}
      </p>
    );
  }
  if (!me) {
    return (
      <section className={styles.app} aria-labelledby="driver-login-title">
        <h1 id="driver-login-title">{t('loginTitle')}</h1>
        <p className={styles.muted}>{t('loginIntro')}</p>
        <PhoneLogin userType="travelsx-driver" defaultCountry={defaultCountry} onSuccess={() => void useSessionStore.getState().refresh()} />
      </section>
    );
  }
  const logout = (
    <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={() => void useSessionStore.getState().signOut()}>
      {t('logout')}
    </button>
  );
  if (me.user_type !== 'travelsx-driver') {
    return (
      <section className={styles.app} aria-labelledby="driver-other-title">
        <h1 id="driver-other-title">{t('loginTitle')}</h1>
        <p role="alert">{t('notDriver')}</p>
        <p>{logout}</p>
      </section>
    );
  }
  return (
    <section className={styles.app} aria-labelledby="driver-title">
      <div className={styles.top}>
        <div>
          <h1 id="driver-title">{t(view === 'home' ? 'homeTitle' : 'ridesTitle')}</h1>
          <p className={styles.muted}>{t('greeting', { name: me.name || me.phone_number })}</p>
        </div>
        {logout}
      </div>
      <AvailabilitySwitch />
      <DriverNav />
      <DriverRides view={view} timeZone={timeZone} />
    </section>
  );
}
