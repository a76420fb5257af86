import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { SiteShell } from '@/components/layout/site-shell';
import { RoleAppPage } from '@/components/partner/apps/role-app-page';
import { isAppRole } from '@/lib/partner/app-links';
import { pageContext } from '@/lib/tenancy/page-tenant';

type Params = Promise<{ tenant: string; locale: string; segment: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { segment: role } = await params;
  const { tenant, locale } = await pageContext(params);
  if (!isAppRole(role)) notFound();
  const t = await getTranslations({ locale, namespace: 'Apps' });
  return { title: t(`roleTitle.${role}`, { businessName: tenant.name }) };
}

/** :role/app, role driver, user or partner (docs/requirements/partner.md#apps): adding the web app to the home screen; any other role is 404. */
export default async function Page({ params }: { params: Params }) {
  const { segment: role } = await params;
  const { tenant, market } = await pageContext(params);
  if (!isAppRole(role)) notFound();
  return (
    <SiteShell tenant={tenant} market={market}>
      <RoleAppPage tenant={tenant} market={market} role={role} />
    </SiteShell>
  );
}
