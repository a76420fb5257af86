import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import { localizedPath, type Market } from '@/lib/i18n/markets';
import { tenantOrigin, type AppRole } from '@/lib/partner/app-links';
import type { Tenant } from '@/lib/tenancy/queries';
import type { ConsoleArea } from '@/components/partner/sections';
import ui from '@/components/ui/ui.module.css';
import { ConsoleScreen } from '../overview/console-screen';
import { CopyLink } from './copy-link';
import { QrCode } from './qr-code';
import styles from './apps.module.css';

type App = { key: 'rider' | 'partner' | 'driver'; role: AppRole; path: string };

/** Apps (docs/requirements/partner.md#apps): links and QR codes of the rider site, the partner console and the driver app on the business's own host. */
export async function AppsScreen({ tenant, market, area }: { tenant: Tenant; market: Market; area: ConsoleArea }) {
  const t = await getTranslations('Apps');
  const origin = tenantOrigin(tenant);
  const apps: App[] = [
    { key: 'rider', role: 'user', path: '/user/home' },
    { key: 'partner', role: 'partner', path: `/${area}/login` },
    { key: 'driver', role: 'driver', path: '/driver/app' },
  ];
  return (
    <ConsoleScreen title={t('title')} subtitle={t('subtitle')}>
      <ul className={ui.grid}>
        {apps.map((app) => {
          const url = `${origin}${localizedPath(market, app.path)}`;
          const installPath = `/${app.role}/app`;
          return (
            <li key={app.key} className={`${ui.card} ${styles.app}`}>
              <h2>{t(`${app.key}Title`)}</h2>
              <p>{t(`${app.key}Body`)}</p>
              <QrCode text={url} label={t('qrLabel', { url })} />
              <p className={styles.url}>
                <a href={url} target="_blank" rel="noopener noreferrer" dir="ltr">
                  {url}
                </a>
              </p>
              <div className={styles.actions}>
                <CopyLink url={url} />
                {app.path === installPath ? null : <Link href={installPath}>{t('howToInstall')}</Link>}
              </div>
            </li>
          );
        })}
      </ul>
    </ConsoleScreen>
  );
}
