/**
 * react-query keys of every server resource the browser reads, one place so a
 * mutation or a socket event names exactly what it updates. Each resource has
 * a root (`all`) for invalidating every variant, and a key per variant.
 */

import type { BoardSort } from '@/lib/rides/partner-schemas';

/** Filters of the console's board: status tab, searched ride number, pickup dates (operator's zone), sort column and order. */
export type PartnerRidesFilter = { status: string; q?: string; from?: string; to?: string; sort?: BoardSort; order?: 'asc' | 'desc' };

export const queryKeys = {
  rider: {
    all: ['rider'] as const,
    rides: () => ['rider', 'rides'] as const,
    wallet: () => ['rider', 'wallet'] as const,
    pushSettings: () => ['rider', 'push-settings'] as const,
    /** A promo code checked against one fare of a quote (the summary). */
    promo: (code: string, rideSearchId: string, vehicle: string) => ['rider', 'promo', code, rideSearchId, vehicle] as const,
  },
  partner: {
    all: ['partner'] as const,
    rides: {
      all: ['partner', 'rides'] as const,
      list: (filter: PartnerRidesFilter) => ['partner', 'rides', 'list', filter] as const,
      /** Drivers and vehicles free to take a ride (the Accept dialog). */
      assignable: () => ['partner', 'rides', 'assignable'] as const,
    },
    /** `query` is the screen's query string (date filter, paging, sort): one cache entry per view. */
    overview: (query: string) => ['partner', 'overview', query] as const,
    wallet: (query: string) => ['partner', 'wallet', query] as const,
    money: (query: string) => ['partner', 'money', query] as const,
    customers: (query: string) => ['partner', 'customers', query] as const,
    events: (query: string) => ['partner', 'events', query] as const,
    visits: (query: string) => ['partner', 'visits', query] as const,
    rates: () => ['partner', 'rates'] as const,
    /** Ratings, averages and comments to moderate (console Reviews). */
    reviews: () => ['partner', 'reviews'] as const,
    /** The operator's invoice header and tax settings (console Invoice details). */
    invoiceSettings: () => ['partner', 'invoice-settings'] as const,
    tripRules: () => ['partner', 'trip-rules'] as const,
    airports: () => ['partner', 'airports'] as const,
    cancellationRules: () => ['partner', 'cancellation-rules'] as const,
    /** The operator's promo codes with their uses so far (console Promo codes). */
    promos: () => ['partner', 'promos'] as const,
    /** The operator's blog posts, a page of the list or one post to edit (console Blog posts). */
    blogPosts: (page: number) => ['partner', 'blog-posts', page] as const,
    blogPost: (slug: string) => ['partner', 'blog-post', slug] as const,
    /** Business settings (name, contacts, logo, colour, cities, market) and the overview's first-run checklist. */
    settings: () => ['partner', 'settings'] as const,
    checklist: () => ['partner', 'checklist'] as const,
    citySearch: (q: string) => ['partner', 'city-search', q] as const,
    /** The operator's own domain (claim, DNS records, verification) and its own integrations (masked). */
    domain: () => ['partner', 'domain'] as const,
    integrations: () => ['partner', 'integrations'] as const,
    fleet: {
      all: ['partner', 'fleet'] as const,
      vehicles: () => ['partner', 'fleet', 'vehicles'] as const,
      drivers: () => ['partner', 'fleet', 'drivers'] as const,
      agencies: () => ['partner', 'fleet', 'agencies'] as const,
      /** Papers that expired or expire in the next 30 days. */
      documents: () => ['partner', 'fleet', 'documents'] as const,
      /** The live map: drivers with state and position, open rides' pickups (one travel company's, with its id; the prefix covers both). */
      live: (agencyId?: number) => (agencyId === undefined ? (['partner', 'fleet', 'live'] as const) : (['partner', 'fleet', 'live', agencyId] as const)),
    },
    /** Manual, assisted or automatic, with the offer settings. */
    dispatchSettings: () => ['partner', 'dispatch-settings'] as const,
  },
  driver: {
    rides: {
      all: ['driver', 'rides'] as const,
      list: (scope: 'active' | 'recent') => ['driver', 'rides', scope] as const,
    },
    /** The driver's online switch and the ride that makes them busy. */
    availability: () => ['driver', 'availability'] as const,
    /** The ride offered to the driver right now (automatic dispatch), or null. */
    offer: () => ['driver', 'offer'] as const,
  },
  booking: {
    /** The vehicle step's quote of a stored ride form (one entry per form; not kept past the screen). */
    quote: (trip: unknown) => ['booking', 'quote', trip] as const,
  },
  /** The booking form's check of a flight for an airport on a date. */
  flights: {
    check: (flight: string, airport: string, date: string, direction: string) => ['flights', 'check', flight, airport, date, direction] as const,
  },
  places: {
    /** Place suggestions of a searched text in a language. */
    search: (lang: string, q: string) => ['places', 'search', lang, q] as const,
    reverse: (lang: string, lat: number, lng: number) => ['places', 'reverse', lang, lat, lng] as const,
  },
  tracking: {
    ride: (rideId: number, token: string | undefined) => ['tracking', rideId, token ?? null] as const,
  },
  chat: {
    history: (chatSession: string) => ['chat', 'history', chatSession] as const,
  },
} as const;
