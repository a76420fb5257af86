import { HOME_PATH, normaliseHost, resolveHost } from '@/lib/tenancy/host';

const config = { mainHost: 'rides.example', travelHost: 'travel.example', aggregatorHost: 'biz.example', defaultTenant: 'demo' };

describe('resolveHost (docs/architecture/tenancy.md#hosts-and-modes)', () => {
  it('serves the main and travel hosts in user travel mode as the default tenant', () => {
    expect(resolveHost('rides.example', config)).toEqual({ kind: 'tenant', mode: 'user', slug: 'demo' });
    expect(resolveHost('travel.example:443', config)).toEqual({ kind: 'tenant', mode: 'user', slug: 'demo' });
  });
  it('serves a subdomain of the aggregator host in business mode', () => {
    expect(resolveHost('acme.biz.example', config)).toEqual({ kind: 'tenant', mode: 'business', slug: 'acme' });
  });
  it('serves localhost and travel-host subdomains in client travel mode', () => {
    expect(resolveHost('localhost:3000', config)).toEqual({ kind: 'tenant', mode: 'client', slug: 'demo' });
    expect(resolveHost('127.0.0.1:3000', config)).toEqual({ kind: 'tenant', mode: 'client', slug: 'demo' });
    expect(resolveHost('acme.travel.example', config)).toEqual({ kind: 'tenant', mode: 'client', slug: 'acme' });
  });
  it('treats bare localhost as the travel host in development', () => {
    const dev = { travelHost: 'localhost', defaultTenant: 'demo' };
    expect(resolveHost('localhost:3000', dev)).toEqual({ kind: 'tenant', mode: 'user', slug: 'demo' });
    expect(resolveHost('acme.localhost:3000', dev)).toEqual({ kind: 'tenant', mode: 'client', slug: 'acme' });
  });
  it("looks any other host up as a business's own domain, without www", () => {
    expect(resolveHost('www.acmecabs.in', config)).toEqual({ kind: 'domain', mode: 'user', domain: 'acmecabs.in' });
  });
  it('refuses malformed hosts', () => {
    for (const bad of [null, '', '???', 'a..b', 'exa mple.com', 'x'.repeat(300), 'evil.com/path', '-bad.example']) {
      expect(resolveHost(bad, config)).toEqual({ kind: 'invalid' });
    }
  });
  it('refuses subdomains that are not slugs', () => {
    expect(resolveHost('a.b.travel.example', config)).toEqual({ kind: 'domain', mode: 'user', domain: 'a.b.travel.example' });
  });
  it('normalises case and port', () => {
    expect(normaliseHost('LocalHost:3000')).toBe('localhost');
  });
  it('sends each mode root to its home (the platform host to its landing)', () => {
    expect(HOME_PATH).toEqual({ user: '/user/home', business: '/business/home', client: '/travel/home', platform: '' });
  });
  it("serves the platform's own host as the platform, and never its slug as an operator's subdomain", () => {
    const withPlatform = { ...config, platformHost: 'travelsx.example' };
    expect(resolveHost('travelsx.example', withPlatform)).toEqual({ kind: 'platform', mode: 'platform' });
    expect(resolveHost('TravelSX.example:443', withPlatform)).toEqual({ kind: 'platform', mode: 'platform' });
    expect(resolveHost('platform.travel.example', withPlatform)).toEqual({ kind: 'domain', mode: 'user', domain: 'platform.travel.example' });
    expect(resolveHost('platform.localhost', { travelHost: 'localhost', defaultTenant: 'demo', platformHost: 'platform.localhost' })).toEqual({
      kind: 'platform',
      mode: 'platform',
    });
  });
});
