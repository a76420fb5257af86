import type { ReactNode } from 'react';
import type { Market } from '@/lib/i18n/markets';
import type { Messages } from '@/lib/i18n/messages';
import type { Tenant } from '@/lib/tenancy/queries';
import { SiteShell } from '@/components/layout/site-shell';
import { ClientMessages } from '@/components/ui/client-messages';
import styles from './booking.module.css';

/** The shell of a booking step: header, a centred column and the client leaf with its messages. */
export function BookingPage({
  tenant,
  market,
  namespaces,
  narrow = false,
  pushBanner,
  children,
}: {
  tenant: Tenant;
  market: Market;
  namespaces: (keyof Messages)[];
  narrow?: boolean;
  pushBanner?: ReactNode;
  children: ReactNode;
}) {
  return (
    <SiteShell tenant={tenant} market={market} pushBanner={pushBanner}>
      <div className={`${styles.page} ${narrow ? styles.narrow : ''}`}>
        <ClientMessages namespaces={namespaces}>{children}</ClientMessages>
      </div>
    </SiteShell>
  );
}
