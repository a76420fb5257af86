import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import { localizedPath, type Market } from '@/lib/i18n/markets';
import { tenantOrigin, type AppRole } from '@/lib/partner/app-links';
import type { Tenant } from '@/lib/tenancy/queries';
import ui from '@/components/ui/ui.module.css';
import { QrCode } from './qr-code';
import styles from './apps.module.css';

/** Where each web app starts. */
const START_PATH: Record<AppRole, string | null> = { user: '/user/home', partner: '/travel/login', driver: '/driver/home' };
const PLATFORMS = ['android', 'iphone', 'desktop'] as const;

/** :role/app (docs/requirements/partner.md#apps): how to add the rider, partner or driver web app to the home screen. */
export async function RoleAppPage({ tenant, market, role }: { tenant: Tenant; market: Market; role: AppRole }) {
  const t = await getTranslations('Apps');
  const start = START_PATH[role];
  const pageUrl = `${tenantOrigin(tenant)}${localizedPath(market, `/${role}/app`)}`;
  return (
    <article className={styles.install}>
      <h1>{t(`roleTitle.${role}`, { businessName: tenant.name })}</h1>
      <p>{t('roleIntro')}</p>
      <ol className={styles.steps}>
        {PLATFORMS.map((platform) => (
          <li key={platform} className={ui.card}>
            <h2>{t(`${platform}Title`)}</h2>
            <p>{t(`${platform}Steps`)}</p>
          </li>
        ))}
      </ol>
      {start ? (
        <p>
          <Link href={start} className={`${ui.button} ${ui.primary}`}>
            {t('start')}
          </Link>
        </p>
      ) : null}
      <section className={`${ui.card} ${styles.app}`} aria-labelledby="install-scan">
        <h2 id="install-scan">{t('scanTitle')}</h2>
        <QrCode text={pageUrl} label={t('qrLabel', { url: pageUrl })} />
      </section>
    </article>
  );
}
