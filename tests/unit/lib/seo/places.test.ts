import { DEMO_CITIES } from '@/lib/tenancy/demo';
import { defaultRateCard } from '@/lib/fares/defaults';
import { VEHICLE_TYPES } from '@/lib/db/schema/rides';
import { normalisePlaceName } from '@/lib/places/normalise';
import { fareTables, lowestTotal, rentalFareTables, routeFareTable, typicalTripTable, TYPICAL_TRIP_KM } from '@/lib/seo/fares';
import { lookupSlug } from '@/lib/seo/place-lookup';
import { groupByRegion } from '@/lib/seo/regions';
import { findRoute, MAX_ROUTE_METERS, popularRoutes, routesFrom } from '@/lib/seo/routes';

const places = DEMO_CITIES.map((city) => ({ ...city, slug: normalisePlaceName(city.name), region: city.region ?? null }));
const cards = VEHICLE_TYPES.map((vehicleType) => ({ vehicleType, ...defaultRateCard(vehicleType, 'INR') }));

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

describe('live fare tables', () => {
  it('price a typical local trip from the rate cards (total = ride amount + allowance + tolls)', () => {
    const table = typicalTripTable(cards, 'local');
    const sedan = table.rows.find((r) => r.vehicleType === 'sedan')!;
    const card = cards.find((c) => c.vehicleType === 'sedan')!;
    expect(table.distanceM).toBe(TYPICAL_TRIP_KM.local * 1000);
    expect(sedan.rideAmount).toBe(card.baseFare + card.perKm * TYPICAL_TRIP_KM.local);
    for (const row of table.rows) expect(row.total).toBe(row.rideAmount + row.driverBata + row.tolls);
  });

  it('price a route one way as outstation, with allowance and tolls', () => {
    const route = findRoute(popularRoutes(places), 'chennai-to-bangalore')!;
    const table = routeFareTable(cards, route);
    expect(table.route).toEqual({ fromName: 'Chennai', toName: 'Bangalore' });
    for (const row of table.rows) {
      expect(row.driverBata).toBeGreaterThan(0);
      expect(row.tolls).toBeGreaterThan(0);
    }
    expect(lowestTotal(table)).toBe(Math.min(...table.rows.map((r) => r.total)));
  });

  it('price every rental package and pick blocks per page', () => {
    expect(rentalFareTables(cards).map((t) => t.rentalPackage?.code)).toEqual(['4h40km', '8h80km', '12h120km']);
    expect(fareTables(cards, ['local', 'outstation']).map((t) => t.tripKind)).toEqual(['local']);
    expect(fareTables(cards, ['airport', 'rental']).map((t) => t.tripKind)).toEqual(['airport', 'rental', 'rental', 'rental']);
  });
});
