import 'server-only';
import type { Db } from '@/lib/db/client';
import { tripContext } from '@/lib/fares/trip-rules';
import { greatCircleMeters, type LatLng } from '@/lib/road-distance/estimate';
import type { Tenant } from '@/lib/tenancy/queries';
import { airportRulesView, type AirportRulesView } from './airport-rules';
import type { AirportEntry, Catalogue, CataloguePlace } from './catalogue';
import { BUS_STAND_NAME, pageLimits, STATION_NAME } from './served-places';
import { fromTotal, pageRoute, tripFares, type TripFares } from './trip-fares';

/*
 * What each airport, transfer and locality page says, as data: the page renders it, and its digest is the
 * page's version (sitemap lastmod). Names come with every spelling the index has, so each language picks
 * its own script.
 */

export type PlaceRef = LatLng & {
  slug: string;
  name: string;
  names: string[];
  kind: CataloguePlace['kind'];
  code?: string;
  region?: string;
  postcode?: string;
  /** An airport's town (its names name the airport in other scripts). */
  town?: { name: string; names: string[] };
};

/** A trip from the page's place to another page's place, with its lowest fare. */
export type TripSummary = { place: PlaceRef; tripKind: TripFares['tripKind']; distanceM: number; durationS: number; estimated: boolean; fromTotal: number };

export type AirportModel = {
  kind: 'airport';
  airport: PlaceRef & { code: string };
  city: PlaceRef;
  /** Pickups at the airport to the city centre, and drops from it. */
  pickup: TripFares;
  drop: TripFares;
  destinations: TripSummary[];
  otherAirports: PlaceRef[];
  rules: AirportRulesView;
};

export type TransferModel = {
  kind: 'transfer';
  airport: PlaceRef & { code: string };
  city: PlaceRef;
  destination: PlaceRef;
  there: TripFares;
  back: TripFares;
  /** The same airport's destinations nearest this one. */
  nearby: TripSummary[];
  /** The destination's own page: a locality page (`/place/{city}/{slug}`) or a city's place page. */
  localityOf?: string;
  cityPage?: string;
  rules: AirportRulesView;
};

export type LocalityTarget = {
  role: 'airport' | 'centre' | 'station' | 'busStand';
  place: PlaceRef;
  fares: TripFares;
  transfer?: { code: string; slug: string };
};

export type LocalityModel = {
  kind: 'locality';
  city: PlaceRef;
  locality: PlaceRef;
  targets: LocalityTarget[];
  /** The city's other locality pages nearest this one, with the straight-line distance (m). */
  nearest: (PlaceRef & { distanceM: number })[];
};

type Operator = Pick<Tenant, 'id' | 'currency' | 'timeZone'>;

/** Nearby places listed on a page. */
const NEARBY = 6;

export function refOf(place: CataloguePlace & { code?: string }): PlaceRef {
  const ref: PlaceRef = { slug: place.slug, name: place.name, names: place.names, kind: place.kind, lat: place.lat, lng: place.lng };
  if (place.code) ref.code = place.code;
  if (place.region) ref.region = place.region;
  if (place.postcode) ref.postcode = place.postcode;
  return ref;
}

const airportRef = (airport: AirportEntry) => ({ ...refOf(airport), code: airport.code, ...(airport.town ? { town: airport.town } : {}) });
const asPlace = (ref: PlaceRef) => ({ name: ref.code ? `${ref.name} (${ref.code})` : ref.name, lat: ref.lat, lng: ref.lng });

/** The kind of trip the booking form asks for between an airport and a place: airport within the local limit, else outstation. */
export async function airportTripKind(db: Db, businessId: number, a: PlaceRef, b: PlaceRef): Promise<TripFares['tripKind']> {
  const { localKm } = pageLimits((await tripContext(db, businessId)).rules);
  return Math.round((await pageRoute(asPlace(a), asPlace(b))).distanceM / 1000) <= localKm ? 'airport' : 'outstation';
}

async function localTripKind(db: Db, businessId: number, a: PlaceRef, b: PlaceRef): Promise<TripFares['tripKind']> {
  const { localKm } = pageLimits((await tripContext(db, businessId)).rules);
  return Math.round((await pageRoute(asPlace(a), asPlace(b))).distanceM / 1000) <= localKm ? 'local' : 'outstation';
}

async function summary(db: Db, operator: Operator, from: PlaceRef, to: PlaceRef, kind: TripFares['tripKind']): Promise<TripSummary | undefined> {
  const fares = await tripFares(db, operator, asPlace(from), asPlace(to), kind, { night: false });
  return (
    fares && { place: to, tripKind: kind, distanceM: fares.distanceM, durationS: fares.durationS, estimated: fares.estimated, fromTotal: fromTotal(fares) }
  );
}

function cityRef(catalogue: Catalogue, slug: string): PlaceRef {
  return refOf(catalogue.cityPlaces.get(slug)!);
}

export async function airportModel(db: Db, operator: Operator, catalogue: Catalogue, airport: AirportEntry): Promise<AirportModel | undefined> {
  const self = airportRef(airport);
  const city = cityRef(catalogue, airport.city.slug);
  const kind = await airportTripKind(db, operator.id, self, city);
  const [pickup, drop] = await Promise.all([
    tripFares(db, operator, asPlace(self), asPlace(city), kind),
    tripFares(db, operator, asPlace(city), asPlace(self), kind),
  ]);
  if (!pickup || !drop) return undefined;
  const destinations = await Promise.all(
    airport.destinations.map(async (place) => summary(db, operator, self, refOf(place), await airportTripKind(db, operator.id, self, refOf(place)))),
  );
  return {
    kind: 'airport',
    airport: self,
    city,
    pickup,
    drop,
    destinations: destinations.filter((d): d is TripSummary => Boolean(d)),
    otherAirports: catalogue.airports.filter((other) => other.code !== airport.code && other.city.slug === airport.city.slug).map(airportRef),
    rules: await airportRulesView(db, operator.id, airport.code),
  };
}

const straight = (a: LatLng, b: LatLng) => greatCircleMeters(a, b);

export async function transferModel(
  db: Db,
  operator: Operator,
  catalogue: Catalogue,
  airport: AirportEntry,
  destination: CataloguePlace,
): Promise<TransferModel | undefined> {
  const self = airportRef(airport);
  const place = refOf(destination);
  const kind = await airportTripKind(db, operator.id, self, place);
  const [there, back] = await Promise.all([
    tripFares(db, operator, asPlace(self), asPlace(place), kind),
    tripFares(db, operator, asPlace(place), asPlace(self), kind),
  ]);
  if (!there || !back) return undefined;
  const others = airport.destinations
    .filter((other) => other.slug !== destination.slug)
    .sort((a, b) => straight(a, destination) - straight(b, destination))
    .slice(0, NEARBY);
  const nearby = await Promise.all(
    others.map(async (other) => summary(db, operator, self, refOf(other), await airportTripKind(db, operator.id, self, refOf(other)))),
  );
  const localityOf = [...catalogue.localities].find(([, list]) => list.some((locality) => locality.id === destination.id))?.[0];
  const model: TransferModel = {
    kind: 'transfer',
    airport: self,
    city: cityRef(catalogue, airport.city.slug),
    destination: place,
    there,
    back,
    nearby: nearby.filter((n): n is TripSummary => Boolean(n)),
    rules: await airportRulesView(db, operator.id, airport.code),
  };
  if (localityOf) model.localityOf = localityOf;
  if (destination.serviceSlug) model.cityPage = destination.serviceSlug;
  return model;
}

/** The catalogue's place nearest a point among those whose names match, within `maxM`. */
function nearestMatching(places: readonly CataloguePlace[], point: LatLng, pattern: RegExp, maxM: number): CataloguePlace | undefined {
  return places
    .filter((place) => place.names.some((name) => pattern.test(name)))
    .map((place) => ({ place, m: straight(place, point) }))
    .filter(({ m }) => m > 0 && m <= maxM)
    .sort((a, b) => a.m - b.m)[0]?.place;
}

export async function localityModel(
  db: Db,
  operator: Operator,
  catalogue: Catalogue,
  citySlug: string,
  locality: CataloguePlace,
): Promise<LocalityModel | undefined> {
  const stations = catalogue.stations.get(citySlug) ?? [];
  const city = cityRef(catalogue, citySlug);
  const self = refOf(locality);
  const { localKm } = pageLimits((await tripContext(db, operator.id)).rules);
  const targets: LocalityTarget[] = [];
  const airport = catalogue.airports
    .filter((a) => a.city.slug === citySlug || straight(a, locality) / 1000 <= localKm)
    .sort((a, b) => straight(a, locality) - straight(b, locality))[0];
  if (airport) {
    const ref = airportRef(airport);
    const fares = await tripFares(db, operator, asPlace(self), asPlace(ref), await airportTripKind(db, operator.id, self, ref));
    const transfer = airport.destinations.find((d) => d.id === locality.id);
    if (fares) targets.push({ role: 'airport', place: ref, fares, ...(transfer ? { transfer: { code: airport.code, slug: transfer.slug } } : {}) });
  }
  const centre = await tripFares(db, operator, asPlace(self), asPlace(city), await localTripKind(db, operator.id, self, city));
  if (centre) targets.push({ role: 'centre', place: city, fares: centre });
  for (const [role, pattern] of [
    ['station', STATION_NAME],
    ['busStand', BUS_STAND_NAME],
  ] as const) {
    const found = nearestMatching(stations, locality, pattern, localKm * 1000);
    if (!found || found.id === locality.id) continue;
    const ref = refOf(found);
    const fares = await tripFares(db, operator, asPlace(self), asPlace(ref), await localTripKind(db, operator.id, self, ref), { night: false });
    if (fares) targets.push({ role, place: ref, fares });
  }
  if (!targets.length) return undefined;
  const nearest = (catalogue.localities.get(citySlug) ?? [])
    .filter((other) => other.id !== locality.id)
    .map((other) => ({ ...refOf(other), distanceM: Math.round(straight(other, locality)) }))
    .sort((a, b) => a.distanceM - b.distanceM)
    .slice(0, NEARBY);
  return { kind: 'locality', city, locality: self, targets, nearest };
}
