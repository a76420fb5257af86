import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { COUNTRIES, type CountryCode } from '@/lib/i18n/markets';
import { pageContext, type PageParams } from '@/lib/tenancy/page-tenant';
import { ConsolePage } from '../console-page';
import type { ConsoleArea } from '../sections';
import { AgenciesScreen } from './agencies-screen';
import { DriversScreen } from './drivers-screen';
import { VehiclesScreen } from './vehicles-screen';

type Route = { Page: (props: { params: PageParams }) => Promise<React.JSX.Element>; generateMetadata: (props: { params: PageParams }) => Promise<Metadata> };
type Section = 'vehicles' | 'drivers' | 'agencies';

const NAMESPACE = { vehicles: 'FleetVehicles', drivers: 'FleetDrivers', agencies: 'FleetAgencies' } as const;

/** The region whose flag the phone fields start with: the business's country. */
function phoneRegion(countryCode: string): string {
  return (COUNTRIES[countryCode as CountryCode] ?? COUNTRIES.in).region;
}

/** {area}/vehicles, {area}/drivers and {area}/agencies: a fleet screen inside the console shell. */
export function fleetRoute(area: ConsoleArea, section: Section): Route {
  return {
    generateMetadata: async ({ params }) => {
      const { locale } = await pageContext(params);
      const t = await getTranslations({ locale, namespace: NAMESPACE[section] });
      return { title: t('title'), robots: { index: false } };
    },
    Page: async ({ params }) => {
      const { tenant } = await pageContext(params);
      const region = phoneRegion(tenant.countryCode);
      return (
        <ConsolePage params={params} area={area} namespaces={[NAMESPACE[section], 'VehicleTypes']}>
          {section === 'vehicles' ? <VehiclesScreen /> : null}
          {section === 'drivers' ? <DriversScreen defaultCountry={region} /> : null}
          {section === 'agencies' ? <AgenciesScreen area={area} defaultCountry={region} /> : null}
        </ConsolePage>
      );
    },
  };
}
