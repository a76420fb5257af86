import { absoluteUrl, bareDomain, siteOrigin, type OriginConfig } from '@/lib/seo/origin';
import { pinLocalHosts } from './local-hosts';

const LOCAL: OriginConfig = { travelHost: 'localhost', mainHost: 'main.localhost', defaultTenant: 'demo', port: 3100 };
const PROD: OriginConfig = { travelHost: 'travel.example', mainHost: 'rides.example', defaultTenant: 'demo', port: 3000 };

pinLocalHosts();

describe('siteOrigin', () => {
  it('uses the business’s own domain first, over https', () => {
    expect(siteOrigin({ slug: 'acme', domain: 'https://Cabs.Acme.example/' }, PROD)).toBe('https://cabs.acme.example');
    expect(siteOrigin({ slug: 'demo', domain: 'meridiancabs.in' }, PROD)).toBe('https://meridiancabs.in');
  });

  it('puts other tenants on {slug}.TRAVEL_HOST', () => {
    expect(siteOrigin({ slug: 'acme', domain: null }, PROD)).toBe('https://acme.travel.example');
    expect(siteOrigin({ slug: 'acme', domain: null }, LOCAL)).toBe('http://acme.localhost:3100');
  });

  it('puts the default tenant on MAIN_HOST, else TRAVEL_HOST', () => {
    expect(siteOrigin({ slug: 'demo', domain: null }, PROD)).toBe('https://rides.example');
    expect(siteOrigin({ slug: 'demo', domain: null }, LOCAL)).toBe('http://main.localhost:3100');
    expect(siteOrigin({ slug: 'demo', domain: null }, { ...LOCAL, mainHost: undefined })).toBe('http://localhost:3100');
  });

  it('follows PUBLIC_ORIGIN_SCHEME when set', () => {
    expect(siteOrigin({ slug: 'acme', domain: null }, { ...PROD, scheme: 'http' })).toBe('http://acme.travel.example');
    expect(siteOrigin({ slug: 'acme', domain: null }, { ...LOCAL, scheme: 'https' })).toBe('https://acme.localhost:3100');
  });

  it('reads the environment through lib/env by default', () => {
    expect(siteOrigin({ slug: 'acme', domain: null })).toBe('http://acme.localhost:3000');
  });
});

describe('absoluteUrl and bareDomain', () => {
  it('makes root-relative paths absolute and leaves absolute URLs alone', () => {
    expect(absoluteUrl('https://a.example', '/brand/logo.svg')).toBe('https://a.example/brand/logo.svg');
    expect(absoluteUrl('https://a.example', 'logo.svg')).toBe('https://a.example/logo.svg');
    expect(absoluteUrl('https://a.example', 'https://cdn.example/x.png')).toBe('https://cdn.example/x.png');
  });

  it('strips scheme and path from stored domains', () => {
    expect(bareDomain(' HTTP://www.Acme.example/path ')).toBe('www.acme.example');
  });
});
