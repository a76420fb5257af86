import type { ReactNode } from 'react';
import type { Market } from '@/lib/i18n/markets';
import type { Tenant } from '@/lib/tenancy/queries';
import { SiteHeader } from './site-header';
import { SiteFooter } from './site-footer';
import { VisitBeacon } from '@/components/tracking/visit-beacon';
import styles from './site-shell.module.css';

/**
 * Header, main landmark and footer around a page. `pushBanner` shows the
 * notification banner (docs/requirements/rider.md#notifications) where ride updates matter: the rider's
 * rides and the booking confirmation, not over every form. Those pages pass
 * `<PushBanner />` themselves, so the other pages do not ship its code.
 *
 * `documentHref` (the page's app path) marks a static document: the place,
 * city, route and blog pages crawlers index. The server sends those as plain
 * HTML without the app's JavaScript (lib/http/front/document-html.ts), so everything on
 * them works without it: languages are links, there is no account menu, and
 * visits are recorded by /visit.js.
 */
export function SiteShell({
  tenant,
  market,
  children,
  pushBanner,
  showAccount = true,
  documentHref,
}: {
  tenant: Tenant;
  market: Market;
  children: ReactNode;
  pushBanner?: ReactNode;
  showAccount?: boolean;
  documentHref?: string;
}) {
  const isDocument = documentHref !== undefined;
  return (
    <>
      <SiteHeader tenant={tenant} market={market} showAccount={showAccount && !isDocument} documentHref={documentHref} />
      <main
        id="main"
        className={`${styles.main} ${pushBanner && !isDocument ? styles.withBanner : ''}`}
        tabIndex={-1}
        data-document={isDocument ? 'static' : undefined}
      >
        {children}
      </main>
      <SiteFooter tenant={tenant} />
      {pushBanner && !isDocument ? pushBanner : null}
      {isDocument ? <script src="/visit.js" async /> : <VisitBeacon />}
    </>
  );
}
