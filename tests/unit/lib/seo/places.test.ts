import { DEMO_CITIES } from '@/lib/tenancy/demo';
import { normalisePlaceName } from '@/lib/places/normalise';
import { lookupSlug } from '@/lib/seo/place-lookup';
import { groupByRegion } from '@/lib/seo/regions';
import { findRoute, MAX_ROUTE_METERS, popularRoutes, routesFrom } from '@/lib/seo/routes';

const places = DEMO_CITIES.map((city) => ({ ...city, slug: normalisePlaceName(city.name), region: city.region ?? null }));

describe('popular routes', () => {
  const routes = popularRoutes(places);

  it('link every place to nearby places, within a day’s drive, in both directions', () => {
    for (const place of places) expect(routesFrom(routes, place.slug).length).toBeGreaterThan(0);
    for (const route of routes) {
      expect(route.distanceM).toBeLessThanOrEqual(MAX_ROUTE_METERS);
      expect(routes.some((r) => r.from.slug === route.to.slug && r.to.slug === route.from.slug)).toBe(true);
    }
    expect(routesFrom(routes, 'mumbai').map((r) => r.to.slug)[0]).toBe('pune');
    expect(routes.some((r) => r.from.slug === 'chennai' && r.to.slug === 'mumbai')).toBe(false);
  });

  it('are found by their "{from}-to-{to}" segment, also when a slug contains "-to-"', () => {
    expect(findRoute(routes, 'chennai-to-pondicherry')?.to.name).toBe('Pondicherry');
    expect(findRoute(routes, 'chennai-to-mumbai')).toBeUndefined();
    expect(findRoute(routes, 'chennai')).toBeUndefined();
    const odd = [
      { slug: 'san-to-rio', name: 'San to Rio', region: null, lat: 10, lng: 76 },
      { slug: 'kochi', name: 'Kochi', region: null, lat: 9.93, lng: 76.27 },
    ];
    expect(findRoute(popularRoutes(odd), 'san-to-rio-to-kochi')).toMatchObject({ from: { slug: 'san-to-rio' }, to: { slug: 'kochi' } });
  });
});

describe('place segments (docs/requirements/crawler.md#place-names-in-urls)', () => {
  const find = (slug: string) => places.find((p) => p.slug === slug);

  it('finds a normalised slug, redirects an oddly written one and misses unknown places', () => {
    expect(lookupSlug('chennai', find)).toMatchObject({ kind: 'found', value: { name: 'Chennai' } });
    expect(lookupSlug('Chennai', find)).toMatchObject({ kind: 'redirect', slug: 'chennai' });
    expect(lookupSlug('%20CHENNAI!!', find)).toMatchObject({ kind: 'redirect', slug: 'chennai' });
    expect(lookupSlug('atlantis', find)).toEqual({ kind: 'missing' });
    expect(lookupSlug('%E0%A4%A', find)).toEqual({ kind: 'missing' });
    expect(lookupSlug('!!!', find)).toEqual({ kind: 'missing' });
  });

  it('groups places by region, places without one last', () => {
    const groups = groupByRegion([...places, { ...places[0], slug: 'x', region: null }]);
    expect(groups[0]).toMatchObject({ region: 'Tamil Nadu' });
    expect(groups.find((g) => g.region === 'Tamil Nadu')!.places.map((p) => p.slug)).toEqual(['chennai', 'coimbatore', 'madurai']);
    expect(groups.at(-1)!.region).toBeNull();
  });
});
