import type { ReactNode } from 'react';
import type { Market } from '@/lib/i18n/markets';
import type { Tenant } from '@/lib/tenancy/queries';
import { SiteHeader } from './site-header';
import { SiteFooter } from './site-footer';
import { PushBanner } from '@/components/push/push-banner';
import { VisitBeacon } from '@/components/tracking/visit-beacon';
import styles from './site-shell.module.css';

/**
 * Header, main landmark and footer around a page. `pushBanner` shows the
 * notification banner (spec 000 §2.2) where ride updates matter: the rider's
 * rides and the booking confirmation, not over every form.
 */
export function SiteShell({ tenant, market, children, pushBanner = false, showAccount = true }: { tenant: Tenant; market: Market; children: ReactNode; pushBanner?: boolean; showAccount?: boolean }) {
  return (
    <>
      <SiteHeader tenant={tenant} market={market} showAccount={showAccount} />
      <main id="main" className={`${styles.main} ${pushBanner ? styles.withBanner : ''}`} tabIndex={-1}>
        {children}
      </main>
      <SiteFooter tenant={tenant} />
      {pushBanner ? <PushBanner /> : null}
      <VisitBeacon />
    </>
  );
}
