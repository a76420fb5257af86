import { idsNear } from '@/lib/places/place-grid';
import type { PlaceIndex, PlaceKind } from '@/lib/places/place-index';
import { everydayName } from '@/lib/places/normalise';
import type { TripRuleValues } from '@/lib/fares/trip-limits';
import { tripReachIssue } from '@/lib/fares/trip-reach';
import type { LatLng } from '@/lib/road-distance/estimate';
import {
  airportDestinations,
  cityEntryId,
  cityLocalities,
  cityStations,
  nearestCity,
  servedAirports,
  type ChosenPlace,
  type PageCaps,
  type ServiceCityRef,
} from './served-places';

/** A place of the index that has a page (or is a page's subject), with its names for every script. */
export type CataloguePlace = LatLng & {
  id: number;
  kind: PlaceKind;
  slug: string;
  /** The everyday Latin name ("Kodaikanal"); `names` holds it first, then the index's other names. */
  name: string;
  names: string[];
  /** Road estimate (km) from what it was chosen around: the airport, or the city centre. */
  roadKm: number;
  region?: string;
  postcode?: string;
  /** The operator's city this place is (its place page), when it is one. */
  serviceSlug?: string;
};

export type AirportEntry = CataloguePlace & {
  code: string;
  /** The operator's city nearest the airport (its page's breadcrumb and city-centre fares). */
  city: ServiceCityRef;
  /** The town the airport serves (the index's parent), whose native names name the airport in other scripts. */
  town?: { name: string; names: string[] };
  destinations: CataloguePlace[];
};

/** Every airport, transfer and locality page an operator has, from its cities and limits. */
export type Catalogue = {
  cities: ServiceCityRef[];
  /** Each service city as the index knows it (native names), by slug. */
  cityPlaces: Map<string, CataloguePlace>;
  airports: AirportEntry[];
  /** Locality pages by city slug. */
  localities: Map<string, CataloguePlace[]>;
  /** Station and bus-stand localities by city slug (what locality pages price trips to). */
  stations: Map<string, CataloguePlace[]>;
};

/** An airport's parent town lies within this distance (the index's parent radius for airports, km). */
const AIRPORT_TOWN_KM = 45;

/** `served`: the countries the operator drives in (lib/fares/trip-reach.ts); a page's trip must be drivable to be listed. */
export type CatalogueInput = { cities: ServiceCityRef[]; rules: TripRuleValues; caps: PageCaps; scheduled: ReadonlySet<string>; served: ReadonlySet<string> };

function describe(index: PlaceIndex, place: ChosenPlace): CataloguePlace {
  const entry = index.entry(place.id);
  const names = [...new Set(entry.names.map((name) => everydayName(name, entry.country)))];
  const described: CataloguePlace = { ...place, name: names[0], names };
  if (entry.region) described.region = entry.region;
  if (entry.postcode) described.postcode = entry.postcode;
  return described;
}

/** The operator's own name and slug for a place that is one of its cities (its "Pondicherry", the index's "Puducherry"). */
function asServiceCity(place: CataloguePlace, city: ServiceCityRef): CataloguePlace {
  return { ...place, slug: city.slug, name: city.name, names: [...new Set([city.name, ...place.names])], serviceSlug: city.slug };
}

/** The index's town an airport is named after: its parent (lib/places/place-index.ts), looked up by name nearby. */
function townOf(index: PlaceIndex, airport: ChosenPlace): number | undefined {
  const parent = index.entry(airport.id).parent;
  let found: number | undefined;
  if (parent)
    idsNear(index.grid, airport, AIRPORT_TOWN_KM, (id) => {
      if (index.kindOf(id) === 'city' && index.name(id) === parent && (found === undefined || index.importance[id] > index.importance[found])) found = id;
    });
  return found;
}

export function buildCatalogue(index: PlaceIndex, { cities, rules, caps, scheduled, served }: CatalogueInput): Catalogue {
  // the quote refuses a trip abroad or across the sea (priceTrip): such a page would only answer 404
  const drivable = (from: LatLng, to: LatLng) => !tripReachIssue(served, { ...from, name: '' }, { ...to, name: '' });
  const cityPlaces = new Map<string, CataloguePlace>();
  const cityById = new Map<number, ServiceCityRef>();
  for (const city of cities) {
    const id = cityEntryId(index, city);
    const base =
      id === undefined
        ? undefined
        : describe(index, { id, kind: 'city', slug: city.slug, roadKm: 0, importance: index.importance[id], lat: city.lat, lng: city.lng });
    cityPlaces.set(
      city.slug,
      asServiceCity(base ?? { id: -1, kind: 'city', slug: city.slug, name: city.name, names: [city.name], roadKm: 0, lat: city.lat, lng: city.lng }, city),
    );
    if (id !== undefined) cityById.set(id, city);
  }
  const named = (place: ChosenPlace) => {
    const described = describe(index, place);
    const city = cityById.get(place.id);
    return city ? { ...asServiceCity(described, city), roadKm: place.roadKm, lat: city.lat, lng: city.lng } : described;
  };
  const airports = servedAirports(index, scheduled, cities, rules)
    // an airport across the sea or a border from its city (Abu Musa from Dubai) has no fare to show
    .filter((airport) => drivable(nearestCity(cities, airport)!.city, airport))
    .map((airport): AirportEntry => {
      const town = townOf(index, airport);
      return {
        ...describe(index, airport),
        code: airport.slug.toUpperCase(),
        city: nearestCity(cities, airport)!.city,
        ...(town === undefined ? {} : { town: { name: everydayName(index.name(town), index.country(town)), names: index.names(town) } }),
        destinations: airportDestinations(index, airport, cities, rules, caps.transfersPerAirport)
          .filter((place) => drivable(airport, place))
          .map(named),
      };
    });
  const localities = new Map(
    cities.map((city) => [
      city.slug,
      cityLocalities(index, city, cities, rules, caps.localitiesPerCity)
        .filter((place) => drivable(city, place))
        .map(named),
    ]),
  );
  const stations = new Map(cities.map((city) => [city.slug, cityStations(index, city, rules).map((place) => describe(index, place))]));
  return { cities, cityPlaces, airports, localities, stations };
}
