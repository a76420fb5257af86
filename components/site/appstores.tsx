import { getTranslations } from 'next-intl/server';
import { APP_ROLES } from '@/lib/partner/app-links';
import { SEO_PATHS } from '@/lib/seo/paths';
import type { Tenant } from '@/lib/tenancy/queries';
import { AppStoresPopup } from './appstores-popup';

/** The app-stores popup with its labels: one link per :role/app install page. */
export async function AppStores({ tenant }: { tenant: Tenant }) {
  const t = await getTranslations('AppStores');
  const apps = APP_ROLES.map((role) => ({ href: `/${role}/app`, title: t(`${role}Title`), body: t(`${role}Body`) }));
  return (
    <AppStoresPopup
      homeHref={SEO_PATHS.home()}
      apps={apps}
      labels={{ title: t('title', { businessName: tenant.name }), intro: t('intro'), close: t('close') }}
    />
  );
}
