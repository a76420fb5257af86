import 'server-only';
import { eq, max } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { businesses, rateCards } from '@/lib/db/schema';
import { listBlogSlugs } from '@/lib/blog/queries';
import { listServiceAreas, type Tenant } from '@/lib/tenancy/queries';
import { PLATFORM_SLUG } from '@/lib/tenancy/host';
import { tenantMarkets } from './alternates';
import { activeRateCards } from '@/lib/fares/rate-cards';
import type { Catalogue } from './catalogue/catalogue';
import { operatorCatalogue } from './catalogue/operator-catalogue';
import { SEO_PATHS } from './paths';
import { popularRoutes } from './routes';
import type { SitemapPage } from './sitemap';

export type SitemapTenant = Pick<Tenant, 'id' | 'slug' | 'domain' | 'countryCode' | 'language' | 'currency'> & Partial<Pick<Tenant, 'languages'>>;

/** App paths of the airport, transfer and locality pages of a catalogue. */
export function catalogueHrefs(catalogue: Catalogue): string[] {
  return [
    ...catalogue.airports.flatMap((airport) => [
      SEO_PATHS.airport(airport.code),
      ...airport.destinations.map((destination) => SEO_PATHS.transfer(airport.code, destination.slug)),
    ]),
    ...[...catalogue.localities].flatMap(([city, localities]) => localities.map((locality) => SEO_PATHS.locality(city, locality.slug))),
  ];
}

/**
 * When the operator's place, route and home pages last changed: the newest
 * fare change (every one of them shows fares) or business settings change
 * (name, logo, colour, cities, market), else the operator's creation.
 */
export async function sitePagesChangedAt(db: Db, businessId: number): Promise<Date | undefined> {
  const [[fares], [business]] = await Promise.all([
    db
      .select({ at: max(rateCards.updatedAt) })
      .from(rateCards)
      .where(eq(rateCards.businessId, businessId)),
    db.select({ at: businesses.createdAt, settingsAt: businesses.settingsUpdatedAt }).from(businesses).where(eq(businesses.id, businessId)),
  ]);
  const times = [fares?.at, business?.at, business?.settingsAt].filter((at): at is Date => at instanceof Date);
  return times.length ? new Date(Math.max(...times.map((at) => at.getTime()))) : undefined;
}

/**
 * Every indexable page of one tenant, each in the tenant's markets: the user
 * home, the places index, every place page, the popular routes, the airport,
 * transfer and locality pages and the blog posts (each in its own language),
 * each with when it last changed. Reads the tenant's rows only.
 */
export async function tenantSitemapPages(db: Db, tenant: SitemapTenant): Promise<SitemapPage[]> {
  const markets = tenantMarkets(tenant);
  // the platform's own host has no rider site: its landing and the operator signup
  if (tenant.slug === PLATFORM_SLUG) return ['', '/signup'].map((href) => ({ href, markets }));
  const [places, posts, changedAt, catalogue, cards] = await Promise.all([
    listServiceAreas(tenant.id, db),
    listBlogSlugs(db, tenant.id),
    sitePagesChangedAt(db, tenant.id),
    operatorCatalogue(db, tenant.id),
    activeRateCards(db, { id: tenant.id, currency: tenant.currency }),
  ]);
  // pages show fares: without an offered vehicle there are none to list
  const priced = cards.length > 0;
  const hrefs = [
    SEO_PATHS.home(),
    SEO_PATHS.places(),
    ...(priced ? places.map((place) => SEO_PATHS.place(place.slug)) : []),
    ...(priced ? popularRoutes(places).map((route) => SEO_PATHS.route(route.from.slug, route.to.slug)) : []),
    ...(priced ? catalogueHrefs(catalogue) : []),
  ];
  return [
    ...hrefs.map((href) => ({ href, markets, lastModified: changedAt })),
    ...posts.map((post) => ({ href: SEO_PATHS.blogPost(post.slug), markets: tenantMarkets(tenant, [post.language]), lastModified: post.updatedAt })),
  ];
}
