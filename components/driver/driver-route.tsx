import { getTranslations } from 'next-intl/server';
import { SiteShell } from '@/components/layout/site-shell';
import { ClientMessages } from '@/components/ui/client-messages';
import { COUNTRIES } from '@/lib/i18n/markets';
import { pageContext, type PageRoute } from '@/lib/tenancy/page-tenant';
import { DriverApp } from './driver-app';
import type { DriverView } from './driver-rides';

/** driver/home and driver/rides: the driver web app's pages. */
export function driverRoute(view: DriverView): PageRoute {
  return {
    generateMetadata: async ({ params }) => {
      const { locale, tenant } = await pageContext(params);
      const t = await getTranslations({ locale, namespace: 'DriverApp' });
      return { title: t('metaTitle', { businessName: tenant.name }), robots: { index: false } };
    },
    Page: async ({ params }) => {
      const { tenant, market } = await pageContext(params);
      return (
        <SiteShell tenant={tenant} market={market} showAccount={false}>
          <ClientMessages namespaces={['DriverApp', 'Dispatch', 'Board', 'Auth', 'AuthErrors', 'Validation', 'TripKinds', 'VehicleTypes', 'Flights']}>
            <DriverApp view={view} timeZone={tenant.timeZone} defaultCountry={COUNTRIES[market.country].region} />
          </ClientMessages>
        </SiteShell>
      );
    },
  };
}
