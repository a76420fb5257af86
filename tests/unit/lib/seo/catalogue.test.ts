import { buildCatalogue, type Catalogue } from '@/lib/seo/catalogue/catalogue';
import { nameIn, nativeName } from '@/lib/seo/catalogue/names';
import { scheduledAirportCodes } from '@/lib/airports/catalogue';
import { DEFAULT_PAGE_CAPS, MIN_SPACING_KM, servedAirports, townsOnTheWay } from '@/lib/seo/catalogue/served-places';
import { DEFAULT_TRIP_RULES } from '@/lib/fares/trip-limits';
import { servedCountries } from '@/lib/fares/trip-reach';
import { everydayName, normalisePlaceName } from '@/lib/places/normalise';
import { loadPlaceIndex, type PlaceIndex } from '@/lib/places/place-index';
import { ROAD_FACTOR, greatCircleMeters } from '@/lib/road-distance/estimate';
import { DEMO_CITIES } from '@/lib/tenancy/demo';

/*
 * Which places of the offline index get pages for the demo operator (its ten cities, the default limits):
 * airports with scheduled service, transfers and localities inside the limits, spaced, capped.
 */

const cities = DEMO_CITIES.map((city) => ({ ...city, slug: normalisePlaceName(city.name), region: city.region ?? null }));
let index: PlaceIndex;
let catalogue: Catalogue;

beforeAll(async () => {
  index = await loadPlaceIndex();
  catalogue = buildCatalogue(index, {
    cities,
    rules: DEFAULT_TRIP_RULES,
    caps: DEFAULT_PAGE_CAPS,
    scheduled: await scheduledAirportCodes(),
    served: servedCountries('in', cities),
  });
}, 180_000);

const km = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => greatCircleMeters(a, b) / 1000;

describe('the demo operator’s airport pages', () => {
  it('are the scheduled airports within 150 km of its cities, each with its nearest city', () => {
    const codes = catalogue.airports.map((airport) => airport.code);
    expect(codes).toEqual(expect.arrayContaining(['MAA', 'BLR', 'HYD', 'BOM', 'PNQ', 'COK', 'CJB', 'IXM', 'PNY', 'MYQ']));
    for (const airport of catalogue.airports) {
      expect(Math.min(...cities.map((city) => km(city, airport)))).toBeLessThanOrEqual(150);
      expect(airport.slug).toBe(airport.code.toLowerCase());
    }
    const maa = catalogue.airports.find((airport) => airport.code === 'MAA')!;
    expect(maa).toMatchObject({ name: 'Chennai International Airport', city: { slug: 'chennai' }, town: { name: 'Chennai' } });
  });

  it('give MAA transfers to T Nagar, Velachery, Mamallapuram and Pondicherry (the operator’s own name for it), at most the cap, no two on one spot', () => {
    const maa = catalogue.airports.find((airport) => airport.code === 'MAA')!;
    const slugs = maa.destinations.map((d) => d.slug);
    expect(slugs).toEqual(expect.arrayContaining(['t-nagar', 'velachery', 'mamallapuram', 'pondicherry', 'chennai']));
    expect(maa.destinations.length).toBeGreaterThanOrEqual(10);
    expect(maa.destinations.find((d) => d.slug === 'pondicherry')).toMatchObject({ name: 'Pondicherry', serviceSlug: 'pondicherry' });
    for (const airport of catalogue.airports) {
      expect(airport.destinations.length).toBeLessThanOrEqual(DEFAULT_PAGE_CAPS.transfersPerAirport);
      expect(new Set(airport.destinations.map((d) => d.slug)).size).toBe(airport.destinations.length);
      const closest = Math.min(...airport.destinations.flatMap((a, i) => airport.destinations.slice(i + 1).map((b) => km(a, b))));
      expect(closest).toBeGreaterThanOrEqual(MIN_SPACING_KM);
    }
  });
});

describe('the demo operator’s locality pages', () => {
  it('lie within the local trip limit of their city, nearer it than any other of the operator’s cities, at most the cap each', () => {
    for (const city of cities) {
      const localities = catalogue.localities.get(city.slug)!;
      expect(localities.length).toBeGreaterThan(0);
      expect(localities.length).toBeLessThanOrEqual(DEFAULT_PAGE_CAPS.localitiesPerCity);
      for (const locality of localities) {
        expect(km(city, locality) * ROAD_FACTOR).toBeLessThanOrEqual(DEFAULT_TRIP_RULES.localMaxKm);
        const nearest = cities.reduce((best, other) => (km(other, locality) < km(best, locality) ? other : best));
        expect(nearest.slug).toBe(city.slug);
      }
    }
    const chennai = catalogue.localities.get('chennai')!.map((l) => l.slug);
    expect(chennai).toEqual(expect.arrayContaining(['t-nagar', 'velachery']));
    // Koramangala is Bangalore's; Vellore is 140 km from Chennai, past the 80 km local limit
    expect(chennai).not.toContain('koramangala');
    expect(catalogue.localities.get('bangalore')!.map((l) => l.slug)).toContain('koramangala');
    expect([...catalogue.localities.values()].flat().map((l) => l.slug)).not.toContain('vellore');
  });
});

describe('place names and slugs', () => {
  it('drop the gazetteer’s transliteration marks in India, in names and in URLs', () => {
    expect(everydayName('Kodaikānāl', 'IN')).toBe('Kodaikanal');
    expect(everydayName('São Paulo', 'BR')).toBe('São Paulo');
    expect(normalisePlaceName('Kodaikānāl')).toBe('kodaikanal');
    expect(normalisePlaceName('São Paulo')).toBe('sao-paulo');
    expect(normalisePlaceName('தி நகர்')).toBe('தி-நகர்');
    const names = [...catalogue.airports.flatMap((a) => a.destinations), ...[...catalogue.localities.values()].flat()].map((p) => p.name);
    expect(names.filter((name) => /[\u0300-\u036f]/.test(name.normalize('NFD')))).toEqual([]);
  });

  it('are shown in the page’s script where the index has one', () => {
    const tnagar = catalogue.localities.get('chennai')!.find((l) => l.slug === 't-nagar')!;
    expect(nameIn(tnagar, 'ta')).toBe('தியாகராய நகர்');
    expect(nameIn(tnagar, 'hi')).toBe('टी नगर');
    expect(nameIn(tnagar, 'en')).toBe('T Nagar');
    expect(nameIn(tnagar, 'gu')).toBe('T Nagar');
    const chennai = catalogue.cityPlaces.get('chennai')!;
    expect(nameIn(chennai, 'ta')).toBe('சென்னை');
    expect(nativeName(['Mumbai', 'مومباي', 'ممبئی'], 'ur')).toBe('ممبئی');
    expect(nativeName(['Mumbai', 'مومباي', 'ممبئی'], 'ar')).toBe('مومباي');
  });
});

describe('towns on the way', () => {
  it('lists the towns near the straight line between two cities in the order met, not the ends', () => {
    const [chennai, bangalore] = cities;
    const towns = townsOnTheWay(index, chennai, bangalore);
    expect(towns.length).toBeGreaterThan(0);
    expect(towns.map((t) => t.km)).toEqual([...towns.map((t) => t.km)].sort((a, b) => a - b));
    const names = towns.map((t) => index.name(t.id));
    expect(names).not.toContain('Chennai');
    expect(names).not.toContain('Bengaluru');
  });
});

it('lists no transfer the quote refuses: an operator in the UAE gets no page from its airports into Oman', async () => {
  const uae = [
    { slug: 'dubai', name: 'Dubai', region: null, lat: 25.2048, lng: 55.2708 },
    { slug: 'abu-dhabi', name: 'Abu Dhabi', region: null, lat: 24.4539, lng: 54.3773 },
  ];
  const ae = buildCatalogue(index, {
    cities: uae,
    rules: DEFAULT_TRIP_RULES,
    caps: DEFAULT_PAGE_CAPS,
    scheduled: await scheduledAirportCodes(),
    served: servedCountries('ae', uae),
  });
  const everywhere = buildCatalogue(index, {
    cities: uae,
    rules: DEFAULT_TRIP_RULES,
    caps: DEFAULT_PAGE_CAPS,
    scheduled: await scheduledAirportCodes(),
    served: new Set(['AE', 'OM']),
  });
  const slugs = (c: Catalogue) => c.airports.flatMap((airport) => airport.destinations.map((place) => place.slug));
  expect(slugs(everywhere)).toContain('al-buraymi');
  expect(slugs(ae)).not.toContain('al-buraymi');
  expect(slugs(ae).length).toBeGreaterThan(0);
  // Abu Musa's airport lies across the sea from Dubai: no page
  expect(servedAirports(index, await scheduledAirportCodes(), uae, DEFAULT_TRIP_RULES).map((airport) => airport.slug)).toContain('aeu');
  expect(ae.airports.map((airport) => airport.code)).not.toContain('AEU');
});
