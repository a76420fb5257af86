import { breadcrumbList, breadcrumbTrail, jsonLdGraph, localBusiness, serializeJsonLd, taxiService } from '@/lib/seo/json-ld';

const tenant = {
  name: 'Meridian Cabs',
  email: 'hello@meridiancabs.example',
  phoneCode: '91',
  phone: '9876543210',
  countryCode: 'in',
  logoUrl: '/brand/meridian-logo.svg',
};
const places = [
  { name: 'Chennai', region: 'Tamil Nadu' },
  { name: 'Bangalore', region: 'Karnataka' },
];
const ORIGIN = 'https://rides.example';

describe('JSON-LD', () => {
  const service = taxiService({
    tenant,
    origin: ORIGIN,
    places,
    name: 'Taxi in Chennai',
    description: 'Rides in Chennai.',
    url: `${ORIGIN}/in/en/place/chennai`,
    areaServed: [places[0]],
    serviceType: 'Taxi service',
  });

  it('describes a TaxiService with the operator as LocalBusiness provider (name, address, telephone, areaServed)', () => {
    expect(service).toMatchObject({
      '@type': 'TaxiService',
      name: 'Taxi in Chennai',
      url: `${ORIGIN}/in/en/place/chennai`,
      areaServed: [{ '@type': 'City', name: 'Chennai' }],
      provider: {
        '@type': 'LocalBusiness',
        name: 'Meridian Cabs',
        telephone: '+919876543210',
        url: `${ORIGIN}/`,
        logo: `${ORIGIN}/brand/meridian-logo.svg`,
        address: { '@type': 'PostalAddress', addressLocality: 'Chennai', addressRegion: 'Tamil Nadu', addressCountry: 'IN' },
        areaServed: [
          { '@type': 'City', name: 'Chennai' },
          { '@type': 'City', name: 'Bangalore' },
        ],
      },
    });
  });

  it("gives the LocalBusiness the coordinates of the operator's main city when it has them", () => {
    const located = localBusiness({ tenant, origin: ORIGIN, places: [{ name: 'Chennai', region: 'Tamil Nadu', lat: 13.0827, lng: 80.2707 }] });
    expect(located).toMatchObject({
      address: { '@type': 'PostalAddress', addressLocality: 'Chennai', addressRegion: 'Tamil Nadu', addressCountry: 'IN' },
      geo: { '@type': 'GeoCoordinates', latitude: 13.0827, longitude: 80.2707 },
    });
    expect(localBusiness({ tenant, origin: ORIGIN, places })).not.toHaveProperty('geo');
  });

  it('leaves out a breadcrumb trail of one item (the home page)', () => {
    expect(breadcrumbTrail([{ name: 'Home', url: `${ORIGIN}/in/en/user/home` }])).toEqual([]);
    expect(
      breadcrumbTrail([
        { name: 'Home', url: `${ORIGIN}/in/en/user/home` },
        { name: 'Chennai', url: `${ORIGIN}/in/en/place/chennai` },
      ]),
    ).toHaveLength(1);
  });

  it('never declares a rating', () => {
    const text = JSON.stringify(jsonLdGraph(service, localBusiness({ tenant, origin: ORIGIN, places })));
    expect(text).not.toMatch(/Rating|review/i);
  });

  it('numbers breadcrumbs from 1 with absolute items', () => {
    expect(
      breadcrumbList([
        { name: 'Home', url: `${ORIGIN}/in/en/user/home` },
        { name: 'Chennai', url: `${ORIGIN}/in/en/place/chennai` },
      ]),
    ).toEqual({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${ORIGIN}/in/en/user/home` },
        { '@type': 'ListItem', position: 2, name: 'Chennai', item: `${ORIGIN}/in/en/place/chennai` },
      ],
    });
  });

  it('serialises so no value can close the script, and parses back to the same data', () => {
    const hostile = { ...tenant, name: '</script><script>alert(1)</script> & \u2028' };
    const doc = jsonLdGraph(localBusiness({ tenant: hostile, origin: ORIGIN, places }));
    const text = serializeJsonLd(doc);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(doc);
    expect(doc['@context']).toBe('https://schema.org');
  });

  it('leaves out what the operator has not given', () => {
    const bare = localBusiness({ tenant: { ...tenant, phone: null, email: null, logoUrl: null }, origin: ORIGIN, places: [] });
    expect(bare).not.toHaveProperty('telephone');
    expect(bare).not.toHaveProperty('logo');
    expect(bare.address).toEqual({ '@type': 'PostalAddress', addressCountry: 'IN' });
  });
});
