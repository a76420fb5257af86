import type { ReactNode } from 'react';
import { SiteShell } from '@/components/layout/site-shell';
import type { Market } from '@/lib/i18n/markets';
import { seoJsonLd, type SeoPage } from '@/lib/seo/page-seo';
import type { Tenant } from '@/lib/tenancy/queries';
import { Breadcrumbs } from './breadcrumbs';
import { JsonLd } from './json-ld';

/**
 * Shell of an SEO page: header, breadcrumbs, content, footer, and the page's
 * JSON-LD. No account menu: it loads the phone sign-in code, which these
 * read-only pages do not need (the booking call to action leads to sign-in).
 */
export async function SeoPageShell({ tenant, market, page, children }: { tenant: Tenant; market: Market; page: SeoPage; children: ReactNode }) {
  const data = await seoJsonLd(tenant, market, page);
  return (
    <SiteShell tenant={tenant} market={market} showAccount={false}>
      <Breadcrumbs items={page.crumbs} />
      {children}
      <JsonLd data={data} />
    </SiteShell>
  );
}
