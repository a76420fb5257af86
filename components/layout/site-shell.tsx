import type { ReactNode } from 'react';
import type { Market } from '@/lib/i18n/markets';
import type { Tenant } from '@/lib/tenancy/queries';
import { SiteHeader } from './site-header';
import { SiteFooter } from './site-footer';
import styles from './site-shell.module.css';

/** Header, main landmark and footer around a page; `banner` is the slot for the notification banner. */
export function SiteShell({ tenant, market, children, banner, showAccount = true }: { tenant: Tenant; market: Market; children: ReactNode; banner?: ReactNode; showAccount?: boolean }) {
  return (
    <>
      <SiteHeader tenant={tenant} market={market} showAccount={showAccount} />
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <SiteFooter tenant={tenant} />
      {banner}
    </>
  );
}
