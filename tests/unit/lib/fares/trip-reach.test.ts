import { createBusiness } from '@/lib/tenancy/commands';
import { createQuote } from '@/lib/fares/quote';
import { DomainError } from '@/lib/errors/domain-error';
import { countriesAt, landmassAt } from '@/lib/fares/land';
import { servedCountries, tripReachIssue } from '@/lib/fares/trip-reach';
import { popularRoutes } from '@/lib/seo/routes';
import type { Db } from '@/lib/db/client';
import { closeTestDb, openTestDb } from '../../db';

const CHENNAI = { lat: 13.0878, lng: 80.2785, name: 'Chennai' };
const BENGALURU = { lat: 12.9719, lng: 77.5937, name: 'Bengaluru' };
const RAMESWARAM = { lat: 9.2876, lng: 79.3129, name: 'Rameswaram' };
const COLOMBO = { lat: 6.9271, lng: 79.8612, name: 'Colombo' };
const JAFFNA = { lat: 9.6615, lng: 80.0255, name: 'Jaffna' };
const PORT_BLAIR = { lat: 11.6234, lng: 92.7265, name: 'Port Blair' };
const KOCHI = { lat: 9.9312, lng: 76.2673, name: 'Kochi' };
const KAVARATTI = { lat: 10.5667, lng: 72.6417, name: 'Kavaratti' };
const DUBAI = { lat: 25.2048, lng: 55.2708, name: 'Dubai' };
const ABU_DHABI = { lat: 24.4539, lng: 54.3773, name: 'Abu Dhabi' };
const MUSCAT = { lat: 23.588, lng: 58.3829, name: 'Muscat' };

describe('where a trip can be driven', () => {
  const india = servedCountries('in', [CHENNAI]);

  it('knows the country and the landmass of a point from the gazetteer', () => {
    expect(countriesAt(CHENNAI)).toEqual(['IN']);
    expect(countriesAt(COLOMBO)).toEqual(['LK']);
    expect(landmassAt(CHENNAI)).toBe(0);
    expect(landmassAt(PORT_BLAIR)).not.toBe(0);
    expect(landmassAt(KAVARATTI)).not.toBe(landmassAt(PORT_BLAIR));
  });

  it('drives on the mainland, over the Pamban bridge, and within the Emirates', () => {
    expect(tripReachIssue(india, CHENNAI, BENGALURU)).toBeUndefined();
    expect(tripReachIssue(india, CHENNAI, RAMESWARAM)).toBeUndefined();
    expect(tripReachIssue(india, CHENNAI, null)).toBeUndefined();
    expect(tripReachIssue(servedCountries('ae', [DUBAI]), DUBAI, ABU_DHABI)).toBeUndefined();
  });

  it('refuses a drop-off in a country the operator does not serve', () => {
    expect(tripReachIssue(india, CHENNAI, COLOMBO)).toEqual({ code: 'other_country', field: 'dropoffLocation', place: 'Colombo' });
    expect(tripReachIssue(india, CHENNAI, JAFFNA)).toMatchObject({ code: 'other_country', place: 'Jaffna' });
    expect(tripReachIssue(india, COLOMBO, CHENNAI)).toMatchObject({ code: 'other_country', field: 'pickupLocation', place: 'Colombo' });
    expect(tripReachIssue(servedCountries('ae', [DUBAI]), DUBAI, MUSCAT)).toMatchObject({ code: 'other_country', place: 'Muscat' });
  });

  it('crosses a border the operator serves on both sides, by its service cities', () => {
    expect(tripReachIssue(servedCountries('ae', [DUBAI, MUSCAT]), DUBAI, MUSCAT)).toBeUndefined();
  });

  it('refuses an island no road reaches, in either direction', () => {
    expect(tripReachIssue(india, CHENNAI, PORT_BLAIR)).toEqual({ code: 'no_road', field: 'dropoffLocation', place: 'Port Blair' });
    expect(tripReachIssue(india, KAVARATTI, KOCHI)).toMatchObject({ code: 'no_road', place: 'Kochi' });
    expect(tripReachIssue(india, KOCHI, KAVARATTI)).toMatchObject({ code: 'no_road', place: 'Kavaratti' });
  });

  it('makes no popular route between service cities a road does not join', () => {
    const places = [CHENNAI, PORT_BLAIR, RAMESWARAM].map((p) => ({ ...p, slug: p.name.toLowerCase().replace(' ', '-'), region: null }));
    const pairs = popularRoutes(places).map((r) => `${r.from.slug}>${r.to.slug}`);
    expect(pairs).toEqual(expect.arrayContaining(['chennai>rameswaram', 'rameswaram>chennai']));
    expect(pairs.filter((pair) => pair.includes('port-blair'))).toEqual([]);
  });
});

describe('a quote across the sea or a border', () => {
  let db: Db;
  let demo: Awaited<ReturnType<typeof createBusiness>>;
  const trip = (dropoff: { lat: number; lng: number; name: string }) => ({
    rideType: 'oneway' as const,
    tripKind: 'outstation' as const,
    pickupLocation: CHENNAI,
    dropoffLocation: dropoff,
    pickupTime: new Date(Date.now() + 3 * 86_400_000).toISOString(),
  });

  beforeAll(async () => {
    db = await openTestDb();
    demo = await createBusiness(db, {
      slug: 'demo',
      name: 'Demo Cabs',
      countryCode: 'in',
      cities: [{ name: 'Chennai', lat: CHENNAI.lat, lng: CHENNAI.lng }],
    });
  });
  afterAll(closeTestDb);

  it.each([
    [COLOMBO, 'other_country', 'otherCountry'],
    [JAFFNA, 'other_country', 'otherCountry'],
    [PORT_BLAIR, 'no_road', 'noRoad'],
  ])('is refused before any fare: %o', async (dropoff, code, key) => {
    const refusal = await createQuote(db, demo, trip(dropoff)).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ kind: 'invalid', code, key, field: 'dropoffLocation', values: { place: dropoff.name } });
  });

  it('prices a trip on the mainland', async () => {
    const quote = await createQuote(db, demo, trip(BENGALURU));
    expect(quote.items.length).toBeGreaterThan(0);
  });
});
