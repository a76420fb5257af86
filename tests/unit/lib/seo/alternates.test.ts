import { languagesForCountry } from '@/lib/i18n/markets';
import { canonicalMarket, pageAlternates, tenantMarkets, X_DEFAULT } from '@/lib/seo/alternates';
import type { OriginConfig } from '@/lib/seo/origin';

const config: OriginConfig = { travelHost: 'travel.example', mainHost: 'rides.example', defaultTenant: 'demo', port: 3000 };
const demo = { slug: 'demo', domain: null, countryCode: 'in', language: 'en' };
const acme = { slug: 'acme', domain: 'acme-rides.example', countryCode: 'ae', language: 'en' };

describe('tenant markets', () => {
  it('are every language listed for the tenant’s country, in table order', () => {
    expect(tenantMarkets(demo).map((m) => m.lang)).toEqual([...languagesForCountry('in')]);
    expect(tenantMarkets(acme)).toEqual([
      { country: 'ae', lang: 'ar' },
      { country: 'ae', lang: 'en' },
    ]);
  });

  it('can be narrowed to a post’s language, falling back to the tenant’s language', () => {
    expect(tenantMarkets(demo, ['ta'])).toEqual([{ country: 'in', lang: 'ta' }]);
    expect(tenantMarkets(acme, ['fr'])).toEqual([{ country: 'ae', lang: 'en' }]);
  });
});

describe('pageAlternates', () => {
  it('gives one absolute self-referencing canonical on the tenant’s origin', () => {
    const { canonical } = pageAlternates(demo, { country: 'in', lang: 'ta' }, '/place/chennai', { config });
    expect(canonical).toBe('https://rides.example/in/ta/place/chennai');
  });

  it('lists every market language plus x-default (the unprefixed URL)', () => {
    const { languages } = pageAlternates(acme, { country: 'ae', lang: 'ar' }, '/place/dubai', { config });
    expect(languages).toEqual({
      'ar-AE': 'https://acme-rides.example/ae/ar/place/dubai',
      'en-AE': 'https://acme-rides.example/ae/en/place/dubai',
      [X_DEFAULT]: 'https://acme-rides.example/place/dubai',
    });
  });

  it('is reciprocal: every member of the cluster names the same cluster and itself as canonical', () => {
    const first = pageAlternates(demo, { country: 'in', lang: 'en' }, '/user/home', { config });
    expect(Object.keys(first.languages)).toHaveLength(languagesForCountry('in').length + 1);
    for (const market of tenantMarkets(demo)) {
      const other = pageAlternates(demo, market, '/user/home', { config });
      expect(other.languages).toEqual(first.languages);
      expect(Object.values(other.languages)).toContain(other.canonical);
      expect(other.languages[`${market.lang}-IN`]).toBe(other.canonical);
    }
  });

  it('consolidates a page served under another country’s prefix on the tenant’s market', () => {
    expect(canonicalMarket(acme, { country: 'in', lang: 'en' })).toEqual({ country: 'ae', lang: 'en' });
    expect(canonicalMarket(acme, { country: 'in', lang: 'ta' })).toEqual({ country: 'ae', lang: 'en' });
    expect(pageAlternates(acme, { country: 'in', lang: 'hi' }, '/user/home', { config }).canonical).toBe('https://acme-rides.example/ae/en/user/home');
  });
});
