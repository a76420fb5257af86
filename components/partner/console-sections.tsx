import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { loginRoute } from '@/components/auth/login-route';
import { BlogCreateScreen } from '@/components/blog/blog-create-screen';
import { chatMetadata, ConsoleChatPage } from '@/components/chat/console-chat-page';
import { getDb } from '@/lib/db/client';
import { activeRateCards } from '@/lib/fares/rate-cards';
import { COUNTRIES, type CountryCode, type Market } from '@/lib/i18n/markets';
import type { Messages } from '@/lib/i18n/messages';
import { pageContext, type PageRoute } from '@/lib/tenancy/page-tenant';
import type { Tenant } from '@/lib/tenancy/queries';
import { AppsScreen } from './apps/apps-screen';
import { ConsolePage } from './console-page';
import { CustomersScreen } from './customers/customers-screen';
import { EventsScreen } from './events/events-screen';
import { AgenciesScreen } from './fleet/agencies-screen';
import { DriversScreen } from './fleet/drivers-screen';
import { VehiclesScreen } from './fleet/vehicles-screen';
import { OverviewScreen } from './overview/overview-screen';
import { RatesScreen } from './rates/rates-screen';
import { BookForCustomer } from './rides/book-for-customer';
import { RidesScreen } from './rides/rides-screen';
import type { ConsoleArea, ConsoleSection } from './sections';
import { VisitsScreen } from './visits/visits-screen';
import { WalletScreen } from './wallet/wallet-screen';

type TitleKey = 'title' | 'metaTitle';

/** A section's screen inside the console shell: its metadata title, the message namespaces of its client leaf and what it renders. */
type ConsoleScreen = {
  title: { [N in keyof Messages]: { namespace: N; key: Extract<keyof Messages[N], TitleKey> } }[keyof Messages];
  namespaces: (keyof Messages)[];
  render: (page: { area: ConsoleArea; tenant: Tenant; market: Market }) => ReactNode | Promise<ReactNode>;
};

/** The region whose flag the fleet phone fields start with: the business's country. */
function phoneRegion(countryCode: string): string {
  return (COUNTRIES[countryCode as CountryCode] ?? COUNTRIES.in).region;
}

/** The rental packages the console offers when booking for a customer (prices come with the quote). */
async function rentalPackages(tenant: Tenant) {
  const cards = await activeRateCards(await getDb(), tenant);
  return (cards[0]?.rentalPackages ?? []).map(({ code, hours, km }) => ({ code, hours, km }));
}

/** Every section of the sidebar (spec 001 §2), as /travel/… and /delivery/… render it. */
const CONSOLE_SCREENS: Record<ConsoleSection, ConsoleScreen> = {
  home: { title: { namespace: 'Overview', key: 'title' }, namespaces: ['Overview'], render: ({ tenant }) => <OverviewScreen timeZone={tenant.timeZone} /> },
  rides: { title: { namespace: 'PartnerRides', key: 'title' }, namespaces: ['PartnerRides', 'TripKinds', 'VehicleTypes'], render: ({ tenant }) => <RidesScreen timeZone={tenant.timeZone} /> },
  book: {
    title: { namespace: 'ConsoleBooking', key: 'title' },
    namespaces: ['ConsoleBooking', 'Booking', 'TripKinds', 'VehicleTypes'],
    render: async ({ area, tenant, market }) => <BookForCustomer area={area} timeZone={tenant.timeZone} defaultCountry={COUNTRIES[market.country].region} packages={await rentalPackages(tenant)} />,
  },
  vehicles: { title: { namespace: 'FleetVehicles', key: 'title' }, namespaces: ['FleetVehicles', 'VehicleTypes'], render: () => <VehiclesScreen /> },
  drivers: { title: { namespace: 'FleetDrivers', key: 'title' }, namespaces: ['FleetDrivers', 'VehicleTypes'], render: ({ tenant }) => <DriversScreen defaultCountry={phoneRegion(tenant.countryCode)} /> },
  agencies: {
    title: { namespace: 'FleetAgencies', key: 'title' },
    namespaces: ['FleetAgencies', 'VehicleTypes'],
    render: ({ area, tenant }) => <AgenciesScreen area={area} defaultCountry={phoneRegion(tenant.countryCode)} />,
  },
  wallet: { title: { namespace: 'PartnerWallet', key: 'title' }, namespaces: ['PartnerWallet', 'Overview', 'Paginator'], render: ({ tenant }) => <WalletScreen timeZone={tenant.timeZone} /> },
  rates: { title: { namespace: 'Rates', key: 'title' }, namespaces: ['Rates', 'VehicleTypes'], render: () => <RatesScreen /> },
  customers: { title: { namespace: 'Customers', key: 'title' }, namespaces: ['Customers', 'Paginator'], render: () => <CustomersScreen /> },
  events: { title: { namespace: 'RideEvents', key: 'metaTitle' }, namespaces: ['RideEvents', 'Paginator'], render: ({ tenant }) => <EventsScreen timeZone={tenant.timeZone} /> },
  visits: { title: { namespace: 'Visits', key: 'metaTitle' }, namespaces: ['Visits', 'Leads', 'Overview'], render: ({ tenant }) => <VisitsScreen timeZone={tenant.timeZone} /> },
  apps: { title: { namespace: 'Apps', key: 'title' }, namespaces: ['Apps'], render: ({ area, tenant, market }) => <AppsScreen tenant={tenant} market={market} area={area} /> },
  blog: { title: { namespace: 'BlogCreate', key: 'metaTitle' }, namespaces: ['BlogCreate'], render: () => <BlogCreateScreen /> },
};

function screenRoute(area: ConsoleArea, screen: ConsoleScreen): PageRoute {
  return {
    generateMetadata: async ({ params }) => {
      const { locale } = await pageContext(params);
      const t = await getTranslations({ locale, namespace: screen.title.namespace });
      return { title: t(screen.title.key), robots: { index: false } };
    },
    Page: async ({ params }) => {
      const { tenant, market } = await pageContext(params);
      return (
        <ConsolePage params={params} area={area} namespaces={screen.namespaces}>
          {await screen.render({ area, tenant, market })}
        </ConsolePage>
      );
    },
  };
}

/** Sections outside the table's shape: the login page (site shell, no gate) and the AI agent (its own metadata). */
const OWN_ROUTES = {
  login: loginRoute,
  ai: (area: ConsoleArea): PageRoute => ({
    generateMetadata: ({ params }) => chatMetadata(params, { index: false }),
    Page: async ({ params }) => <ConsoleChatPage params={params} area={area} />,
  }),
};

type OwnRoute = keyof typeof OWN_ROUTES;

const isOwnRoute = (section: string): section is OwnRoute => section in OWN_ROUTES;

/** {area}/{section path}: the page file's default export and generateMetadata. */
export function consoleRoute(area: ConsoleArea, section: ConsoleSection | OwnRoute): PageRoute {
  return isOwnRoute(section) ? OWN_ROUTES[section](area) : screenRoute(area, CONSOLE_SCREENS[section]);
}
