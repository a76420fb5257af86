import 'server-only';
import type { Db } from '@/lib/db/client';
import { activeRateCards } from '@/lib/fares/rate-cards';
import { payuConfigFor } from '@/lib/payments/config';
import { loadPlaceIndex } from '@/lib/places/place-index';
import { everydayName } from '@/lib/places/normalise';
import type { Tenant } from '@/lib/tenancy/queries';
import { popularRoutes, routesFrom, type RoutePlace } from '../routes';
import type { Catalogue } from './catalogue';
import { airportTripKind, refOf, type PlaceRef, type TripSummary } from './page-models';
import { townsOnTheWay } from './served-places';
import { fromTotal, sameDayReturnFares, tripFares, type FareLine, type TripFares } from './trip-fares';

/* What a city's place page and a city-to-city route page say, as data (see ./page-models.ts). */

type Operator = Pick<Tenant, 'id' | 'currency' | 'timeZone'>;

export type PlaceModel = {
  kind: 'place';
  city: PlaceRef;
  /** The city's airports: a pickup there to the centre. */
  airports: TripSummary[];
  /** The city's locality pages: from the centre. */
  localities: TripSummary[];
  /** Popular routes from the city. */
  routes: TripSummary[];
  /** The cheapest rental package (hours, km, lowest price). */
  rental?: { hours: number; km: number; price: number };
  /** Whether riders can pay by card (the operator's or the platform's PayU account). */
  card: boolean;
};

export type RouteModel = {
  kind: 'route';
  from: PlaceRef;
  to: PlaceRef;
  oneWay: TripFares;
  sameDayReturn?: FareLine[];
  /** Towns near the straight line, with their distance from the start (straight line, m). */
  onTheWay: (Pick<PlaceRef, 'name' | 'names'> & { distanceM: number })[];
  /** The destination's airports and locality pages (links). */
  airports: PlaceRef[];
  localities: PlaceRef[];
  /** Other popular routes from the start. */
  more: TripSummary[];
};

const asPlace = (ref: PlaceRef) => ({ name: ref.code ? `${ref.name} (${ref.code})` : ref.name, lat: ref.lat, lng: ref.lng });

async function summary(db: Db, operator: Operator, from: PlaceRef, to: PlaceRef, kind: TripFares['tripKind']): Promise<TripSummary | undefined> {
  const fares = await tripFares(db, operator, asPlace(from), asPlace(to), kind, { night: false });
  return (
    fares && { place: to, tripKind: kind, distanceM: fares.distanceM, durationS: fares.durationS, estimated: fares.estimated, fromTotal: fromTotal(fares) }
  );
}

const present = <T>(list: (T | undefined)[]) => list.filter((item): item is T => item !== undefined);

function cityRef(catalogue: Catalogue, slug: string): PlaceRef {
  return refOf(catalogue.cityPlaces.get(slug)!);
}

function routeTargets(catalogue: Catalogue): RoutePlace[] {
  return catalogue.cities.map((city) => ({ slug: city.slug, name: city.name, region: city.region, lat: city.lat, lng: city.lng }));
}

export async function placeModel(db: Db, operator: Operator, catalogue: Catalogue, slug: string): Promise<PlaceModel | undefined> {
  const city = cityRef(catalogue, slug);
  const airports = catalogue.airports.filter((airport) => airport.city.slug === slug);
  const routes = routesFrom(popularRoutes(routeTargets(catalogue)), slug);
  const [airportTrips, localityTrips, routeTrips, cards, card] = await Promise.all([
    Promise.all(
      airports.map(async (airport) => {
        const ref = { ...refOf(airport), code: airport.code, ...(airport.town ? { town: airport.town } : {}) };
        const trip = await summary(db, operator, ref, city, await airportTripKind(db, operator.id, ref, city));
        return trip && { ...trip, place: ref };
      }),
    ),
    Promise.all((catalogue.localities.get(slug) ?? []).map((locality) => summary(db, operator, city, refOf(locality), 'local'))),
    Promise.all(routes.map((route) => summary(db, operator, city, cityRef(catalogue, route.to.slug), 'outstation'))),
    activeRateCards(db, operator),
    payuConfigFor(db, operator.id).then(Boolean),
  ]);
  if (!cards.length) return undefined;
  const packages = cards.flatMap((card) => card.rentalPackages);
  const cheapest = packages.sort((a, b) => a.price - b.price)[0];
  return {
    kind: 'place',
    city,
    airports: present(airportTrips),
    localities: present(localityTrips),
    routes: present(routeTrips),
    ...(cheapest ? { rental: { hours: cheapest.hours, km: cheapest.km, price: cheapest.price } } : {}),
    card,
  };
}

/** Other routes from the start listed on a route page. */
const MORE_ROUTES = 3;
const LISTED = 4;

export async function routeModel(db: Db, operator: Operator, catalogue: Catalogue, fromSlug: string, toSlug: string): Promise<RouteModel | undefined> {
  const from = cityRef(catalogue, fromSlug);
  const to = cityRef(catalogue, toSlug);
  const oneWay = await tripFares(db, operator, asPlace(from), asPlace(to), 'outstation');
  if (!oneWay) return undefined;
  const index = await loadPlaceIndex();
  const others = routesFrom(popularRoutes(routeTargets(catalogue)), fromSlug)
    .filter((route) => route.to.slug !== toSlug)
    .slice(0, MORE_ROUTES);
  const [sameDayReturn, more] = await Promise.all([
    sameDayReturnFares(db, operator, asPlace(from), asPlace(to)),
    Promise.all(others.map((route) => summary(db, operator, from, cityRef(catalogue, route.to.slug), 'outstation'))),
  ]);
  return {
    kind: 'route',
    from,
    to,
    oneWay,
    ...(sameDayReturn ? { sameDayReturn } : {}),
    onTheWay: townsOnTheWay(index, from, to).map(({ id, km }) => {
      const names = index.names(id).map((name) => everydayName(name, index.country(id)));
      return { name: names[0], names, distanceM: Math.round(km * 1000) };
    }),
    airports: catalogue.airports
      .filter((airport) => airport.city.slug === toSlug)
      .map((airport) => ({ ...refOf(airport), code: airport.code, ...(airport.town ? { town: airport.town } : {}) })),
    localities: (catalogue.localities.get(toSlug) ?? []).slice(0, LISTED).map(refOf),
    more: present(more),
  };
}
