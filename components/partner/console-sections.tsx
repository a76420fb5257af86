import { createElement, type ComponentType } from 'react';
import { getTranslations } from 'next-intl/server';
import { getDb } from '@/lib/db/client';
import { activeRateCards } from '@/lib/fares/rate-cards';
import { COUNTRIES, type CountryCode, type Market } from '@/lib/i18n/markets';
import type { Messages } from '@/lib/i18n/messages';
import { pageContext, type PageRoute } from '@/lib/tenancy/page-tenant';
import { consoleOriginOf } from '@/lib/hosting/domains';
import { listServiceAreas, type Tenant } from '@/lib/tenancy/queries';
import { ConsolePage } from './console-page';
import { fleetMapCentre } from './fleet-map/centre';
import type { ConsoleArea, ConsoleSection } from './sections';

type TitleKey = 'title' | 'metaTitle';
type ScreenContext = { area: ConsoleArea; tenant: Tenant; market: Market };

/** A section inside the console shell: its metadata title, the message namespaces of its client leaf and the props of its screen. */
type ConsoleScreen<P> = {
  title: { [N in keyof Messages]: { namespace: N; key: Extract<keyof Messages[N], TitleKey> } }[keyof Messages];
  namespaces: (keyof Messages)[];
  props: (page: ScreenContext) => P | Promise<P>;
  /** The section takes the service map's column too (the rides board needs the width). */
  wide?: boolean;
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

/**
 * Every screen section of the sidebar (docs/requirements/partner.md#the-console-shell), as /travel/… and /delivery/… render it. The page
 * file hands over the screen component itself, so each page's JavaScript holds its own screen only
 * (a table importing every screen would ship all of them to every console page, the login included).
 */
const CONSOLE_SCREENS = {
  home: {
    title: { namespace: 'Overview', key: 'title' },
    namespaces: ['Overview', 'Settings', 'Money'],
    props: ({ area, tenant }) => ({ area, timeZone: tenant.timeZone }),
  },
  rides: {
    title: { namespace: 'PartnerRides', key: 'title' },
    namespaces: ['PartnerRides', 'Board', 'Overview', 'TripKinds', 'VehicleTypes', 'Trust', 'Cancellation', 'Money', 'Refunds'],
    props: ({ tenant }) => ({ timeZone: tenant.timeZone }),
    wide: true,
  },
  map: {
    title: { namespace: 'FleetMap', key: 'title' },
    namespaces: ['FleetMap', 'DispatchSettings', 'Board', 'Trust'],
    props: async ({ area, tenant }) => ({ area, timeZone: tenant.timeZone, center: fleetMapCentre(await listServiceAreas(tenant.id)) }),
  },
  book: {
    title: { namespace: 'ConsoleBooking', key: 'title' },
    namespaces: ['ConsoleBooking', 'Booking', 'TripKinds', 'VehicleTypes', 'RideFlow'],
    props: async ({ area, tenant, market }) => ({
      area,
      timeZone: tenant.timeZone,
      defaultCountry: COUNTRIES[market.country].region,
      packages: await rentalPackages(tenant),
    }),
  },
  vehicles: { title: { namespace: 'FleetVehicles', key: 'title' }, namespaces: ['FleetVehicles', 'FleetDocuments', 'VehicleTypes'], props: () => ({}) },
  drivers: {
    title: { namespace: 'FleetDrivers', key: 'title' },
    namespaces: ['FleetDrivers', 'FleetDocuments', 'VehicleTypes'],
    props: ({ tenant }) => ({ defaultCountry: phoneRegion(tenant.countryCode) }),
  },
  agencies: {
    title: { namespace: 'FleetAgencies', key: 'title' },
    namespaces: ['FleetAgencies', 'VehicleTypes'],
    props: ({ area, tenant }) => ({ area, defaultCountry: phoneRegion(tenant.countryCode) }),
  },
  wallet: {
    title: { namespace: 'PartnerWallet', key: 'title' },
    namespaces: ['PartnerWallet', 'Money', 'Overview', 'Paginator'],
    props: ({ tenant }) => ({ timeZone: tenant.timeZone }),
  },
  money: {
    title: { namespace: 'Reconciliation', key: 'title' },
    namespaces: ['Reconciliation', 'Overview'],
    props: ({ tenant }) => ({ timeZone: tenant.timeZone }),
  },
  rates: {
    title: { namespace: 'Rates', key: 'title' },
    namespaces: ['Rates', 'VehicleTypes', 'TripRules', 'Cancellation', 'Money', 'TripKinds'],
    props: () => ({}),
  },
  promos: {
    title: { namespace: 'Promos', key: 'title' },
    namespaces: ['Promos', 'Money', 'Validation', 'TripKinds', 'VehicleTypes', 'Cancellation'],
    props: ({ tenant }) => ({ siteOrigin: consoleOriginOf(tenant.slug), currency: tenant.currency }),
  },
  airports: { title: { namespace: 'Airports', key: 'title' }, namespaces: ['Airports', 'VehicleTypes', 'TripKinds'], props: ({ area }) => ({ area }) },
  customers: { title: { namespace: 'Customers', key: 'title' }, namespaces: ['Customers', 'Paginator'], props: () => ({}) },
  events: {
    title: { namespace: 'RideEvents', key: 'metaTitle' },
    namespaces: ['RideEvents', 'Paginator'],
    props: ({ area, tenant }) => ({ area, timeZone: tenant.timeZone }),
  },
  visits: {
    title: { namespace: 'Visits', key: 'metaTitle' },
    namespaces: ['Visits', 'Leads', 'Overview'],
    props: ({ tenant }) => ({ timeZone: tenant.timeZone }),
  },
  apps: { title: { namespace: 'Apps', key: 'title' }, namespaces: ['Apps'], props: ({ area, tenant, market }) => ({ tenant, market, area }) },
  blog: { title: { namespace: 'BlogCreate', key: 'metaTitle' }, namespaces: ['BlogCreate'], props: () => ({}) },
  posts: { title: { namespace: 'BlogPosts', key: 'title' }, namespaces: ['BlogPosts', 'BlogCreate', 'Paginator'], props: ({ area }) => ({ area }) },
  reviews: { title: { namespace: 'Reviews', key: 'title' }, namespaces: ['Reviews', 'SiteRating'], props: ({ tenant }) => ({ timeZone: tenant.timeZone }) },
  invoice: { title: { namespace: 'InvoiceDetails', key: 'title' }, namespaces: ['InvoiceDetails', 'Validation'], props: () => ({}) },
  settings: { title: { namespace: 'Settings', key: 'title' }, namespaces: ['Settings'], props: () => ({}) },
  domain: {
    title: { namespace: 'DomainSettings', key: 'title' },
    namespaces: ['DomainSettings'],
    props: ({ tenant }) => ({ consoleOrigin: consoleOriginOf(tenant.slug) }),
  },
  help: { title: { namespace: 'Help', key: 'title' }, namespaces: [], props: ({ area, market }) => ({ area, market }) },
  integrations: {
    title: { namespace: 'Integrations', key: 'title' },
    namespaces: ['Integrations'],
    props: ({ tenant }) => ({ webhookUrl: `${consoleOriginOf(tenant.slug)}/api/whatsapp/webhook` }),
  },
} satisfies Record<Exclude<ConsoleSection, 'login' | 'ai' | 'agent'>, ConsoleScreen<object>>;

type ScreenSection = keyof typeof CONSOLE_SCREENS;
type ScreenProps<S extends ScreenSection> = Awaited<ReturnType<(typeof CONSOLE_SCREENS)[S]['props']>>;

/** {area}/{section path}: the page file's default export and generateMetadata, rendering `Screen` with the section's props. */
export function consoleRoute<S extends ScreenSection>(area: ConsoleArea, section: S, Screen: ComponentType<ScreenProps<S>>): PageRoute {
  // the table's entry for S yields S's props (TypeScript cannot correlate the indexed union itself)
  const screen = CONSOLE_SCREENS[section] as unknown as ConsoleScreen<ScreenProps<S>>;
  return {
    generateMetadata: async ({ params }) => {
      const { locale } = await pageContext(params);
      const t = await getTranslations({ locale, namespace: screen.title.namespace });
      return { title: t(screen.title.key), robots: { index: false } };
    },
    Page: async ({ params }) => {
      const { tenant, market } = await pageContext(params);
      const props: object = await screen.props({ area, tenant, market });
      return (
        <ConsolePage params={params} area={area} section={section} namespaces={screen.namespaces} wide={screen.wide}>
          {/* Screen takes exactly S's props (checked at consoleRoute's call) */}
          {createElement(Screen as ComponentType<object>, props)}
        </ConsolePage>
      );
    },
  };
}
