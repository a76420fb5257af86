import 'server-only';
import { eq, max } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { businesses, rateCards } from '@/lib/db/schema';
import { listBlogSlugs } from '@/lib/blog/queries';
import { listServiceAreas, type Tenant } from '@/lib/tenancy/queries';
import { PLATFORM_SLUG } from '@/lib/tenancy/host';
import { tenantMarkets } from './alternates';
import { PLACE_TRIP_TYPE_SLUGS, RESERVED_ROOT_SEGMENTS, SEO_PATHS } from './paths';
import { popularRoutes } from './routes';
import type { SitemapPage } from './sitemap';

export type SitemapTenant = Pick<Tenant, 'id' | 'slug' | 'domain' | 'countryCode' | 'language'> & Partial<Pick<Tenant, 'languages'>>;

/** App paths of one place's pages: the place, its trip types, and its city and taxi pages. */
export function placeHrefs(slug: string): string[] {
  return [
    SEO_PATHS.place(slug),
    ...PLACE_TRIP_TYPE_SLUGS.map((type) => SEO_PATHS.placeType(slug, type)),
    SEO_PATHS.city(slug),
    SEO_PATHS.taxi(slug),
    ...(RESERVED_ROOT_SEGMENTS.has(slug) ? [] : [SEO_PATHS.cityRoot(slug)]),
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
 * home, the places index, every place page, the popular routes and the blog
 * posts (each in its own language), each with when it last changed. Reads the
 * tenant's rows only.
 */
export async function tenantSitemapPages(db: Db, tenant: SitemapTenant): Promise<SitemapPage[]> {
  const markets = tenantMarkets(tenant);
  // the platform's own host has no rider site: its landing and the operator signup
  if (tenant.slug === PLATFORM_SLUG) return ['', '/signup'].map((href) => ({ href, markets }));
  const [places, posts, changedAt] = await Promise.all([listServiceAreas(tenant.id, db), listBlogSlugs(db, tenant.id), sitePagesChangedAt(db, tenant.id)]);
  const hrefs = [
    SEO_PATHS.home(),
    SEO_PATHS.places(),
    ...places.flatMap((place) => placeHrefs(place.slug)),
    ...popularRoutes(places).map((route) => SEO_PATHS.route(route.from.slug, route.to.slug)),
  ];
  return [
    ...hrefs.map((href) => ({ href, markets, lastModified: changedAt })),
    ...posts.map((post) => ({ href: SEO_PATHS.blogPost(post.slug), markets: tenantMarkets(tenant, [post.language]), lastModified: post.updatedAt })),
  ];
}
