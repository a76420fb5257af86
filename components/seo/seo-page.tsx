import type { ReactNode } from 'react';
import { SiteShell } from '@/components/layout/site-shell';
import type { Market } from '@/lib/i18n/markets';
import { seoJsonLd, type SeoPage } from '@/lib/seo/page-seo';
import type { Tenant } from '@/lib/tenancy/queries';
import { Breadcrumbs } from './breadcrumbs';
import { JsonLd } from './json-ld';

/**
 * Shell of an SEO page: header, breadcrumbs, content, footer, and the page's
 * JSON-LD, served as a static document (no app JavaScript, no account menu:
 * the booking call to action leads to the booking form and sign-in).
 */
export async function SeoPageShell({ tenant, market, page, children }: { tenant: Tenant; market: Market; page: SeoPage; children: ReactNode }) {
  const data = await seoJsonLd(tenant, market, page);
  return (
    <SiteShell tenant={tenant} market={market} documentHref={page.href}>
      <Breadcrumbs items={page.crumbs} />
      {children}
      <JsonLd data={data} />
    </SiteShell>
  );
}
